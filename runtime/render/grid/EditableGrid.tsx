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
import { GridAccess } from '../../model/grid/access';
import { gridColumns, newRowValues, type GridColumn, type GridOption } from '../../model/grid/columns';
import { GRID_BLUR_VALIDATE_MS, GRID_MAX_HEIGHT } from '../../model/grid/constants';
import { mergeErrors, runHandlers } from '../../model/grid/handlers';
import { GridRows } from '../../model/grid/rows';
import { firstGridError, GridValidator } from '../../model/grid/validate';
import { RuntimeContext } from '../context';
import { antdFeedback } from '../feedback';
import type { PortalEdit } from './cell-editors';
import { rowKeyOf } from './cell-formatters';
import { CellWidget } from './cell-widgets';
import { onMouseUpOutside } from './edit-outside';
import { GridDicts } from './GridDicts';
import type { EditableGridProps } from './grid-props';
import { GridToolbar } from './GridToolbar';
import { gridMessages } from './grid-messages';
import { ROW_KEY, tabulatorColumns } from './grid-columns';
import { gridSelection } from './grid-selection';
import { SlotRoots } from './slot-roots';
import { tableOptions } from './table-options';

export type { EditableGridHandle, EditableGridProps, GridSlot, GridSlotProps } from './grid-props';

Tabulator.registerModule([
  FormatModule,
  FrozenColumnsModule,
  EditModule,
  InteractionModule,
  SelectRowModule,
  ColumnCalcsModule,
  MoveRowsModule,
]);

const NO_ROWS: readonly Record<string, unknown>[] = [];
const NO_FIELDS: readonly string[] = [];

