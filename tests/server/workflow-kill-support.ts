/**
 * HTTP and SQL helpers of workflow-kill.test.ts: the test talks to server processes over real
 * sockets (not Fastify's inject), and reads the workflow tables directly with its own client.
 */
import pg from 'pg';
import { LEAVE_BPMN } from '../../server/workflow/leave-model.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';

export interface Answer<T = unknown> {
  success: boolean;
  message: string;
  result?: T;
}

/** Signs `username` in at one server (captcha off) and answers the token. */
export async function signIn(base: string, username: string): Promise<string> {
  const password = username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD;
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: '', checkKey: '' }),
  });
  const body = (await res.json()) as Answer<{ token: string }>;
  if (!body.success) throw new Error(`sign-in of ${username} failed: ${body.message}`);
  return body.result!.token;
}

export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      'x-access-token': token,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return (await res.json()) as Answer<T>;
}

/** The shipped leave model with a reminder after 2 hours on 部门经理审批. */
export const LEAVE_WITH_REMINDER = LEAVE_BPMN.replace(
  '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" />',
  '<bpmn:userTask id="deptManager" name="部门经理审批" zh:assignee="deptManager" zh:timeout="PT2H" zh:timeoutAction="remind" />',
);

let serial = 0;

/** chenjing files a 2-day leave and submits it; answers the leave's id and its instance's id. */
export async function startLeave(
  base: string,
  token: string,
  sql: Sql,
): Promise<{ leaveId: string; instanceId: string }> {
  serial += 1;
  const reason = `kill-${process.pid}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const added = await call(base, 'POST', '/process/leave/add', token, {
    leaveType: '1',
    startDate: '2026-12-01',
    startHalf: '1',
    endDate: '2026-12-02',
    endHalf: '2',
    reason,
  });
  if (!added.success) throw new Error(`add failed: ${added.message}`);
  const [{ id }] = await sql<{ id: string }>('select id from biz_leave where reason = $1', [reason]);
  const started = await call(base, 'PUT', '/process/leave/startProcess', token, { id });
  if (!started.success) throw new Error(`start failed: ${started.message}`);
  const [{ proc_ins_id }] = await sql<{ proc_ins_id: string }>(
    'select proc_ins_id from biz_leave where id = $1',
    [id],
  );
  return { leaveId: id, instanceId: proc_ins_id };
}

export type Sql = <R>(text: string, values?: unknown[]) => Promise<R[]>;

/** A client of the test's database; `sql` runs one statement. */
export async function connect(databaseUrl: string): Promise<{ sql: Sql; end: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    sql: async <R>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as R[],
    end: () => client.end(),
  };
}

/** The instance's open tasks (id, element, assignee). */
export function openTasks(sql: Sql, instanceId: string) {
  return sql<{ id: string; element_id: string; assignee: string }>(
    `select id, element_id, assignee from wf_task where instance_id = $1 and status = 'todo' order by id`,
    [instanceId],
  );
}

export async function countHistory(sql: Sql, instanceId: string, action: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }>(
    'select count(*)::int as n from wf_history where instance_id = $1 and action = $2',
    [instanceId, action],
  );
  return n;
}

/** Makes the instance's pending timer due now, as if its two hours had passed. */
export async function elapse(sql: Sql, instanceId: string): Promise<void> {
  await sql(
    `update wf_timer set due_time = now() - interval '1 second' where instance_id = $1 and status = 'pending'`,
    [instanceId],
  );
}

export async function timerStatus(sql: Sql, instanceId: string): Promise<string[]> {
  return (
    await sql<{ status: string }>('select status from wf_timer where instance_id = $1 order by id', [
      instanceId,
    ])
  ).map((r) => r.status);
}

export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
