/** Shared by the workflow server tests: a server, the people of a leave, a leave filer. */
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

export interface LeaveRow {
  id: string;
  applicant: string;
  days: number;
  status: string;
  status_dictText: string;
  currentNode: string | null;
  procInsId: string | null;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  title: string;
  name: string;
  status: string;
  outcome: string | null;
  comment: string | null;
}

export interface WorkflowTest extends EntityTestContext {
  /** chenjing (A01A02A01) files; zhangwei manages A01A02; admin is the general manager; zhaolei a bystander. */
  tokens: { admin: string; chenjing: string; zhangwei: string; zhaolei: string };
  /** Adds a leave as chenjing (or `token`) and answers it as stored. */
  file(values?: Record<string, unknown>, token?: string): Promise<LeaveRow>;
  leave(id: string, token?: string): Promise<LeaveRow>;
  start(id: string, token?: string): Promise<{ success: boolean; message: string }>;
  todo(token: string): Promise<TaskRow[]>;
  act(
    action: 'approve' | 'reject',
    taskId: string,
    token: string,
    comment?: string,
  ): Promise<{ success: boolean; message: string }>;
}

let serial = 0;

export async function createWorkflowTest(): Promise<WorkflowTest> {
  const ctx = await createEntityContext();
  const tokens = {
    admin: ctx.adminToken,
    chenjing: ctx.staffToken,
    zhangwei: await ctx.login('zhangwei', DEMO_PASSWORD),
    zhaolei: await ctx.login('zhaolei', DEMO_PASSWORD),
  };
  const leave = async (id: string, token = tokens.chenjing) =>
    (await ctx.get<LeaveRow>(`/process/leave/queryById?id=${id}`, token)).result!;
  return {
    ...ctx,
    tokens,
    leave,
    async file(values = {}, token = tokens.chenjing) {
      serial += 1;
      const reason = `家中有事${serial}-${Math.random().toString(36).slice(2, 8)}`;
      const res = await ctx.send(
        'POST',
        '/process/leave/add',
        {
          leaveType: '1',
          startDate: '2026-12-01',
          startHalf: '1',
          endDate: '2026-12-02',
          endHalf: '2',
          reason,
          ...values,
        },
        token,
      );
      if (!res.success) throw new Error(`add failed: ${res.message}`);
      const page = await ctx.get<Page<LeaveRow & { reason: string }>>(
        `/process/leave/list?type=1&pageSize=200`,
        token,
      );
      const row = page.result!.records.find((r) => r.reason === reason);
      if (!row) throw new Error('leave not listed');
      return leave(row.id, token);
    },
    async start(id, token = tokens.chenjing) {
      return ctx.send('PUT', '/process/leave/startProcess', { id }, token);
    },
    async todo(token) {
      return (await ctx.get<Page<TaskRow>>('/workflow/task/list?type=1&pageSize=200', token)).result!.records;
    },
    async act(action, taskId, token, comment = '') {
      return ctx.send('PUT', `/workflow/task/${action}`, { id: taskId, comment }, token);
    },
  };
}

/** The leave's waiting task of `token`'s person. */
export async function taskOf(t: WorkflowTest, leaveId: string, token: string): Promise<TaskRow | undefined> {
  const row = await t.leave(leaveId);
  return (await t.todo(token)).find((task) => task.instanceId === row.procInsId);
}
