/** The editable grid's props and imperative handle (what a screen embedding it works with). */
import type { ReactNode, Ref } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { GridAuthRule } from '../../model/grid/access';
import type { GridColumn } from '../../model/grid/columns';
import type { GridHandlers } from '../../model/grid/handlers';
import type { GridSavePayload, GridState } from '../../model/grid/rows';
import type { LiveGridOptions } from './use-live-rows';

export interface GridFailure {
  rowIndex: number;
  key: string;
  message: string;
}

export interface EditableGridHandle {
  /** Validates every cell with the built-in rules, shows the messages; answers the first failure or null. */
  validate(): GridFailure | null;
  /** The built-in rules, then the custom handlers (props.handlers) of the cells that passed. */
  validateAsync(): Promise<GridFailure | null>;
  payload(): GridSavePayload;
  state(): GridState;
  /**
   * Opens the popup sub-table (props.subTable) of a row by its id, scrolling to it; answers false
   * (after showing 打开子表失败) when the row cannot be found in 3 tries 100 ms apart.
   */
  openSubTable(id: string): Promise<boolean>;
}

export interface GridSlotProps {
  value: unknown;
  row: Readonly<Record<string, unknown>>;
  column: GridColumn;
  /** Stores a new value in the cell (as an edit). */
  setValue(value: unknown): void;
}

/** A named renderer for `gridType: "slot"` columns (`widgetOptions.slot`, else the field name). */
export type GridSlot = (props: GridSlotProps) => ReactNode;

export interface EditableGridProps {
  /** The child entity whose declared fields are the columns. */
  model: EntityModel;
  /** Saved rows (each with its id). Keep the array stable: a new one starts a new grid state. */
  rows?: readonly Record<string, unknown>[];
  /** Rows the grid starts with as new, unsaved ones (a copied record's children). Keep the array stable. */
  newRows?: readonly Record<string, unknown>[];
  /** Fields the grid does not show or edit: the foreign key the parent fills in. */
  exclude?: readonly string[];
  /** Prefix of every row key of this grid instance. */
  caseId?: string;
  maxHeight?: number;
  onChange?: (state: GridState) => void;
  gridRef?: Ref<EditableGridHandle>;
  /** Ids of saved rows that can be neither selected nor edited. */
  disabledRows?: readonly string[];
  /** Rows the server made (a `fixedRows` child): no 新增 / 删除; read-only fields shown, not edited. */
  fixedRows?: boolean;
  /** Every cell shows its editor's frame; a click or focus edits at once. */
  alwaysEdit?: boolean;
  slots?: Readonly<Record<string, GridSlot>>;
  /** Custom (possibly async) validation by column key, run after the built-in rules pass. */
  handlers?: GridHandlers;
  /**
   * Permission prefix of the grid's columns and buttons (`planTask` or `planTask:`): a lacking
   * `<prefix>:<key>` removes (type 1) or disables (type 2) the column; `<prefix>:add` and
   * `<prefix>:batch_delete` gate 新增 and 删除.
   */
  authPrefix?: string;
  /** The user's codes and the system's rules; default: the runtime session's auth / allAuth. */
  auth?: readonly string[];
  allAuth?: readonly GridAuthRule[];
  /**
   * Tree rows: rows may carry `children` (loaded) and `hasChildren` (children to load); the expand
   * column toggles them. Implied by `loadChildren`. Drag sort is off in a tree.
   */
  tree?: boolean;
  /** Loads a node's children the first time it is expanded (its placeholder child shows meanwhile). */
  loadChildren?: (row: Readonly<Record<string, unknown>>) => Promise<readonly Record<string, unknown>[]>;
  /**
   * Keep the rows current while the grid is open: other users' saves of this table show here
   * (use-live-rows.ts). Needs the runtime's session socket identity; off without it.
   */
  live?: LiveGridOptions;
  /** The popup sub-table of a row, opened from the expand column's button (placement: spec section 4). */
  subTable?: (row: Readonly<Record<string, unknown>>) => ReactNode;
}
