/**
 * The editable grid: one React component over Tabulator (virtual rows, fixed 61px row height), driven
 * by a child entity's declaration. Row state, validation, typing rules, permissions and statistics
 * live in runtime/model/grid (shared with the server); this file wires them to Tabulator's events.
 * Load it lazily: it pulls in Tabulator and its stylesheet. Inside the app's RuntimeContext the
 * choice columns get their dictionaries and the picker / upload / popup columns their React editors.
 */
import { useCallback, useContext, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import {
  ColumnCalcsModule,
  DataTreeModule,
  EditModule,
  FormatModule,
  FrozenColumnsModule,
  InteractionModule,
  MoveRowsModule,
  SelectRowModule,
  Tabulator,
  type CellComponent,
  type RowComponent,
} from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import './grid.css';
import type { GridColumn, GridOption } from '../../model/grid/columns';
import { GRID_BLUR_VALIDATE_MS, GRID_MAX_HEIGHT } from '../../model/grid/constants';
import { mergeErrors, runHandlers } from '../../model/grid/handlers';
import { GridRows } from '../../model/grid/rows';
import { TREE_META_FIELDS, isPlaceholder, treeData } from '../../model/grid/tree';
import { firstGridError, GridValidator } from '../../model/grid/validate';
import { RuntimeContext } from '../context';
import { loadFileNames } from '../data/file-names';
import { antdFeedback } from '../feedback';
import { rowKeyOf } from './cell-formatters';
import { CellWidget } from './cell-widgets';
import { onMouseUpOutside } from './edit-outside';
import { GridDicts } from './GridDicts';
import { gridActions } from './grid-actions';
import type { EditableGridProps } from './grid-props';
import { GridToolbar } from './GridToolbar';
import { gridMessages } from './grid-messages';
import { ROW_KEY, tabulatorColumns } from './grid-columns';
import { gridSelection } from './grid-selection';
import { bindLazyChildren, RowRegistry, treeOptions } from './grid-tree';
import { SlotRoots } from './slot-roots';
import { useSubTable } from './SubTablePopup';
import { tableOptions } from './table-options';
import { useGridColumns } from './use-grid-columns';
import { useLiveRows } from './use-live-rows';
import { usePortalEdit } from './use-portal-edit';

export type { EditableGridHandle, EditableGridProps, GridSlot, GridSlotProps } from './grid-props';

Tabulator.registerModule([
  FormatModule,
  FrozenColumnsModule,
  EditModule,
  InteractionModule,
  SelectRowModule,
  ColumnCalcsModule,
  MoveRowsModule,
  DataTreeModule,
]);

const NO_ROWS: readonly Record<string, unknown>[] = [];
const NO_FIELDS: readonly string[] = [];

export function EditableGrid(props: EditableGridProps) {
  const { model, rows = NO_ROWS, exclude = NO_FIELDS, caseId = '', maxHeight = GRID_MAX_HEIGHT } = props;
  const newRows = props.newRows ?? NO_ROWS;
  const alwaysEdit = props.alwaysEdit === true;
  const tree = props.tree === true || props.loadChildren !== undefined;
  const runtime = useContext(RuntimeContext);
  const host = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | null>(null);
  const live = useRef(props);
  live.current = props;
  const [selected, setSelected] = useState(0);
  const dicts = useRef(new Map<string, GridOption[]>());
  const built = useRef(false);
  const { access, columns, disabledColumns, codes } = useGridColumns(
    model,
    exclude,
    { prefix: props.authPrefix, auth: props.auth, allAuth: props.allAuth },
    runtime?.session,
    props.fixedRows,
  );
  const disabledKey = (props.disabledRows ?? []).map((id) => `${caseId}${id}`).join('\n');
  const disabledRows = useMemo(() => new Set(disabledKey ? disabledKey.split('\n') : []), [disabledKey]);
  // Compiled on first use (or just after the table is built): ~13 ms of ajv compiling that the
  // first paint of 10,000 rows does not need.
  const validator = useMemo(() => {
    let compiled: GridValidator | undefined;
    return () => (compiled ??= new GridValidator(columns, undefined, model.declaration.checks));
  }, [columns, model]);
  // A tree's store starts empty: treeData registers each row (and the children it carries).
  const { store, nested, registry } = useMemo(() => {
    const registry = new RowRegistry();
    if (!tree) {
      const flat = new GridRows(rows, { caseId });
      for (const values of newRows) flat.add(values);
      return { store: flat, nested: undefined, registry };
    }
    const treeStore = new GridRows([], { caseId, meta: TREE_META_FIELDS });
    return { store: treeStore, nested: treeData(treeStore, rows, ROW_KEY), registry };
  }, [rows, newRows, caseId, tree]);
  const messages = useMemo(
    () =>
      gridMessages(
        store,
        validator,
        (key) => registry.get(key),
        () => live.current.handlers,
      ),
    [store, validator, registry],
  );

  const emit = () => live.current.onChange?.(store.state());
  const optionsOf = (c: GridColumn): readonly GridOption[] =>
    c.options.length > 0 ? c.options : (dicts.current.get(c.dict ?? '') ?? []);

  const { setActive, endActive, setEnd, editing, setRow } = usePortalEdit(
    store,
    columns,
    () => table.current,
    (key) => registry.get(key),
  );
  const feedback = runtime?.feedback ?? antdFeedback;
  const subTable = useSubTable(
    props.subTable,
    (key) => {
      const el = registry.get(key)?.getElement();
      return el?.isConnected ? el : null;
    },
    (key) => store.get(key),
    feedback,
  );

  const onItems = useCallback((code: string, items: GridOption[]) => {
    dicts.current.set(code, items);
    // Items arriving before Tabulator has built are drawn by its first render.
    if (built.current) table.current?.redraw(true);
  }, []);

  useEffect(() => {
    if (!host.current) return;
    messages.errors.clear();
    const slots = new SlotRoots();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (cell: CellComponent) => {
      const t = setTimeout(() => {
        timers.delete(t);
        messages.validateColumn(cell.getField(), rowKeyOf(cell));
      }, GRID_BLUR_VALIDATE_MS);
      timers.add(t);
    };
    const changed = (cell: CellComponent) => {
      store.set(rowKeyOf(cell), cell.getField(), cell.getValue());
      later(cell);
      emit();
    };
    const selectable = (row: RowComponent) => {
      const data = row.getData() as Record<string, unknown>;
      return !isPlaceholder(data) && !disabledRows.has(String(data[ROW_KEY]));
    };
    const selection = gridSelection(selectable, setSelected);
    const instance = new Tabulator(host.current, {
      ...tableOptions(
        maxHeight,
        alwaysEdit,
        columns.some((c) => c.key === store.sortKey),
      ),
      ...(tree && treeOptions()),
      data: nested ?? store.tableData(ROW_KEY),
      selectableRowsCheck: selectable,
      rowFormatter: (row) => {
        registry.seen(row);
        row.getElement().classList.toggle('zj-grid-row-disabled', !selectable(row));
      },
      columns: tabulatorColumns(columns, {
        errorOf: (key, field) => messages.errors.get(key)?.[field],
        optionsOf,
        canEdit: (cell) => selectable(cell.getRow()) && !disabledColumns.has(cell.getField()),
        setValue: (cell, value) => cell.setValue(value),
        alwaysEdit,
        leave: later,
        check: (cell, draft) => validator().checkCell(cell.getField(), rowKeyOf(cell), draft, store.rows()),
        portal: runtime ? (edit) => setActive(edit) : undefined,
        loadFileNames: runtime ? (paths) => loadFileNames(runtime.http, paths) : undefined,
        renderSlot: (column, cell, el) => {
          const slot = live.current.slots?.[String(column.field.widgetOptions?.slot ?? column.key)];
          const data = cell.getRow().getData() as Record<string, unknown>;
          const setValue = (value: unknown) => cell.setValue(value);
          const node = slot?.({ value: cell.getValue(), row: data, column, setValue });
          if (slot) slots.render(`${rowKeyOf(cell)}\n${column.key}`, el, node);
        },
        draggable: !tree && columns.some((c) => c.key === store.sortKey),
        expand: tree || live.current.subTable !== undefined,
        openSubTable: live.current.subTable
          ? (row, clickY) => void subTable.open(String(row.getData()[ROW_KEY]), clickY)
          : undefined,
        disabledColumns,
        selectable,
        selectAll: selection.selectAll,
      }),
    });
    built.current = false;
    instance.on('tableBuilt', () => {
      built.current = true;
      timers.add(setTimeout(validator));
      if (dicts.current.size > 0) instance.redraw(true);
    });
    instance.on('cellEdited', changed);
    instance.on('cellEditCancelled', () => setActive(null));
    selection.bind(instance);
    if (tree) bindLazyChildren(instance, store, () => live.current.loadChildren);
    instance.on('rowMoved', () => {
      const order = instance.getRows().map((r) => String(r.getData()[ROW_KEY]));
      for (const key of store.reorder(order)) {
        void registry.get(key)?.update({ [store.sortKey]: store.get(key)?.[store.sortKey] });
      }
      emit();
    });
    table.current = instance;
    const stopOutside = onMouseUpOutside(
      () => host.current,
      () => endActive.current?.(),
    );
    return () => {
      stopOutside();
      for (const t of timers) clearTimeout(t);
      slots.clear();
      setActive(null);
      subTable.close();
      table.current = null;
      instance.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the data or columns change
  }, [store, messages, columns, maxHeight, alwaysEdit, disabledRows, disabledColumns, runtime]);

  useLiveRows({
    live: props.live,
    model,
    runtime,
    store,
    table: () => table.current,
    changed(keys) {
      for (const key of keys) registry.get(key)?.reformat();
      for (const c of columns) if (c.unique) messages.validateColumn(c.key);
      emit();
    },
  });

  const { add, remove } = gridActions({
    table: () => table.current,
    store,
    columns,
    messages,
    registry,
    emit,
    setSelected,
    defaults: () => runtime?.session.defaultContext?.() ?? null,
  });

  const check = () => {
    const all = validator().validateAll(store.rows());
    messages.show(all);
    return all;
  };
  useImperativeHandle(props.gridRef, () => ({
    validate: () => firstGridError(check(), store.rows(), columns),
    async validateAsync() {
      const builtIn = check();
      const custom = await runHandlers(live.current.handlers ?? {}, store.rows(), builtIn);
      const all = mergeErrors(builtIn, custom);
      messages.show(all);
      return firstGridError(all, store.rows(), columns);
    },
    payload: () => store.payload(),
    state: () => store.state(),
    async openSubTable(id: string) {
      const key = `${caseId}${id}`;
      // Scrolling draws a top-level row that the virtual renderer left out; a child must be shown.
      await table.current?.scrollToRow(key, 'center', false).catch(() => undefined);
      return subTable.open(key);
    },
  }));

  return (
    <div className="zj-grid">
      <GridToolbar
        canAdd={access.canAdd && props.fixedRows !== true}
        canRemove={access.canBatchDelete && props.fixedRows !== true}
        selected={selected}
        feedback={feedback}
        add={add}
        remove={remove}
      />
      <div ref={host} />
      {subTable.view}
      {runtime && <GridDicts codes={codes} onItems={onItems} />}
      {runtime && editing && (
        <CellWidget
          key={`${rowKeyOf(editing.cell)}\n${editing.column.key}`}
          edit={editing}
          options={optionsOf(editing.column)}
          runtime={runtime}
          setRow={setRow}
          onEnd={setEnd}
        />
      )}
    </div>
  );
}

export default EditableGrid;
