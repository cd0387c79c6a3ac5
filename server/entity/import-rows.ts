/**
 * From sheet rows to records: header cells matched to fields by title or name, dictionary texts
 * turned back into values, and every row checked the way an add is checked - field permissions,
 * the compiled rules with their Chinese messages, unique values (in the file and in the table)
 * and, for a tree, the parent. A row that fails keeps its reason for the error workbook.
 *
 * Rows are checked a chunk at a time (the import inserts each chunk's valid rows before reading
 * on), so only what must outlive a chunk is kept: the unique values met so far and the
 * dictionary texts already resolved.
 */
import type { FieldModel } from '../../runtime/model/declaration/model.js';
import type { QueryValue } from '../../runtime/model/query/conditions.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { bodyValues, defaultValues, type DefaultContext } from './body.js';
import { checkWritable, withoutRestricted, type FieldAccess } from './field-permissions.js';
import type { EntityDeps } from './route-kit.js';
import { DictTexts, DictTextMessages } from './import-dicts.js';
import type { SheetRow } from './import-read.js';
import type { Caller, EntityStore, Row } from './store.js';
import { checkParent } from './tree.js';

export const ImportRowMessages = {
  noColumns: '表头与字段不匹配：第一行应为字段名称（可先导出一份作为模板）',
  notInDict: DictTextMessages.notInDict,
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

function message(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  throw error;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function reject(row: RowOutcome, reason: string): void {
  row.reason = reason;
  delete row.values;
}

/** One uploaded file being imported: its name, header and the columns the header maps. */
export interface SheetFile {
  file: string;
  header: readonly string[];
  columns: SheetColumn[];
}

/**
 * Checks the rows of one import, chunk by chunk, across all its files. `db` and `store` are the
 * import's transaction, so the checks see the rows earlier chunks inserted (and, on the embedded
 * database, do not wait for the connection the transaction holds).
 */
export class RowChecker {
  private readonly defaults: Row;
  private readonly unique: FieldModel[];
  /** Per unique field, the values earlier rows of the upload hold (first occurrence wins). */
  private readonly seen = new Map<string, Set<string>>();
  private readonly dicts: DictTexts;

  constructor(
    private readonly deps: EntityDeps,
    private readonly db: Db,
    private readonly store: EntityStore,
    private readonly caller: Caller & DefaultContext,
    private readonly fieldAccess: FieldAccess,
    private readonly foreign: Row,
    /** A child's rows: the parent each names must be one the importer may change (parent-check.ts). */
    private readonly parents: ((db: Db, rows: readonly Row[]) => Promise<Map<Row, string>>) | null = null,
  ) {
    this.defaults = defaultValues(store.model, caller);
    this.unique = store.model.declared.filter((f) => f.unique);
    for (const field of this.unique) this.seen.set(field.name, new Set());
    this.dicts = new DictTexts(db);
  }

  /** Answers each row, in order, with its values or its reason. */
  async check(sheet: SheetFile, rows: readonly SheetRow[]): Promise<RowOutcome[]> {
    await this.dicts.learn(sheet.columns, rows);
    const outcomes = rows.map((row) => this.checkRow(sheet, row));
    await this.checkUnique(outcomes);
    if (this.parents) {
      const checked = outcomes.filter((o) => o.values);
      const failed = await this.parents(
        this.db,
        checked.map((o) => o.values!),
      );
      for (const row of checked) {
        const reason = failed.get(row.values!);
        if (reason) reject(row, reason);
      }
    }
    if (this.store.model.tree) {
      for (const row of outcomes) {
        if (!row.values) continue;
        try {
          await checkParent(this.store, this.caller, row.values);
        } catch (error) {
          reject(row, message(error));
        }
      }
    }
    return outcomes;
  }

  private checkRow(sheet: SheetFile, { line, cells }: SheetRow): RowOutcome {
    const { model } = this.store;
    const outcome: RowOutcome = { file: sheet.file, header: sheet.header, line, cells };
    try {
      const raw = this.dicts.values(sheet.columns, cells);
      const sent = { ...bodyValues(model, raw), ...this.foreign };
      checkWritable(model, this.fieldAccess, sent, this.defaults, this.deps.formatDate, true);
      const kept = withoutRestricted(sent, this.fieldAccess);
      const failures = this.deps.validation.validate(model, 'add', kept, {
        context: { ...this.defaults, ...kept },
      });
      if (failures.length > 0) outcome.reason = failures.map((f) => f.message).join('；');
      else outcome.values = { ...this.defaults, ...kept };
    } catch (error) {
      outcome.reason = message(error);
    }
    return outcome;
  }

  /**
   * Unique fields: no repeat inside the upload (earlier chunks and files included), no value the
   * table already holds. Only values new to the upload are looked up: a row repeating an earlier
   * one is refused as a repeat, as it was when the whole upload was checked at once.
   */
  private async checkUnique(outcomes: RowOutcome[]): Promise<void> {
    for (const field of this.unique) {
      const seen = this.seen.get(field.name)!;
      const fresh: RowOutcome[] = [];
      for (const row of outcomes) {
        if (!row.values || isEmpty(row.values[field.name])) continue;
        const key = String(row.values[field.name]);
        if (seen.has(key)) reject(row, ImportRowMessages.duplicateInFile(field.title, key));
        else {
          seen.add(key);
          fresh.push(row);
        }
      }
      const taken = new Set<string>();
      for (let i = 0; i < fresh.length; i += 1000) {
        const keys = fresh.slice(i, i + 1000).map((row) => String(row.values![field.name]) as QueryValue);
        for (const v of await this.store.existingValues(this.caller, field, keys)) taken.add(v);
      }
      for (const row of fresh) {
        const key = String(row.values![field.name]);
        if (taken.has(key)) reject(row, ImportRowMessages.taken(field.title, key));
      }
    }
  }
}
