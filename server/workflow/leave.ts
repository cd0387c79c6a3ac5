/**
 * Leave, the first process (schemas/flow/leave.json): the days computed on the server on add and
 * edit, edits and deletes only of one's own request while it is not in approval, the binding that
 * keeps the row's status and current node in step with its instance, and start-process.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { Binding, InstanceRow, InstanceStatus } from './service.js';
import { LEAVE_PROCESS_KEY } from './leave-model.js';

export const LEAVE_BASE = '/process/leave';
/** Statuses a request may be edited, deleted or started in: 草稿, 已驳回, 已撤回, 已终止. */
export const LEAVE_OPEN = ['0', '3', '4', '5'];
const STATUS_OF: Readonly<Record<InstanceStatus, string>> = {
  running: '1',
  approved: '2',
  rejected: '3',
  withdrawn: '4',
  terminated: '5',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Calendar days in half days: 2026-12-01 上午 .. 2026-12-02 下午 is 2; the same morning is 0.5. */
export function leaveDays(values: Record<string, unknown>): number {
  const { startDate, endDate, startHalf, endHalf } = values;
  if (typeof startDate !== 'string' || typeof endDate !== 'string')
    throw new ApiError('请选择开始和结束日期');
  const start = startDate.slice(0, 10);
  const end = endDate.slice(0, 10);
  if (!DATE.test(start) || !DATE.test(end)) throw new ApiError('日期格式不正确');
  const span = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
  const halves = span * 2 + (String(endHalf) === '1' ? 1 : 2) - (String(startHalf) === '2' ? 1 : 0);
  if (!(halves > 0)) throw new ApiError('结束时间须晚于开始时间');
  if (halves > 730) throw new ApiError('请假天数不能超过365天');
  return halves / 2;
}

interface LeaveRow {
  id: string;
  applicant: string;
  status: string;
  leaveType: string;
  startDate: string;
  startHalf: string;
  endDate: string;
  endHalf: string;
  days: number;
  tenantId: number;
}

export async function findLeave(db: Db, id: string, lock = false): Promise<LeaveRow | undefined> {
  const { rows } = await sql<LeaveRow>`select id, applicant, status, leave_type as "leaveType",
      to_char(start_date, 'YYYY-MM-DD') as "startDate", start_half as "startHalf",
      to_char(end_date, 'YYYY-MM-DD') as "endDate", end_half as "endHalf", days::float8 as days,
      tenant_id as "tenantId"
    from biz_leave where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  return rows[0];
}

/** The caller's own request in a status that may change; refused in Chinese otherwise. */
export function ownOpen(
  row: LeaveRow | undefined,
  username: string,
  tenantId: number,
  closed = '审批中或已通过的请假申请不能修改',
): LeaveRow {
  if (!row || row.tenantId !== tenantId) throw new ApiError('未找到对应数据');
  if (row.applicant !== username) throw new ApiError('只能操作本人的请假申请');
  if (!LEAVE_OPEN.includes(row.status)) throw new ApiError(closed);
  return row;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> | null {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : null;
}

function guard(db: Db, kind: 'add' | 'edit' | 'delete'): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = request.auth;
    if (!auth) return; // the access hook answers it
    if (kind === 'delete') {
      const id = (request.query as { id?: unknown }).id;
      if (typeof id === 'string') ownOpen(await findLeave(db, id), auth.username, auth.tenantId);
      return;
    }
    const body = bodyOf(request);
    if (!body) return; // the engine answers it
    let values = body;
    if (kind === 'edit') {
      const stored = typeof body.id === 'string' ? await findLeave(db, body.id) : undefined;
      values = { ...ownOpen(stored, auth.username, auth.tenantId), ...body };
    }
    body.days = leaveDays(values);
  };
}

/** Attaches the guards to the generated routes as they are made (before registerEntityRoutes). */
export function installLeaveGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const kind =
      path === `${LEAVE_BASE}/add`
        ? 'add'
        : path === `${LEAVE_BASE}/edit`
          ? 'edit'
          : path === `${LEAVE_BASE}/delete`
            ? 'delete'
            : null;
    if (!kind) return;
    const own = guard(db, kind);
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
  });
}

/** Keeps biz_leave's status, current node and instance id in step (same transaction). */
export const LEAVE_BINDING: Binding = {
  processKey: LEAVE_PROCESS_KEY,
  async onChange(trx: Db, instance: InstanceRow) {
    await sql`update biz_leave set status = ${STATUS_OF[instance.status]}, current_node = ${instance.currentNode},
        proc_ins_id = ${instance.id}, row_version = row_version + 1, update_time = now()
      where id = ${instance.businessKey}`.execute(trx);
  },
};
