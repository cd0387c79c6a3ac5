/**
 * From sheet rows to records: header cells matched to fields by title or name, dictionary texts
 * turned back into values, and every row checked the way an add is checked - field permissions,
 * the compiled rules with their Chinese messages, unique values (in the file and in the table)
 * and, for a tree, the parent. A row that fails keeps its reason for the error workbook.
 */
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import { lookupDict } from '../sys/dicts.js';
import { ApiError } from '../result.js';
import { bodyValues, defaultValues, type DefaultContext } from './body.js';
import { checkWritable, withoutRestricted, type FieldAccess } from './field-permissions.js';
import type { EntityDeps } from './route-kit.js';
import type { SheetData } from './import-read.js';
import type { Caller, EntityStore, Row } from './store.js';
import { checkParent } from './tree.js';

export const ImportRowMessages = {
  noColumns: '表头与字段不匹配：第一行应为字段名称（可先导出一份作为模板）',
  notInDict: (title: string, value: string) => `${title}的值不在字典中：${value}`,
  duplicateInFile: (title: string, value: string) => `${title}在文件中重复：${value}`,
  taken: (title: string, value: string) => `${title}：${value} 已存在`,
} as const;

export interface SheetColumn {
  index: number;
  field: FieldModel;
}

export interface RowOutcome {
  /** The uploaded file's name and header (several files may be imported at once). */
  file: string;
  header: readonly string[];
  line: number;
  cells: string[];
  values?: Row;
  reason?: string;
}

/** Header cells naming a declared field (by title or name); other columns are ignored. */
export function mapHeader(store: EntityStore, header: readonly string[]): SheetColumn[] {
  const out: SheetColumn[] = [];
  header.forEach((text, index) => {
    const field = store.model.declared.find((f) => f.title === text || f.name === text);
    if (field && !out.some((c) => c.field === field)) out.push({ index, field });
  });
  if (out.length === 0) throw new ApiError(ImportRowMessages.noColumns);
  return out;
}

const split = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** text -> value per dictionary column, for the texts the sheet holds (a value also maps to itself). */
async function dictionaries(deps: EntityDeps, columns: SheetColumn[], sheet: SheetData) {
  const out = new Map<string, Map<string, string>>();
  for (const { index, field } of columns) {
    if (!field.dict) continue;
    const texts = [...new Set(sheet.rows.flatMap((r) => split(r.cells[index] ?? '')))];
    const map = new Map<string, string>();
    for (let i = 0; i < texts.length; i += 200) {
      const items = await lookupDict(
        deps.db,
        field.dict,
        { kind: 'exact', values: texts.slice(i, i + 200) },
        1000,
      );
      for (const item of items) {
        map.set(item.value, item.value);
        if (!map.has(item.text)) map.set(item.text, item.value);
      }
    }
    out.set(field.name, map);
  }
  return out;
}

function message(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  throw error;
}

/** Checks every row; answers each with its values or its reason. */
export async function checkRows(
  deps: EntityDeps,
  store: EntityStore,
  caller: Caller & DefaultContext,
  fieldAccess: FieldAccess,
  file: string,
  sheet: SheetData,
  foreign: Row,
): Promise<RowOutcome[]> {
  const { model } = store;
  const columns = mapHeader(store, sheet.header);
  const dicts = await dictionaries(deps, columns, sheet);
  const defaults = defaultValues(model, caller);
  const header = sheet.header;
  const outcomes: RowOutcome[] = sheet.rows.map(({ line, cells }): RowOutcome => {
    const base = { file, header, line, cells };
    const raw: Row = {};
    try {
      for (const { index, field } of columns) {
        const text = cells[index] ?? '';
        const dict = dicts.get(field.name);
        if (!dict || text === '') raw[field.name] = text;
        else {
          const values = split(text).map((t) => {
            const value = dict.get(t);
            if (value === undefined) throw new ApiError(ImportRowMessages.notInDict(field.title, t));
            return value;
          });
          raw[field.name] = values.join(',');
        }
      }
      const sent = { ...bodyValues(model, raw), ...foreign };
      checkWritable(model, fieldAccess, sent, defaults, deps.formatDate, true);
      const kept = withoutRestricted(sent, fieldAccess);
      const failures = deps.validation.validate(model, 'add', kept, { context: { ...defaults, ...kept } });
      if (failures.length > 0) return { ...base, reason: failures.map((f) => f.message).join('；') };
      return { ...base, values: { ...defaults, ...kept } };
    } catch (error) {
      return { ...base, reason: message(error) };
    }
  });
  return outcomes;
}

/** The checks that need every file's rows and the table: unique values, then tree parents. */
export async function checkAgainstTable(
  store: EntityStore,
  caller: Caller,
  outcomes: RowOutcome[],
): Promise<void> {
  await checkUnique(store, caller, outcomes);
  if (store.model.tree) {
    for (const row of outcomes) {
      if (!row.values) continue;
      try {
        await checkParent(store, caller, row.values);
      } catch (error) {
        row.reason = message(error);
        delete row.values;
      }
    }
  }
}

/** Unique fields: no repeat inside the file, no value the table already holds. */
async function checkUnique(store: EntityStore, caller: Caller, outcomes: RowOutcome[]): Promise<void> {
  for (const field of store.model.declared.filter((f) => f.unique)) {
    const seen = new Set<string>();
    const live = outcomes.filter((o) => o.values && !isEmpty(o.values[field.name]));
    for (const row of live) {
      const key = String(row.values![field.name]);
      if (seen.has(key)) reject(row, ImportRowMessages.duplicateInFile(field.title, key));
      seen.add(key);
    }
    const keys = [...seen];
    const taken = new Set<string>();
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000).map((k) => k as QueryValue);
      for (const v of await store.existingValues(caller, field, chunk)) taken.add(v);
    }
    for (const row of live) {
      const key = row.values ? String(row.values[field.name]) : '';
      if (row.values && taken.has(key)) reject(row, ImportRowMessages.taken(field.title, key));
    }
  }
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function reject(row: RowOutcome, reason: string): void {
  row.reason = reason;
  delete row.values;
}
