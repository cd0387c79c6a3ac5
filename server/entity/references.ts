/**
 * References between declarations (issue 32): a field with `reference` holds the id of another
 * declaration's record. The model gives it the dictionary code `@entity,text,id`
 * (runtime/model/declaration/model.ts), so pickers, list titles, exports and import by title go
 * through the table dictionary code; this module resolves that code against the declarations this
 * server loaded (files and designed), never a table the client names.
 *
 * Who may list a target's titles through a picker: whoever may read the target's screen, or may
 * read, add or edit a screen that refers to it (a booking's 会议室 for staff who book), and then
 * only the rows their tenant, data rules and the target's row access let them read.
 */
import { sql, type SqlBool } from 'kysely';
import {
  REFERENCE_DICT_PREFIX,
  type EntityModel,
  type FieldModel,
} from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { ResolvedTableDict, TableDict } from '../sys/table-dicts.js';
import { EntityStore, type Caller } from './store.js';

export const ReferenceMessages = {
  notFound: (title: string) => `未找到所选的${title}`,
  inUse: (screen: string) => `该记录已被「${screen}」引用，不能删除`,
  unknown: '该字典表或字段未开放',
} as const;

/** A reference dictionary's table entry: the target's model and the codes that open its titles. */
export interface ReferenceTableDict extends TableDict {
  model: EntityModel;
  /** Codes any of which lets a caller list the target's titles; null among them: every signed-in user. */
  readCodes: readonly (string | null)[];
}

interface Loaded {
  files: readonly EntityModel[];
  designed: readonly EntityModel[];
}

const loadedOf = new WeakMap<Db, Loaded>();
/**
 * The last database handle's declarations: a check inside a transaction (an import's) gets the
 * transaction, not the handle they were provided for. One server has one handle.
 */
let latest: Loaded | undefined;

/** Called when the declarations of a database change: its files at start, its designed forms at each reload. */
export function provideReferenceModels(db: Db, source: keyof Loaded, models: readonly EntityModel[]): void {
  const now = loadedOf.get(db) ?? { files: [], designed: [] };
  latest = { ...now, [source]: models };
  loadedOf.set(db, latest);
}

/** Every loaded model, files first (a designed form never shadows a file's name). */
function modelsOf(db: Db): EntityModel[] {
  const loaded = loadedOf.get(db) ?? latest;
  if (!loaded) return [];
  const names = new Set(loaded.files.map((m) => m.name));
  return [...loaded.files, ...loaded.designed.filter((m) => !names.has(m.name))];
}

export function isReferenceDict(code: string): boolean {
  return code.startsWith(REFERENCE_DICT_PREFIX);
}

/** The fields of other loaded declarations that refer to `target`. */
export function referrersOf(db: Db, target: string): { model: EntityModel; field: FieldModel }[] {
  return modelsOf(db).flatMap((model) =>
    model.declared.filter((f) => f.reference?.entity === target).map((field) => ({ model, field })),
  );
}

/** Resolves `@entity,text,id` to the target's table; unknown entities and fields are not open. */
export function resolveReferenceDict(db: Db, code: string): ResolvedTableDict {
  const [entity, text, value] = code.slice(REFERENCE_DICT_PREFIX.length).split(',');
  const model = modelsOf(db).find((m) => m.name === entity);
  const textField = model?.field(text ?? '');
  if (!model || model.external || !textField || textField.system || !textField.readable || value !== 'id')
    throw new ApiError(ReferenceMessages.unknown);
  const referrerCodes = referrersOf(db, entity).flatMap(({ model: m }) => [
    m.permissions.list,
    m.permissions.add,
    m.permissions.edit,
  ]);
  // A declared table is absent from the typed schema (as declaredTableDict in table-dicts.ts).
  const entry = {
    table: model.table,
    fields: { id: 'id', [text]: textField.column },
    ...(model.softDelete ? { activeColumn: 'del_flag' } : {}),
    entity: model.name,
    model,
    readCodes: [model.permissions.list, ...referrerCodes],
  } as unknown as ReferenceTableDict;
  return { entry, textColumn: textField.column, valueColumn: 'id' };
}

/** The target's model of a reference field, if loaded. */
export function targetOf(db: Db, field: FieldModel): EntityModel | undefined {
  const name = field.reference?.entity;
  return name === undefined ? undefined : modelsOf(db).find((m) => m.name === name && !m.external);
}

/**
 * The ids among `ids` that name a live record of the reference's target in the caller's tenant
 * (a tenant-scoped target) — what a save may store. Unknown targets hold nothing.
 */
export async function existingTargetIds(
  db: Db,
  field: FieldModel,
  ids: readonly string[],
  tenantId: number | undefined,
): Promise<Set<string>> {
  const target = targetOf(db, field);
  if (!target || ids.length === 0) return new Set();
  const where = [sql`id in (${sql.join(ids)})`];
  if (target.softDelete) where.push(sql`del_flag = 0`);
  if (target.tenantScoped && tenantId !== undefined) where.push(sql`tenant_id = ${tenantId}`);
  const found = await sql<{ id: string }>`select id::text as id from ${sql.table(target.table)}
    where ${sql.join(where, sql` and `)}`.execute(db);
  return new Set(found.rows.map((r) => r.id));
}

/** Rows of `model` whose reference `field` names one of `ids` (a multiple one among its list). */
function refersTo(field: FieldModel, ids: readonly string[]) {
  const column = sql.ref(field.column);
  return field.reference?.multiple
    ? sql<SqlBool>`string_to_array(${column}, ',') && array[${sql.join(ids)}]::text[]`
    : sql<SqlBool>`${column} in (${sql.join(ids)})`;
}

/**
 * Refuses deleting records that live rows of a restricting reference name, with that screen's
 * title (in every tenant: a shared record stays while any tenant's rows refer to it).
 */
export async function checkNotReferred(db: Db, model: EntityModel, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const { model: referrer, field } of referrersOf(db, model.name)) {
    if (referrer.external || field.reference?.onDelete === 'cascade') continue;
    const live = referrer.softDelete ? sql`and del_flag = 0` : sql``;
    const found = await sql`select 1 from ${sql.table(referrer.table)}
      where ${refersTo(field, ids)} ${live} limit 1`.execute(db);
    if (found.rows.length > 0) throw new ApiError(ReferenceMessages.inUse(referrer.title));
  }
}

/** Deletes (or marks deleted) the rows of cascading references to the deleted `ids`. */
export async function cascadeReferrers(
  db: Db,
  timeZone: string,
  model: EntityModel,
  caller: Caller,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  for (const { model: referrer, field } of referrersOf(db, model.name)) {
    if (referrer.external || field.reference?.onDelete !== 'cascade') continue;
    await new EntityStore(db, referrer, timeZone).removeWhere(caller, field, ids);
  }
}
