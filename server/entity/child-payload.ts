/**
 * The children part of an add / edit body (docs/modules/one-to-many.md): under each one-to-many
 * child's entity name, the editable grid's save payload `{added, edited, deletedIds}`, or the full
 * list of rows as queryById answers it (the new set: child-rows.ts compares it with the stored rows).
 * New rows carry no id (the server makes ids); edited rows carry theirs. Each row may carry `$row`,
 * its line in the user's grid, used only to say which line a refusal is about. Under a one-to-one
 * child's name, the section's values object (or null: remove the parent's row); whether it adds or
 * edits is decided against the stored row (child-rows.ts).
 */
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import type { ChildDecl } from '../../runtime/model/declaration/types.js';
import { ApiError } from '../result.js';
import { BodyMessages } from './body.js';
import type { StoreLookup } from './children.js';
import { checkId } from './route-kit.js';
import type { EntityStore, Row } from './store.js';

/** Rows of one child one save may send (the grid's 10,000-row goal, with room). */
export const MAX_CHILD_SAVE_ROWS = 20_000;
/** The key of a row's line number in the client's grid. */
export const ROW_NUMBER_KEY = '$row';

export interface ChildRowIn {
  /** 1-based line the user sees. */
  row: number;
  /** The row's own values, as sent (the id and the line number taken out). */
  values: Row;
}

export interface ChildPayload {
  decl: ChildDecl;
  /** The table's name in messages (the child's title in the parent, else the child entity's). */
  title: string;
  store: EntityStore;
  foreignKey: FieldModel;
  /** Whether the body named this child at all (absent: its rows stay as they are). */
  sent: boolean;
  /**
   * The body sent the full list (queryById's shape): `edited` holds every listed row with an id,
   * `added` those without, and the parent's rows the list leaves out are to be deleted (decided
   * against the stored rows, child-rows.ts).
   */
  replace: boolean;
  added: ChildRowIn[];
  edited: (ChildRowIn & { id: string })[];
  deletedIds: string[];
  /**
   * A one-to-one child: messages read `<title>：…` (no line), and `one` is what the body sent -
   * the section's values (with the stored row's id, if the client sends it) or null (remove it).
   */
  single: boolean;
  one?: { id: string | null; values: Row } | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasId = (entry: Record<string, unknown>): boolean =>
  entry.id !== undefined && entry.id !== null && entry.id !== '';

function rowsOf(value: unknown): Record<string, unknown>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isObject)) throw new ApiError(BodyMessages.notObject);
  return value;
}

/** The line the client names, or the fallback (a number is only ever shown, never used as a key). */
function lineOf(entry: Record<string, unknown>, fallback: number): number {
  const n = Number(entry[ROW_NUMBER_KEY]);
  return Number.isInteger(n) && n > 0 && n <= 1_000_000 ? n : fallback;
}

function withoutKeys(entry: Record<string, unknown>, keys: readonly string[]): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(entry)) if (!keys.includes(k)) out[k] = v;
  return out;
}

/** A one-to-one child's section: its values object, or null to remove the parent's row. */
type PayloadBase = Omit<ChildPayload, 'sent' | 'added' | 'edited' | 'deletedIds'>;

function parseSingle(base: PayloadBase, raw: unknown) {
  const empty = { ...base, added: [], edited: [], deletedIds: [] };
  if (raw === undefined) return { ...empty, sent: false };
  if (raw === null) return { ...empty, sent: true, one: null };
  if (!isObject(raw)) throw new ApiError(BodyMessages.notObject);
  const one = { id: hasId(raw) ? checkId(raw.id) : null, values: withoutKeys(raw, ['id', ROW_NUMBER_KEY]) };
  return { ...empty, sent: true, one };
}

/** The child's full list, as queryById answers it: rows with an id stay (edited if changed), rows without are new. */
function parseList(base: PayloadBase, raw: unknown[]): ChildPayload {
  const rows = rowsOf(raw);
  if (rows.length > MAX_CHILD_SAVE_ROWS)
    throw new ApiError(`${base.title}：一次最多保存${MAX_CHILD_SAVE_ROWS}行`);
  const edited: ChildPayload['edited'] = [];
  const added: ChildRowIn[] = [];
  rows.forEach((entry, i) => {
    // Lines count as the list does: the rows in the order sent.
    const row = lineOf(entry, i + 1);
    const values = withoutKeys(entry, ['id', ROW_NUMBER_KEY]);
    if (hasId(entry)) edited.push({ id: checkId(entry.id), row, values });
    else added.push({ row, values });
  });
  if (base.decl.fixedRows === true && added.length > 0)
    throw new ApiError(`${base.title}的行由系统生成，不能新增或删除`);
  return { ...base, sent: true, replace: true, added, edited, deletedIds: [] };
}

function parseOne(decl: ChildDecl, store: EntityStore, foreignKey: FieldModel, raw: unknown): ChildPayload {
  const title = decl.title ?? store.model.title;
  const single = decl.relation === 'oneToOne';
  const base = { decl, title, store, foreignKey, single, replace: false };
  if (single) return parseSingle(base, raw);
  if (raw === undefined) return { ...base, sent: false, added: [], edited: [], deletedIds: [] };
  if (Array.isArray(raw)) return parseList(base, raw);
  if (!isObject(raw)) throw new ApiError(BodyMessages.notObject);
  const edited = rowsOf(raw.edited);
  const added = rowsOf(raw.added);
  const deleted = raw.deletedIds ?? [];
  if (!Array.isArray(deleted)) throw new ApiError(BodyMessages.notObject);
  // A fixedRows child's rows are made by the server (a template's snapshot): only edited here.
  if (decl.fixedRows === true && (added.length > 0 || deleted.length > 0))
    throw new ApiError(`${title}的行由系统生成，不能新增或删除`);
  if (edited.length + added.length > MAX_CHILD_SAVE_ROWS)
    throw new ApiError(`${title}：一次最多保存${MAX_CHILD_SAVE_ROWS}行`);
  // Without line numbers the rows count as the grid lists them: saved (edited) rows, then new ones.
  return {
    ...base,
    sent: true,
    edited: edited.map((entry, i) => ({
      id: checkId(entry.id),
      row: lineOf(entry, i + 1),
      values: withoutKeys(entry, ['id', ROW_NUMBER_KEY]),
    })),
    added: added.map((entry, i) => {
      // Identifiers never come from the client: a new row's id is the server's to make.
      if (hasId(entry))
        throw new ApiError(`${title}第${lineOf(entry, edited.length + i + 1)}行：新增的行不能带id`);
      return {
        row: lineOf(entry, edited.length + i + 1),
        values: withoutKeys(entry, ['id', ROW_NUMBER_KEY]),
      };
    }),
    deletedIds: [...new Set(deleted.map(checkId))],
  };
}

/**
 * Splits a body into the parent's own values and one payload per child (every child, sent or not,
 * so the parent's checks can see all rows). A child key that is neither the payload's object nor
 * a list of row objects is refused.
 */
export function takeChildPayloads(
  body: Record<string, unknown>,
  children: readonly ChildDecl[],
  storeOf: StoreLookup,
): { parent: Record<string, unknown>; payloads: ChildPayload[] } {
  const parent: Record<string, unknown> = { ...body };
  const payloads: ChildPayload[] = [];
  for (const decl of children) {
    const store = storeOf(decl.entity);
    const foreignKey = store?.model.field(decl.foreignKey);
    if (!store || !foreignKey) continue;
    const raw = parent[decl.entity];
    delete parent[decl.entity];
    payloads.push(parseOne(decl, store, foreignKey, raw));
  }
  return { parent, payloads };
}
