/**
 * What the declarations of schemas/work cannot say about their generated routes, as preHandlers
 * attached through onRoute (installed before the entity routes exist): who may add an item for
 * whom, that an item's department follows its executor, that only the assigner edits or deletes an
 * item, that a report is edited by its reporter while a draft, and that nobody reads an item or a
 * report outside their scope by guessing its id (docs/modules/daily-work.md).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { hasPermission } from '../auth/permission-codes.js';
import { ApiError, ResultCode } from '../result.js';
import { isUnder, userDepart, WorkMessages, WorkPerms, workWho } from './scope.js';

type Body = Record<string, unknown>;
/** work_item_type of an item made by a routine's generation. */
const ROUTINE_ITEM = '3';

const bodyOf = (request: FastifyRequest): Body | null => {
  const b = request.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : null;
};
const queryValue = (request: FastifyRequest, name: string): string => {
  const v = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

async function itemRow(db: Db, id: string) {
  const found = await sql<{
    assignee: string;
    assigner: string | null;
    departCode: string | null;
    itemType: string | null;
  }>`select assignee, assigner, depart_code as "departCode", item_type as "itemType"
    from biz_work_item where id = ${id}`.execute(db);
  return found.rows[0] ?? null;
}

async function reportRow(db: Db, id: string) {
  const found = await sql<{ reporter: string; departCode: string | null; status: string }>`
    select reporter, depart_code as "departCode", status from biz_weekly_report where id = ${id}`.execute(db);
  return found.rows[0] ?? null;
}

/**
 * Sets the executor's department and the item's type; refuses an executor outside the caller's reach.
 * A routine item (例行工作, made by generation) stays one when edited.
 */
async function placeItem(
  db: Db,
  request: FastifyRequest,
  body: Body,
  assignee: string,
  routine = false,
): Promise<void> {
  const auth = request.auth!;
  const person = await userDepart(db, assignee);
  if (!person) throw new ApiError(WorkMessages.noUser(assignee));
  if (assignee !== auth.username) {
    const all = await hasPermission(db, auth.userId, WorkPerms.all);
    if (!all) {
      if (!(await hasPermission(db, auth.userId, WorkPerms.assign))) throw new ApiError(WorkMessages.ownOnly);
      if (!isUnder(person.orgCode, auth.orgCode ?? null))
        throw new ApiError(WorkMessages.outside(person.realname));
    }
  }
  body.departCode = person.orgCode;
  body.itemType = routine ? ROUTINE_ITEM : assignee === auth.username ? '1' : '2';
}

function itemAdd(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    if (!body) return;
    const assignee =
      typeof body.assignee === 'string' && body.assignee !== '' ? body.assignee : request.auth!.username;
    await placeItem(db, request, body, assignee);
  };
}

/** Only the assigner (or an admin) edits or deletes an item. */
async function mustAssign(db: Db, request: FastifyRequest, id: string) {
  const row = await itemRow(db, id);
  if (!row) return null; // the engine answers 未找到
  if (
    row.assigner !== request.auth!.username &&
    !(await hasPermission(db, request.auth!.userId, WorkPerms.all))
  )
    throw new ApiError(WorkMessages.notAssigner);
  return row;
}

function itemEdit(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    if (!body || typeof body.id !== 'string') return;
    const row = await mustAssign(db, request, body.id);
    if (!row) return;
    const assignee = typeof body.assignee === 'string' && body.assignee !== '' ? body.assignee : row.assignee;
    await placeItem(db, request, body, assignee, row.itemType === ROUTINE_ITEM);
  };
}

function itemDelete(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const ids = (queryValue(request, 'id') || queryValue(request, 'ids')).split(',').filter(Boolean);
    for (const id of ids) await mustAssign(db, request, id);
  };
}

function itemRead(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const row = await itemRow(db, queryValue(request, 'id'));
    if (!row) return;
    const who = await workWho(db, request);
    const own = row.assignee === who.username || row.assigner === who.username;
    if (!own && !isUnder(row.departCode, who.root)) throw new ApiError(WorkMessages.notFound);
  };
}

