/**
 * Leave, the first process (schemas/flow/leave.json): an approval like any declared form
 * (approval.ts: start, withdraw, status, the edit and delete guard); what is leave's own is the
 * days, computed on the server in half days on add and edit, and the spec's start-process path.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import { startApproval, type ApprovalRouteDeps } from './approval-routes.js';
import { publishEffects } from './notify.js';

export const LEAVE_BASE = '/process/leave';

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

/** The stored dates of a request (an edit may send only some of them). */
async function storedDates(db: Db, id: string, tenantId: number): Promise<Record<string, unknown>> {
  const { rows } = await sql<Record<string, unknown>>`select
      to_char(start_date, 'YYYY-MM-DD') as "startDate", start_half as "startHalf",
      to_char(end_date, 'YYYY-MM-DD') as "endDate", end_half as "endHalf"
    from biz_leave where id = ${id} and tenant_id = ${tenantId}`.execute(db);
  if (!rows[0]) throw new ApiError('未找到对应数据');
  return rows[0];
}

function daysGuard(db: Db, kind: 'add' | 'edit'): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = request.auth;
    const body = request.body;
    // No session: the access hook answers it; no object body: the engine does.
    if (!auth || typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const values = body as Record<string, unknown>;
    const stored =
      kind === 'edit' && typeof values.id === 'string' ? await storedDates(db, values.id, auth.tenantId) : {};
    values.days = leaveDays({ ...stored, ...values });
  };
}

/** Attaches the days rule to the generated add and edit (after the approval guard, before the engine). */
export function installLeaveGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const kind = path === `${LEAVE_BASE}/add` ? 'add' : path === `${LEAVE_BASE}/edit` ? 'edit' : null;
    if (!kind) return;
    const own = daysGuard(db, kind);
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
  });
}

/** The spec's `/process/leave/start-process` (a declared action path cannot hold a hyphen). */
export function registerLeaveStartAlias(app: FastifyInstance, deps: ApprovalRouteDeps): void {
  const entry = deps.approvals.entryOfBase(LEAVE_BASE);
  if (!entry) throw new Error('schemas/flow/leave.json has no approval block');
  app.route({
    method: ['POST', 'PUT'],
    url: `${LEAVE_BASE}/start-process`,
    ...access(entry.model.permissions.add),
    handler: (request: FastifyRequest) =>
      guarded(async () => {
        const effects = await startApproval(deps, entry, request);
        await publishEffects(deps.db, deps.bus, request.log, effects, effects.pushes);
        return okMessage('提交成功');
      }),
  });
}
