/**
 * The pieces of the route audit (route-audit.test.ts): canary rows owned by one staff member in
 * every declared table, the people who try to reach them, and a request for every documented
 * operation with plausible ids and bodies.
 */
import { sql } from 'kysely';
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import { seedId } from '../../server/db/seed/ids.js';
import { departId, roleId, userId } from '../../server/db/seed/organisation.js';
import { EntityStore } from '../../server/entity/store.js';
import { hashPassword } from '../../server/auth/password.js';
import type { TestContext } from './helpers.js';

/** Every text a canary row holds carries this; an answer carrying it reached the victim's rows. */
export const CANARY = 'CANARY';
/** The staff member whose rows the others try to reach. */
export const VICTIM = { username: 'zhaolei', orgCode: 'A01A03A01' };
/** A staff member of the victim's own department (tenant 1). */
export const COLLEAGUE = 'huangmin';
export const NO_ROLE = 'audit_norole';
export const OTHER_TENANT = 'audit_tenant2';
export const AUDIT_PASSWORD = 'Audit#2026pass';

/** The id of an entity's canary row: recognisable in any answer. */
export function canaryId(entity: string): string {
  return `canary${seedId(`canary:${entity}`).slice(0, 20)}`;
}

function isUserField(field: FieldModel): boolean {
  return field.widget === 'userPicker' || (field.dict ?? '').startsWith('sys_user,');
}

/** A value of the field's type: the victim for a person, a canary text for text, a parent's canary id for a link. */
function valueFor(model: EntityModel, field: FieldModel, parents: ReadonlyMap<string, string>): unknown {
  const parent = parents.get(field.name);
  if (parent) return canaryId(parent);
  // A reference names its target's canary row (a real foreign key refuses anything else).
  if (field.reference) return canaryId(field.reference.entity);
  if (model.tree && field.name === model.tree.parentField) return model.tree.rootValue;
  if (isUserField(field)) return VICTIM.username;
  switch (field.type) {
    case 'int':
    case 'number':
    case 'money':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2026-06-01';
    case 'datetime':
      return '2026-06-01 09:00:00';
    case 'time':
      return '09:00:00';
    default: {
      const max = field.length ?? 100;
      return `${CANARY}${field.name}`.slice(0, Math.max(1, max));
    }
  }
}

/**
 * One row per generated declaration, added as the victim (creator, department, every person
 * field), children pointing at their parent's canary row. A table whose own constraints refuse
 * such a row is skipped and named in the answer.
 */
export async function insertCanaryRows(
  ctx: TestContext,
  models: readonly EntityModel[],
): Promise<{ inserted: string[]; skipped: string[] }> {
  const parentsOf = new Map<string, Map<string, string>>();
  for (const m of models) {
    for (const c of m.declaration.children ?? [])
      parentsOf.set(c.entity, new Map([...(parentsOf.get(c.entity) ?? []), [c.foreignKey, m.name]]));
    const owner = m.declaration.belongsTo;
    if (owner)
      parentsOf.set(m.name, new Map([...(parentsOf.get(m.name) ?? []), [owner.foreignKey, owner.entity]]));
  }
  const caller = { username: VICTIM.username, tenantId: 1, orgCode: VICTIM.orgCode };
  const inserted: string[] = [];
  const skipped: string[] = [];
  // Parents and referenced records first: a child's canary names its parent's, a reference its target's.
  const byName = new Map(models.map((m) => [m.name, m]));
  const ordered: EntityModel[] = [];
  const visit = (model: EntityModel, path: ReadonlySet<string>) => {
    if (ordered.includes(model) || path.has(model.name)) return;
    const before = [
      ...(parentsOf.get(model.name)?.values() ?? []),
      ...model.declared.flatMap((f) => (f.reference ? [f.reference.entity] : [])),
    ];
    for (const name of before) {
      const other = byName.get(name);
      if (other) visit(other, new Set([...path, model.name]));
    }
    ordered.push(model);
  };
  for (const model of models) visit(model, new Set());
  for (const model of ordered) {
    if (model.external) continue;
    const parents = parentsOf.get(model.name) ?? new Map<string, string>();
    const values: Record<string, unknown> = {};
    for (const field of model.declared)
      if (field.writable || field.readOnly) values[field.name] = valueFor(model, field, parents);
    try {
      await ctx.database.db.transaction().execute(async (trx) => {
        await sql`savepoint canary`.execute(trx);
        await new EntityStore(trx, model, ctx.config.timeZone).insert(caller, canaryId(model.name), values);
      });
      inserted.push(model.name);
    } catch (error) {
      skipped.push(`${model.name}: ${(error as Error).message.slice(0, 80)}`);
    }
  }
  return { inserted, skipped };
}

