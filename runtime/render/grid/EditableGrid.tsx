/**
 * The editable grid: one React component over Tabulator (virtual rows, fixed 61px row height), driven
 * by a child entity's declaration. Row state, validation, typing rules and statistics live in
 * runtime/model/grid (shared with the server); this file wires them to Tabulator's events. Load it
 * lazily: it pulls in Tabulator and its stylesheet.
 */
import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
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
} from 'tabulator-tables';
import 'tabulator-tables/dist/css/tabulator_simple.min.css';
import './grid.css';
import type { EntityModel } from '../../model/declaration/model';
import { gridColumns, newRowValues } from '../../model/grid/columns';
import {
  GRID_BLUR_VALIDATE_MS,
  GRID_MAX_HEIGHT,
  GRID_RENDER_BUFFER_ROWS,
  GRID_ROW_HEIGHT,
  GridTexts,
} from '../../model/grid/constants';
import { GridRows, type GridSavePayload, type GridState } from '../../model/grid/rows';
import { firstGridError, GridValidator, type GridErrors } from '../../model/grid/validate';
import { ROW_KEY, tabulatorColumns } from './grid-columns';

Tabulator.registerModule([
  FormatModule,
  FrozenColumnsModule,
  EditModule,
  InteractionModule,
  SelectRowModule,
  ColumnCalcsModule,
  MoveRowsModule,
]);

export interface EditableGridHandle {
  /** Validates every cell, shows the messages; answers the first failure or null. */
  validate(): { rowIndex: number; key: string; message: string } | null;
  payload(): GridSavePayload;
  state(): GridState;
}

export interface EditableGridProps {
  /** The child entity whose declared fields are the columns. */
  model: EntityModel;
  /** Saved rows (each with its id). Keep the array stable: a new one starts a new grid state. */
  rows?: readonly Record<string, unknown>[];
  /** Fields the grid does not show or edit: the foreign key the parent fills in. */
  exclude?: readonly string[];
  /** Prefix of every row key of this grid instance. */
  caseId?: string;
  maxHeight?: number;
  onChange?: (state: GridState) => void;
  gridRef?: Ref<EditableGridHandle>;
}

const NO_ROWS: readonly Record<string, unknown>[] = [];
const NO_FIELDS: readonly string[] = [];

export function EditableGrid(props: EditableGridProps) {
  const { model, rows = NO_ROWS, exclude = NO_FIELDS, caseId = '', maxHeight = GRID_MAX_HEIGHT } = props;
  const host = useRef<HTMLDivElement>(null);
  const table = useRef<Tabulator | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const [selected, setSelected] = useState(0);
  // Keyed by the names, so a caller's fresh array with the same fields does not rebuild the table.
  const excludeKey = exclude.join(',');
  const columns = useMemo(
    () => gridColumns(model, excludeKey ? excludeKey.split(',') : []),
    [model, excludeKey],
  );
  const validator = useMemo(() => new GridValidator(columns), [columns]);
  const store = useMemo(() => new GridRows(rows, { caseId }), [rows, caseId]);
  const errors = useRef<GridErrors>(new Map());

  const emit = () => onChange.current?.(store.state());

  /** Sets the messages of one column (or all) and redraws the rows whose messages changed. */
  const showErrors = (next: Map<string, Record<string, string>>, only?: string) => {
    const changed = new Set<string>();
    for (const key of store.keys()) {
      const before = errors.current.get(key) ?? {};
      const after = next.get(key) ?? {};
      const merged = only ? { ...before, [only]: after[only] } : { ...after };
      if (only && merged[only] === undefined) delete merged[only];
      if (JSON.stringify(before) !== JSON.stringify(merged)) changed.add(key);
      if (Object.keys(merged).length > 0) errors.current.set(key, merged);
      else errors.current.delete(key);
    }
    for (const key of changed) table.current?.getRow(key)?.reformat();
  };

  const validateColumn = (field: string) => {
    const result = validator.validateColumn(field, store.rows());
    const next = new Map<string, Record<string, string>>();
    for (const [key, message] of result) if (message) next.set(key, { [field]: message });
    showErrors(next, field);
  };

  useEffect(() => {
    if (!host.current) return;
    errors.current = new Map();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (field: string) => {
      const t = setTimeout(() => {
        timers.delete(t);
        validateColumn(field);
      }, GRID_BLUR_VALIDATE_MS);
      timers.add(t);
    };
    const keyOf = (cell: CellComponent) => String(cell.getRow().getData()[ROW_KEY]);
    const changed = (cell: CellComponent) => {
      store.set(keyOf(cell), cell.getField(), cell.getValue());
      later(cell.getField());
      emit();
    };
    const instance = new Tabulator(host.current, {
      data: store.rows().map((r) => ({ [ROW_KEY]: r.key, ...r.values })),
      index: ROW_KEY,
      layout: 'fitDataFill',
      maxHeight,
      rowHeight: GRID_ROW_HEIGHT,
      renderVertical: 'virtual',
      renderVerticalBuffer: GRID_ROW_HEIGHT * GRID_RENDER_BUFFER_ROWS,
      editTriggerEvent: 'click',
      selectableRows: true,
      movableRows: columns.some((c) => c.key === store.sortKey),
      placeholder: GridTexts.empty,
      columns: tabulatorColumns(columns, {
        errorOf: (key, field) => errors.current.get(key)?.[field],
        toggled: (cell, value) => {
          cell.setValue(value);
          changed(cell);
        },
        leave: (cell) => later(cell.getField()),
        draggable: columns.some((c) => c.key === store.sortKey),
      }),
    });
    instance.on('cellEdited', changed);
    instance.on('rowSelectionChanged', (data: unknown[]) => setSelected(data.length));
    instance.on('rowMoved', () => {
      const order = instance.getRows().map((r) => String(r.getData()[ROW_KEY]));
      for (const key of store.reorder(order)) {
        void instance.updateRow(key, { [store.sortKey]: store.get(key)?.[store.sortKey] });
      }
      emit();
    });
    table.current = instance;
    return () => {
      for (const t of timers) clearTimeout(t);
      table.current = null;
      instance.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the data or columns change
  }, [store, columns, maxHeight]);

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
      errors.current.delete(key);
      void table.current?.deleteRow(key);
    }
    setSelected(0);
    // A removed row may have been the other half of a duplicate.
    for (const c of columns) if (c.unique) validateColumn(c.key);
    emit();
  };

  useImperativeHandle(props.gridRef, () => ({
    validate() {
      const all = validator.validateAll(store.rows());
      showErrors(all);
      return firstGridError(all, store.rows(), columns);
    },
    payload: () => store.payload(),
    state: () => store.state(),
  }));

  return (
    <div className="zj-grid">
      <Space className="zj-grid-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={add}>
          {GridTexts.add}
        </Button>
        <Button danger icon={<DeleteOutlined />} disabled={selected === 0} onClick={remove}>
          {GridTexts.remove}
        </Button>
      </Space>
      <div ref={host} />
    </div>
  );
}

export default EditableGrid;