export function EditableGrid(props: EditableGridProps) {
  const { model, rows = NO_ROWS, exclude = NO_FIELDS, caseId = '', maxHeight = GRID_MAX_HEIGHT } = props;
  const alwaysEdit = props.alwaysEdit === true;
  const runtime = useContext(RuntimeContext);
  const host = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | null>(null);
  const live = useRef(props);
  live.current = props;
  const [selected, setSelected] = useState(0);
  const [active, setActive] = useState<PortalEdit | null>(null);
  const endActive = useRef<(() => void) | null>(null);
  const dicts = useRef(new Map<string, GridOption[]>());
  const built = useRef(false);
  const session = runtime?.session;
  const access = useMemo(
    () =>
      new GridAccess(
        props.authPrefix,
        props.auth ?? session?.auth().map((a) => a.action) ?? [],
        props.allAuth ?? session?.allAuth() ?? [],
      ),
    [props.authPrefix, props.auth, props.allAuth, session],
  );
  // Keyed by the names, so a caller's fresh array with the same fields does not rebuild the table.
  const excludeKey = exclude.join(',');
  const declared = useMemo(
    () => gridColumns(model, excludeKey ? excludeKey.split(',') : []),
    [model, excludeKey],
  );
  const columns = useMemo(
    () => declared.filter((c) => access.column(c.key) !== 'removed'),
    [declared, access],
  );
  const disabledColumns = useMemo(
    () => new Set(columns.filter((c) => access.column(c.key) === 'disabled').map((c) => c.key)),
    [columns, access],
  );
  const disabledKey = (props.disabledRows ?? []).map((id) => `${caseId}${id}`).join('\n');
  const disabledRows = useMemo(() => new Set(disabledKey ? disabledKey.split('\n') : []), [disabledKey]);
  const validator = useMemo(() => new GridValidator(columns), [columns]);
  const store = useMemo(() => new GridRows(rows, { caseId }), [rows, caseId]);
  const messages = useMemo(
    () =>
      gridMessages(
        store,
        validator,
        () => table.current,
        () => live.current.handlers,
      ),
    [store, validator],
  );
  const codes = useMemo(() => [...new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))], [columns]);

  const emit = () => live.current.onChange?.(store.state());
  const optionsOf = (c: GridColumn): readonly GridOption[] =>
    c.options.length > 0 ? c.options : (dicts.current.get(c.dict ?? '') ?? []);

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
    const selectable = (row: RowComponent) => !disabledRows.has(String(row.getData()[ROW_KEY]));
    const selection = gridSelection(selectable, setSelected);
    const instance = new Tabulator(host.current, {
      ...tableOptions(
        maxHeight,
        alwaysEdit,
        columns.some((c) => c.key === store.sortKey),
      ),
      data: store.rows().map((r) => ({ [ROW_KEY]: r.key, ...r.values })),
      selectableRowsCheck: selectable,
      rowFormatter: (row) => row.getElement().classList.toggle('zj-grid-row-disabled', !selectable(row)),
      columns: tabulatorColumns(columns, {
        errorOf: (key, field) => messages.errors.get(key)?.[field],
        optionsOf,
        canEdit: (cell) => !disabledRows.has(rowKeyOf(cell)) && !disabledColumns.has(cell.getField()),
        setValue: (cell, value) => cell.setValue(value),
        alwaysEdit,
        leave: later,
        check: (cell, draft) => validator.checkCell(cell.getField(), rowKeyOf(cell), draft, store.rows()),
        portal: runtime ? (edit) => setActive(edit) : undefined,
        renderSlot: (column, cell, el) => {
          const slot = live.current.slots?.[String(column.field.widgetOptions?.slot ?? column.key)];
          const data = cell.getRow().getData() as Record<string, unknown>;
          const setValue = (value: unknown) => cell.setValue(value);
          const node = slot?.({ value: cell.getValue(), row: data, column, setValue });
          if (slot) slots.render(`${rowKeyOf(cell)}\n${column.key}`, el, node);
        },
        draggable: columns.some((c) => c.key === store.sortKey),
        disabledColumns,
        selectable,
        selectAll: selection.selectAll,
      }),
    });
    built.current = false;
    instance.on('tableBuilt', () => {
      built.current = true;
      if (dicts.current.size > 0) instance.redraw(true);
    });
    instance.on('cellEdited', changed);
    instance.on('cellEditCancelled', () => setActive(null));
    selection.bind(instance);
    instance.on('rowMoved', () => {
      const order = instance.getRows().map((r) => String(r.getData()[ROW_KEY]));
      for (const key of store.reorder(order)) {
        void instance.updateRow(key, { [store.sortKey]: store.get(key)?.[store.sortKey] });
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
      table.current = null;
      instance.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the data or columns change
  }, [store, messages, columns, maxHeight, alwaysEdit, disabledRows, disabledColumns, runtime]);

  const add = () => {
    const values = newRowValues(columns);
    // A new line goes last: it takes the next sort number.
    if (store.sortKey in values) values[store.sortKey] = store.size + 1;
    const key = store.add(values);
    void table.current?.addRow({ [ROW_KEY]: key, ...values }, false).then((row) => row.scrollTo());
    emit();
  };

  const remove = () => {
    const keys = (table.current?.getSelectedData() ?? []).map((d: Record<string, unknown>) =>
      String(d[ROW_KEY]),
    );
    store.remove(keys);
    for (const key of keys) {
      messages.errors.delete(key);
      void table.current?.deleteRow(key);
    }
    setSelected(0);
    // A removed row may have been the other half of a duplicate.
    for (const c of columns) if (c.unique) messages.validateColumn(c.key);
    emit();
  };

  const check = () => {
    const all = validator.validateAll(store.rows());
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
  }));

  const setEnd = useCallback((end: (() => void) | null) => {
    endActive.current = end;
  }, []);
  /** The active React editor; finishing it (either way) unmounts it. */
  const editing = useMemo<PortalEdit | null>(() => {
    if (!active) return null;
    const close = () => {
      endActive.current = null;
      setActive(null);
    };
    return {
      ...active,
      success: (value) => (close(), active.success(value)),
      cancel: () => (close(), active.cancel()),
    };
  }, [active]);
  const setRow = (values: Record<string, unknown>) => {
    if (!active) return;
    const key = rowKeyOf(active.cell);
    const known = Object.fromEntries(
      Object.entries(values).filter(([k]) => columns.some((c) => c.key === k)),
    );
    for (const [field, value] of Object.entries(known)) store.set(key, field, value);
    void table.current?.updateRow(key, known);
  };
  return (
    <div className="zj-grid">
      <GridToolbar
        canAdd={access.canAdd}
        canRemove={access.canBatchDelete}
        selected={selected}
        feedback={runtime?.feedback ?? antdFeedback}
        add={add}
        remove={remove}
      />
      <div ref={host} />
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