function reportAdd(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    if (!body || typeof body.weekKey !== 'string') return;
    const taken = await sql`select 1 from biz_weekly_report
      where reporter = ${request.auth!.username} and week_key = ${body.weekKey}`.execute(db);
    if (taken.rows.length > 0) throw new ApiError(`${body.weekKey} 的周报已存在，请在列表中修改`);
  };
}

function reportEdit(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    if (!body || typeof body.id !== 'string') return;
    const row = await reportRow(db, body.id);
    if (row && (row.reporter !== request.auth!.username || row.status !== '0'))
      throw new ApiError(WorkMessages.notReporter);
  };
}

function reportRead(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const row = await reportRow(db, queryValue(request, 'id'));
    if (!row || row.reporter === request.auth!.username) return;
    const who = await workWho(db, request, WorkPerms.team);
    if (!isUnder(row.departCode, who.root)) throw new ApiError(WorkMessages.notFound);
  };
}

/** A manager sends back only reports of their department and below. */
function reportWithdraw(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    const row = body && typeof body.id === 'string' ? await reportRow(db, body.id) : null;
    if (!row) return;
    const who = await workWho(db, request, WorkPerms.team);
    if (!isUnder(row.departCode, who.root)) throw new ApiError(WorkMessages.notFound);
  };
}

/** A routine belongs to its creator's department: managers keep to theirs and its people. */
function routineWrite(db: Db, add: boolean): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = request.auth!;
    if (await hasPermission(db, auth.userId, WorkPerms.all)) return;
    const body = bodyOf(request) ?? {};
    const ids = [body.id, body.ids, queryValue(request, 'id'), queryValue(request, 'ids')]
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
      .filter(Boolean);
    if (!add && ids.length > 0) {
      const rows = await sql<{ org: string | null }>`select sys_org_code as org from biz_routine_work
        where id in (${sql.join(ids)})`.execute(db);
      if (rows.rows.some((r) => !isUnder(r.org, auth.orgCode ?? null)))
        throw new ApiError(WorkMessages.notFound);
    }
    const names = typeof body.assignees === 'string' ? body.assignees.split(',').filter(Boolean) : [];
    for (const name of names) {
      const person = await userDepart(db, name);
      if (!person) throw new ApiError(WorkMessages.noUser(name));
      if (!isUnder(person.orgCode, auth.orgCode ?? null))
        throw new ApiError(WorkMessages.outside(person.realname));
    }
  };
}

/** A report's items are written with their report only (its form), never on their own. */
function itemsDirect(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!(await hasPermission(db, request.auth!.userId, WorkPerms.all)))
      throw new ApiError('请在周报中编辑工作事项', ResultCode.NO_AUTH);
  };
}

export function installWorkGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  const guards: Record<string, preHandlerAsyncHookHandler> = {
    '/sys/workItem/add': itemAdd(db),
    '/sys/workItem/edit': itemEdit(db),
    '/sys/workItem/delete': itemDelete(db),
    '/sys/workItem/deleteBatch': itemDelete(db),
    '/sys/workItem/queryById': itemRead(db),
    '/sys/weeklyReport/add': reportAdd(db),
    '/sys/weeklyReport/edit': reportEdit(db),
    '/sys/weeklyReport/queryById': reportRead(db),
    '/sys/weeklyReport/withdraw': reportWithdraw(db),
    '/sys/routineWork/add': routineWrite(db, true),
    '/sys/routineWork/queryById': routineWrite(db, false),
    '/sys/routineWork/edit': routineWrite(db, false),
    '/sys/routineWork/delete': routineWrite(db, false),
    '/sys/routineWork/deleteBatch': routineWrite(db, false),
    '/sys/routineWork/disable': routineWrite(db, false),
    '/sys/routineWork/enable': routineWrite(db, false),
    '/sys/routineWork/generate': routineWrite(db, false),
  };
  const direct = itemsDirect(db);
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const own = Object.hasOwn(guards, path)
      ? guards[path]
      : /^\/sys\/weeklyReportItem\/(add|edit|delete|deleteBatch|importExcel)$/.test(path)
        ? direct
        : undefined;
    if (!own) return;
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [own] : [...(Array.isArray(existing) ? existing : [existing]), own];
  });
}
