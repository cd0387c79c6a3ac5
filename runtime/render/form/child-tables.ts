/**
 * Pure parts of a form with child tables (docs/modules/one-to-many.md): after the form's own fields,
 * each table is validated in order - the grid's cell rules, then the unique-within-parent and
 * cross-field rules the server checks too (runtime/model/declaration/record-checks.ts) - and the
 * first failure names the table index, its pane key and the row; the save body carries each table's
 * grid payload with every row's line number, so a server refusal names the line the user sees.
 */
import type { EntityModel } from '../../model/declaration/model';
import {
  checkFailures,
  childRowMessage,
  uniqueInParentFailures,
} from '../../model/declaration/record-checks';
import type { ChildDecl } from '../../model/declaration/types';
import type { GridSavePayload, GridState } from '../../model/grid/rows';
import type { Row } from '../data/adapter';

/** The imperative handle of runtime/render/grid/EditableGrid.tsx, the part a form uses. */
export interface GridHandle {
  validate(): { rowIndex: number; key: string; message: string } | null;
  payload(): GridSavePayload;
  state(): GridState;
}

export interface FormTable {
  decl: ChildDecl;
  model: EntityModel;
  /** The tab's key: the child entity's name. */
  paneKey: string;
  title: string;
  handle: GridHandle | null;
}

/** Why a save stopped: the form's own fields, or a row of a table (index, pane, row, field, message). */
export type SaveFailure =
  | { kind: 'validate-failed' }
  | {
      kind: 'table';
      tableIndex: number;
      paneKey: string;
      /** 0-based row in the grid. */
      rowIndex: number;
      field: string;
      message: string;
      /** `计划任务第3行：请输入任务名称!` */
      text: string;
    };

export type TableFailure = Extract<SaveFailure, { kind: 'table' }>;

/** The first failing row of the tables, in table order; null when every table is valid. */
export function firstTableFailure(tables: readonly FormTable[]): TableFailure | null {
  for (const [tableIndex, t] of tables.entries()) {
    if (!t.handle) continue;
    const fail = (rowIndex: number, field: string, message: string): TableFailure => ({
      kind: 'table',
      tableIndex,
      paneKey: t.paneKey,
      rowIndex,
      field,
      message,
      text: childRowMessage(t.title, rowIndex + 1, message),
    });
    const cell = t.handle.validate();
    if (cell) return fail(cell.rowIndex, cell.key, cell.message);
    const rows = t.handle.state().rows.map((r) => r.values);
    const repeated = uniqueInParentFailures(t.model, rows)[0];
    if (repeated) return fail(repeated.index, repeated.field, repeated.message);
    for (const [i, row] of rows.entries()) {
      const failed = checkFailures(t.model, row)[0];
      if (failed) return fail(i, failed.field, failed.message);
    }
  }
  return null;
}

/** Each table's rows as the parent's cross-field checks see them (under the child's entity name). */
export function tableRows(tables: readonly FormTable[]): Row {
  const out: Row = {};
  for (const t of tables) if (t.handle) out[t.paneKey] = t.handle.state().rows.map((r) => ({ ...r.values }));
  return out;
}

/** The save body's part of each table: the grid payload, every row with its 1-based line. */
export function tablePayloads(tables: readonly FormTable[]): Row {
  const out: Row = {};
  for (const t of tables) {
    if (!t.handle) continue;
    const state = t.handle.state();
    const payload = t.handle.payload();
    const line = new Map(state.rows.map((r, i) => [r.key, i + 1]));
    out[t.paneKey] = {
      added: payload.added.map((values, i) => ({ ...values, $row: line.get(state.added[i]) })),
      edited: payload.edited.map((values, i) => ({ ...values, $row: line.get(state.edited[i]) })),
      deletedIds: payload.deletedIds,
    };
  }
  return out;
}

/** The table or section a server refusal is about (`计划任务第3行：…`, `会议纪要：…`), by its pane key. */
export function tableOfMessage(
  tables: readonly { title: string; paneKey: string }[],
  message: string,
): string | null {
  const hit = tables.find((t) => new RegExp(`^${escape(t.title)}(第\\d+行)?：`).test(message));
  return hit ? hit.paneKey : null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
