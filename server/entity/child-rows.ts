/**
 * The checks of the child rows a parent's add / edit sends, before anything is written. Every row
 * goes through what the child's own add / edit would do (permission, field permissions, the
 * record rules and their messages, unique values, fill rules) plus the parent's: edited and deleted
 * ids must be rows of this parent the caller can reach, and unique-within-parent values must not
 * repeat among the parent's rows after the save. A refusal names the table and the line:
 * `计划任务第3行：请输入任务名称!`.
 */
import type { FastifyRequest } from 'fastify';
import { ROW_VERSION_FIELD, type FieldModel } from '../../runtime/model/declaration/model.js';
import { childRowMessage, uniqueInParentFailures } from '../../runtime/model/declaration/record-checks.js';
import type { RecordFailure } from '../../runtime/model/declaration/record-validator.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import { isEmptyValue } from '../../runtime/model/validation/formats.js';
import { hasPermission } from '../auth/permission-codes.js';
import { ApiError } from '../result.js';
import { UploadOwnerMessages } from '../sys/upload-owner.js';
import { bodyValues, defaultValues } from './body.js';
import type { ChildPayload, ChildRowIn } from './child-payload.js';
import { MAX_CHILD_ROWS } from './children.js';
import { firstDictMiss } from './dict-membership.js';
import { checkWritable, fieldAccessOf, sameValue, withoutRestricted } from './field-permissions.js';
import { callerOf, EntityMessages, scopedCaller, userIdOf, type EntityDeps } from './route-kit.js';
import type { Caller, Row } from './store.js';
import { firstForeignUpload } from './upload-claims.js';

/** A parent answers at most this many rows of one child to a save (the grid's goal, with room). */
const MAX_STORED_ROWS = 100_000;

export interface PreparedChildRow {
  row: number;
  /** Present on edited rows. */
  id?: string;
  values: Row;
  /** The row version the client loaded (edited rows), or null. */
  version: number | null;
  /** Fields the server numbers in the transaction (fill rules with no value sent). */
  numbered: FieldModel[];
}

export interface PreparedChildren {
  payload: ChildPayload;
  /** The caller with the child's own data rules, for its updates and deletes. */
  scoped: Caller;
  added: PreparedChildRow[];
  edited: PreparedChildRow[];
  deletedIds: string[];
  /** Every row of the parent after the save (values only): what the parent's checks see. */
  finalRows: Row[];
}

const NO_PERMISSION = '没有权限，请联系管理员授权';
/** A full list leaves out a row added since the parent's last save (through the child's own routes). */
const LIST_MISSES_NEW = '列表缺少他人新增的行，请刷新后重试（删除这些行请按增删改提交）';

/**
 * A refusal about one child's table or row: its message already names the table (and the line),
 * so an import reports it as it is instead of under the parent's row.
 */
export class ChildError extends ApiError {}

async function checkPermissions(request: FastifyRequest, deps: EntityDeps, p: ChildPayload): Promise<void> {
  const { model } = p.store;
  const needs: ['add' | 'edit' | 'delete', boolean][] = [
    ['add', p.added.length > 0],
    ['edit', p.edited.length > 0],
    ['delete', p.deletedIds.length > 0],
  ];
  for (const [action, used] of needs) {
    if (!used) continue;
    const code = model.permissions[action];
    const allowed =
      model.offers(action) && (!code || (await hasPermission(deps.db, userIdOf(request), code)));
    if (!allowed) throw new ChildError(`${p.title}：${NO_PERMISSION}`);
  }
}

function versionOf(values: Row): number | null {
  const sent = values[ROW_VERSION_FIELD];
  if (sent === undefined || sent === null || sent === '') return null;
  const n = Number(sent);
  return Number.isInteger(n) ? n : null;
}

/** A refusal about a row: `计划任务第3行：…`, or `会议纪要：…` for a one-to-one child's section. */
export function rowMessage(p: ChildPayload, row: number, message: string): string {
  return p.single ? `${p.title}：${message}` : childRowMessage(p.title, row, message);
}

/**
 * A failed rule's words. A section has no columns to point at, so a message that does not name its
 * field (`最大长度2000位字符`) gets the field's title: `会议纪要：会议摘要：最大长度2000位字符`.
 */
function failureText(p: ChildPayload, failure: RecordFailure): string {
  const title = p.single ? p.store.model.field(failure.field)?.title : undefined;
  return title && !failure.message.includes(title) ? `${title}：${failure.message}` : failure.message;
}

/** Runs a row's checks; an ApiError is re-worded with the table and the line. */
function atRow<T>(p: ChildPayload, row: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError) throw new ChildError(rowMessage(p, row, error.message));
    throw error;
  }
}

/**
 * A one-to-one child's section as rows: it edits the parent's stored row when there is one (an id
 * the client sends must be that row's), else adds one; null removes the stored row.
 */
