/**
 * The calls of every declaration with an `approval` block: PUT <basePath>/startProcess and
 * <basePath>/withdraw (the declaration's add code), and the guard that refuses edits and deletes
 * of rows in approval or approved (docs/modules/workflow.md, "Approvals for any declared form").
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import { addDictText } from '../entity/dict-text.js';
import type { Row } from '../entity/store.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { ApiError, okMessage } from '../result.js';
import { withdrawInstance, type Bindings } from './actions.js';
import { checkOpen, type ApprovalEntry, type Approvals } from './approval.js';
import { publishEffects, storeResults } from './notify.js';
import { actorOf, idOf } from './routes.js';
import { newEffects, startInstance, type Actor, type Effects } from './service.js';

const GUARDED = /\/(edit|delete|deleteBatch)$/;

/** `{field}` from the row (its dictionary text where it has one), `{@starter}` the starter's name. */
export function approvalTitle(template: string, row: Record<string, unknown>, starter: string): string {
  return template
    .replace(/\{([^}]*)\}/g, (_, name: string) => {
      if (name === '@starter') return starter;
      const value = row[`${name}_dictText`] ?? row[name];
      return value === null || value === undefined ? '' : String(value);
    })
    .slice(0, 200);
}

/**
 * The row with the texts of the fields its title names: a reference reads as its record's title
 * (设备借用（投影仪 SB-0003）, not the equipment's id), a dictionary or a person as their text.
 */
async function withTitleTexts(trx: Db, entry: ApprovalEntry, row: Row): Promise<Row> {
  const named = new Set([...entry.approval.title.matchAll(/\{([^}@]*)\}/g)].map((m) => m[1]));
  const fields = entry.model.fields.filter((f) => named.has(f.name) && f.dict);
  if (fields.length === 0) return row;
  const [texted] = await addDictText(trx, { ...entry.model, fields } as EntityModel, [{ ...row }]);
  return texted ?? row;
}

/** Before the entity routes exist: edits and deletes of the approvals' rows are checked first. */
export function installApprovalGuards(
  app: FastifyInstance,
  db: Db,
  approvals: Approvals,
  apiBase: string,
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const match = GUARDED.exec(path);
    if (!match) return;
    const base = path.slice(0, match.index);
    const kind = match[1] === 'edit' ? '修改' : '删除';
    const guard: preHandlerAsyncHookHandler = async (request) => {
      const entry = approvals.entryOfBase(base);
      const auth = request.auth;
      if (!entry || !auth) return; // not an approval, or the access hook answers it
      const query = request.query as { id?: unknown; ids?: unknown };
      const body = request.body as { id?: unknown } | null | undefined;
      const raw = match[1] === 'edit' ? body?.id : match[1] === 'delete' ? query.id : query.ids;
      if (typeof raw !== 'string') return; // the generated route answers it
      const closed = `审批中或已通过的${entry.subject}不能${kind}`;
      for (const id of raw.split(',').filter(Boolean).slice(0, 1000)) {
        const row = await approvals.readRow(db, entry, id, auth.tenantId);
        if (row) checkOpen(entry, row, auth.username, closed);
      }
    };
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [guard] : [...(Array.isArray(existing) ? existing : [existing]), guard];
  });
}

export interface ApprovalRouteDeps {
  db: Db;
  bus: EventBus;
  bindings: Bindings;
  approvals: Approvals;
}

/** Starts the row's process in one transaction: row locked, hooks, instance, status, notices. */
export function startApproval(deps: ApprovalRouteDeps, entry: ApprovalEntry, request: FastifyRequest) {
  return startApprovalOf(deps, entry, idOf(request), actorOf(request));
}

/** The same for a row id and a person (the demos start rows without a request). */
export async function startApprovalOf(
  deps: Omit<ApprovalRouteDeps, 'bus'>,
  entry: ApprovalEntry,
  id: string,
  actor: Actor,
): Promise<Effects> {
  const effects = newEffects();
  const { model, approval } = entry;
  await deps.db.transaction().execute(async (trx) => {
    await sql`select id from ${sql.table(model.table)} where id = ${id} for update`.execute(trx);
    const row = checkOpen(
      entry,
      await deps.approvals.readRow(trx, entry, id, actor.tenantId),
      actor.username,
      `该${entry.subject}已在审批中或已通过`,
    );
    const form: Record<string, unknown> = {};
    for (const field of model.declared) if (field.name in row) form[field.name] = row[field.name];
    const extra = await entry.hooks.beforeStart?.({ trx, model, row, actor });
    const title = approvalTitle(approval.title, await withTitleTexts(trx, entry, row), actor.realname);
    await startInstance(
      trx,
      { processKey: approval.processKey, businessKey: id, title, form: { ...form, ...(extra ?? {}) } },
      actor,
      effects,
      deps.bindings.get(approval.processKey),
    );
    effects.pushes = await storeResults(trx, effects, actor.tenantId, actor);
  });
  return effects;
}

export function registerApprovalRoutes(app: FastifyInstance, deps: ApprovalRouteDeps): void {
  const { db, bus, approvals } = deps;
  const done = async (request: FastifyRequest, effects: Effects, message: string) => {
    await publishEffects(db, bus, request.log, effects, effects.pushes);
    return okMessage(message);
  };
  for (const entry of approvals.entries()) {
    const { model } = entry;
    const permission = model.permissions.add;
    app.put(`${model.basePath}/startProcess`, access(permission), (request) =>
      guarded(async () => done(request, await startApproval(deps, entry, request), '提交成功')),
    );
    app.put(`${model.basePath}/withdraw`, access(permission), (request) =>
      guarded(async () => {
        const actor = actorOf(request);
        const row = await approvals.readRow(db, entry, idOf(request), actor.tenantId);
        if (!row) throw new ApiError('未找到对应数据');
        const { rows } = await sql<{ id: string }>`select id from wf_instance
          where business_key = ${String(row.id)} and process_key = ${entry.approval.processKey}
            and status = 'running' order by create_time desc limit 1`.execute(db);
        if (!rows[0]) throw new ApiError(`该${entry.subject}不在审批中`);
        return done(request, await withdrawInstance(db, deps.bindings, rows[0].id, actor), '撤回成功');
      }),
    );
  }
}