/** A user with no role at all in tenant 1, and a staff member of tenant 2 only. */
export async function addAuditUsers(ctx: TestContext): Promise<void> {
  const hash = await hashPassword(AUDIT_PASSWORD);
  const users = [
    { username: NO_ROLE, tenants: '1', role: null },
    { username: OTHER_TENANT, tenants: '2', role: 'staff' },
  ];
  for (const u of users) {
    const id = userId(u.username);
    await sql`insert into sys_user (id, username, realname, password_hash, status, del_flag, rel_tenant_ids,
        org_code, modify_time, create_by, create_time)
      values (${id}, ${u.username}, ${`审计${u.username}`}, ${hash}, 1, 0, ${u.tenants}, 'A01A03A01', now(), 'admin', now())`.execute(
      ctx.database.db,
    );
    await sql`insert into sys_user_depart (user_id, dep_id) values (${id}, ${departId('A01A03A01')})`.execute(
      ctx.database.db,
    );
    if (u.role)
      await sql`insert into sys_user_role (user_id, role_id) values (${id}, ${roleId(u.role)})`.execute(
        ctx.database.db,
      );
  }
}

export interface Persona {
  name: string;
  headers: Record<string, string>;
}

export async function personas(ctx: TestContext, staffPassword: string): Promise<Persona[]> {
  const tokenOf = (username: string, password: string) => ctx.login(username, password);
  return [
    { name: 'no session', headers: {} },
    {
      name: 'no role',
      headers: { 'x-access-token': await tokenOf(NO_ROLE, AUDIT_PASSWORD), 'tenant-id': '1' },
    },
    {
      name: 'tenant 2 staff',
      headers: { 'x-access-token': await tokenOf(OTHER_TENANT, AUDIT_PASSWORD), 'tenant-id': '2' },
    },
    {
      name: 'colleague',
      headers: { 'x-access-token': await tokenOf(COLLEAGUE, staffPassword), 'tenant-id': '1' },
    },
  ];
}

export interface Operation {
  method: string;
  path: string;
}

/** The documented operations, websocket upgrades and the sign-out left out (they are not data calls). */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const method of Object.keys(methods)) {
      if (['head', 'options', 'trace'].includes(method)) continue;
      out.push({ method: method.toUpperCase(), path });
    }
  return out;
}

/** The canary entity whose routes a path is under (the longest base path that prefixes it). */
function entityOf(path: string, models: readonly EntityModel[]): EntityModel | undefined {
  return models
    .filter((m) => path.startsWith(`${m.basePath}/`))
    .sort((a, b) => b.basePath.length - a.basePath.length)[0];
}

/** Ids every call carries under the names routes use for them. */
function idBag(): Record<string, string> {
  const of = (name: string) => canaryId(name);
  const bag: Record<string, string> = {
    orderId: of('workOrder'),
    orderSubId: of('workOrderSub'),
    projectId: of('project'),
    meetingId: of('meeting'),
    documentId: of('document'),
    templateId: of('template'),
    planId: of('projectPlan'),
    reportId: of('weeklyReport'),
    evaluationId: of('evaluation'),
    cycleId: of('evalCycle'),
    mailId: of('mail'),
    username: VICTIM.username,
    userid: userId(VICTIM.username),
    userId: userId(VICTIM.username),
    orgCode: VICTIM.orgCode,
  };
  return bag;
}

export interface AuditCall {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

/**
 * The calls of an operation: one with plausible ids (the canary row of its entity) and body, and
 * for a list or export with declared scopes (我负责的 ...) one per scope value as well.
 */
export function callsFor(op: Operation, models: readonly EntityModel[]): AuditCall[] {
  const first = callFor(op, models);
  const scopes = entityOf(op.path, models)?.declaration.list?.scopes;
  if (!scopes || op.method !== 'GET' || !/\/(list|exportXls)$/.test(op.path)) return [first];
  return [
    first,
    ...scopes.values.map((v) => ({
      ...first,
      url: `${first.url}&${scopes.param}=${encodeURIComponent(v.value)}`,
    })),
  ];
}

/** One call of the operation with plausible ids (the canary row of its entity) and body. */
function callFor(op: Operation, models: readonly EntityModel[]): AuditCall {
  const model = entityOf(op.path, models);
  const id = model ? canaryId(model.name) : canaryId('workOrder');
  const params: Record<string, string> = {
    ...idBag(),
    id,
    ids: id,
    pid: id,
    pageNo: '1',
    pageSize: '10',
    // A table dictionary lookup of the victim's project by its id.
    key: canaryId('project'),
  };
  const path = op.path
    .replace('{userId}', userId(VICTIM.username))
    .replace('{dictCode}', 'biz_project,name,id')
    .replace(/\{[A-Za-z0-9_]+\}/g, model?.name ?? 'workOrder')
    .replace('/*', `/${model?.name ?? 'x'}`);
  const url = `/api${path}`;
  if (op.method === 'GET' || op.method === 'DELETE')
    return { method: op.method, url: `${url}?${new URLSearchParams(params).toString()}` };
  const body: Record<string, unknown> = { ...params };
  for (const field of model?.declared ?? [])
    if (!(field.name in body)) body[field.name] = valueFor(model!, field, new Map());
  return { method: op.method, url, payload: body };
}