function resolveSingle(p: ChildPayload, stored: readonly Row[]): ChildPayload {
  if (!p.single || p.one === undefined) return p;
  const current = stored[0];
  if (p.one === null) return { ...p, deletedIds: current ? [String(current.id)] : [] };
  if (p.one.id !== null && p.one.id !== (current ? String(current.id) : null))
    throw new ChildError(`${p.title}：${EntityMessages.notFound}`);
  if (current) return { ...p, edited: [{ id: String(current.id), row: 1, values: p.one.values }] };
  return { ...p, added: [{ row: 1, values: p.one.values }] };
}

/** A listed row that would change nothing: every value it sends is the stored one, at the stored version. */
function unchanged(p: ChildPayload, values: Row, stored: Row, formatDate: (d: Date) => string): boolean {
  const version = versionOf(values);
  if (version !== null && version !== Number(stored[ROW_VERSION_FIELD])) return false;
  const sent = bodyValues(p.store.model, values);
  delete sent[p.foreignKey.name];
  return Object.entries(sent).every(([name, value]) => sameValue(value, stored[name], formatDate));
}

/**
 * A full list (queryById's shape) as the changes it makes to the stored rows: a listed row equal
 * to its stored row is left alone (no update, no edit permission needed, its version kept), a
 * changed one is edited, a row without id added, and the parent's rows the list leaves out are
 * deleted. `all`: how many rows the parent has (the caller's data rules aside), since queryById
 * answers at most MAX_CHILD_ROWS of them - a longer list was never read whole, and rows the client
 * did not see must not be deleted.
 */
function resolveList(
  p: ChildPayload,
  stored: readonly Row[],
  all: number,
  parent: Row | null,
  formatDate: (d: Date) => string,
): ChildPayload {
  if (!p.replace) return p;
  if (all > MAX_CHILD_ROWS)
    throw new ChildError(`${p.title}：超过${MAX_CHILD_ROWS}行，请只提交新增、修改和删除的行`);
  const byId = new Map(stored.map((r) => [String(r.id), r]));
  const listed = new Set<string>();
  const edited: ChildPayload['edited'] = [];
  for (const entry of p.edited) {
    if (listed.has(entry.id)) throw new ChildError(rowMessage(p, entry.row, '该行重复提交'));
    listed.add(entry.id);
    const current = byId.get(entry.id);
    // A row of another parent (or none) stays an edit: it is refused as not found below.
    if (!current || !unchanged(p, entry.values, current, formatDate)) edited.push(entry);
  }
  const left = stored.filter((r) => !listed.has(String(r.id)));
  if (p.decl.fixedRows === true && left.length > 0)
    throw new ChildError(`${p.title}的行由系统生成，不能新增或删除`);
  // The parent's version covers the saves of its form, not a row added through the child's own
  // routes: one added since the parent was last saved may be one the client never read.
  const saved = timeOf(parent?.updateTime ?? parent?.createTime);
  if (left.some((r) => timeOf(r.createTime) > saved)) throw new ChildError(`${p.title}：${LIST_MISSES_NEW}`);
  return { ...p, edited, deletedIds: left.map((r) => String(r.id)) };
}

/** A stored time as milliseconds (NaN when there is none, which compares as not later). */
function timeOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return value === null || value === undefined ? Number.NaN : Date.parse(String(value));
}

/** How many rows the parent has, read past the caller's data rules on the child (as queryById reads). */
async function storedCount(
  p: ChildPayload,
  caller: Caller,
  scoped: Caller,
  stored: readonly Row[],
  parentId: string,
): Promise<number> {
  if (!scoped.dataScope) return stored.length;
  const { field, order } = p.store.model.defaultSort;
  const ids = await p.store.listIds(caller, null, [{ field, order }], MAX_CHILD_ROWS + 1, [
    p.store.equals(p.foreignKey, parentId),
  ]);
  return ids.length;
}

/**
 * Checks the rows of one child of the parent `parentId`; `parent`: the stored parent, null when it
 * is being added.
 */
export async function prepareChildRows(
  request: FastifyRequest,
  deps: EntityDeps,
  sent: ChildPayload,
  parentId: string,
  parent: Row | null,
): Promise<PreparedChildren> {
  const isNew = parent === null;
  const { model } = sent.store;
  const caller = callerOf(request, deps);
  const scoped = await scopedCaller(request, deps, sent.store);
  // The parent's rows as the caller may reach them: an id outside them is another parent's, or none.
  const sort = [{ field: model.defaultSort.field, order: model.defaultSort.order }];
  const stored = isNew
    ? []
    : await sent.store.list(scoped, null, sort, MAX_STORED_ROWS, [
        sent.store.equals(sent.foreignKey, parentId),
      ]);
  const all = sent.replace && !isNew ? await storedCount(sent, caller, scoped, stored, parentId) : 0;
  const p = resolveList(resolveSingle(sent, stored), stored, all, parent, deps.formatDate);
  await checkPermissions(request, deps, p);
  const access = await fieldAccessOf(deps.db, model, userIdOf(request));
  const byId = new Map(stored.map((r) => [String(r.id), r]));
  for (const id of p.deletedIds)
    if (!byId.has(id)) throw new ChildError(`${p.title}：${EntityMessages.notFound}`);

  const check = (entry: ChildRowIn, baseline: Row | undefined): PreparedChildRow =>
    atRow(p, entry.row, () => {
      const version = versionOf(entry.values);
      // The parent's id is the server's to set: what the row says about it is replaced (after the
      // field permissions, before the rules, so a required foreign key is satisfied).
      const sent = bodyValues(model, entry.values);
      delete sent[p.foreignKey.name];
      const parentKey = { [p.foreignKey.name]: parentId };
      if (baseline) {
        if (version !== null && version !== Number(baseline[ROW_VERSION_FIELD]))
          throw new ChildError(EntityMessages.changedMeanwhile);
        checkWritable(model, access, sent, baseline, deps.formatDate);
        const values = { ...withoutRestricted(sent, access), ...parentKey };
        const failures = deps.validation.validate(model, 'edit', values, {
          context: { ...baseline, ...values },
        });
        if (failures.length > 0) throw new ChildError(failureText(p, failures[0]));
        return { row: entry.row, values, version, numbered: [] };
      }
      const defaults = defaultValues(model, caller);
      checkWritable(model, access, sent, defaults, deps.formatDate, true);
      const own = { ...withoutRestricted(sent, access), ...parentKey };
      const failures = deps.validation.validate(model, 'add', own, { context: { ...defaults, ...own } });
      if (failures.length > 0) throw new ChildError(failureText(p, failures[0]));
      const values = { ...defaults, ...own };
      const numbered = model.declared.filter((f) => f.fillRule !== undefined && isEmptyValue(values[f.name]));
      return { row: entry.row, values, version: null, numbered };
    });

  const edited = p.edited.map((entry) => {
    const baseline = byId.get(entry.id);
    if (!baseline) throw new ChildError(rowMessage(p, entry.row, EntityMessages.notFound));
    return { ...check(entry, baseline), id: entry.id };
  });
  const added = p.added.map((entry) => check(entry, undefined));
  // A row's file and image fields may name only the caller's own uploads, or what the row holds.
  const sentRows = [...edited, ...added];
  const foreign = await firstForeignUpload(
    deps.db,
    userIdOf(request),
    model,
    sentRows.map((r) => ({ values: r.values, stored: r.id === undefined ? undefined : byId.get(r.id) })),
  );
  if (foreign !== null)
    throw new ChildError(rowMessage(p, sentRows[foreign]!.row, UploadOwnerMessages.notYours));
  // A dictionary field holds only its dictionary's values (dict-membership.ts). The foreign key is
  // the parent being saved, set here, not picked: a new parent is not in its dictionary yet.
  const checked = (values: Row): Row => {
    const { [p.foreignKey.name]: _parent, ...rest } = values;
    return rest;
  };
  const miss = await firstDictMiss(
    deps.db,
    model,
    sentRows.map((r) => ({
      values: checked(r.values),
      stored: r.id === undefined ? undefined : byId.get(r.id),
    })),
    request.auth?.tenantId,
  );
  if (miss) throw new ChildError(rowMessage(p, sentRows[miss.index]!.row, miss.message));

  // The parent's rows after the save, in the order the grid shows them: saved rows, then new ones.
  const edits = new Map(edited.map((r) => [r.id, r]));
  const gone = new Set(p.deletedIds);
  const final: { values: Row; sent: PreparedChildRow | null }[] = [
    ...stored
      .filter((r) => !gone.has(String(r.id)))
      .map((r) => {
        const edit = edits.get(String(r.id)) ?? null;
        return { values: edit ? { ...r, ...edit.values } : r, sent: edit };
      }),
    ...added.map((r) => ({ values: r.values, sent: r })),
  ];
  const failures = uniqueInParentFailures(
    model,
    final.map((f) => f.values),
    (i) => final[i].sent !== null,
  );
  const first = failures[0];
  if (first) throw new ChildError(rowMessage(p, final[first.index].sent!.row, first.message));
  await checkTableUnique(p, caller, final, isNew ? null : parentId);
  return {
    payload: p,
    scoped,
    added,
    edited,
    deletedIds: p.deletedIds,
    finalRows: final.map((f) => f.values),
  };
}

/**
 * Unique fields hold each value once in the whole table: once among this parent's rows after the
 * save (a value moved from a deleted row is fine), and against every other row in the table.
 */
async function checkTableUnique(
  p: ChildPayload,
  caller: Caller,
  final: readonly { values: Row; sent: PreparedChildRow | null }[],
  parentId: string | null,
): Promise<void> {
  const others = parentId === null ? [] : [p.store.differs(p.foreignKey, parentId)];
  for (const field of p.store.model.declared.filter((f) => f.unique)) {
    const seen = new Set<string>();
    for (const { values, sent } of final) {
      const value = values[field.name];
      if (isEmptyValue(value)) continue;
      const key = String(value);
      const repeated = seen.has(key);
      seen.add(key);
      if (!sent || !(sent.values[field.name] !== undefined)) continue;
      const taken = repeated || (await p.store.taken(caller, field, value as QueryValue, undefined, others));
      if (taken) throw new ChildError(rowMessage(p, sent.row, EntityMessages.taken(field.title)));
    }
  }
}
