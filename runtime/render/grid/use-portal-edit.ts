/**
 * The active React editor (cell-widgets.tsx): finishing it either way unmounts it; `setRow` stores
 * several columns of its row at once (a popup picker fills its destination fields).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Tabulator } from 'tabulator-tables';
import type { GridColumn } from '../../model/grid/columns';
import type { GridRows } from '../../model/grid/rows';
import type { PortalEdit } from './cell-editors';
import { rowKeyOf } from './cell-formatters';

export function usePortalEdit(
  store: GridRows,
  columns: readonly GridColumn[],
  table: () => Tabulator | null,
  row: (key: string) => { update(values: Record<string, unknown>): Promise<void> } | undefined,
) {
  const [active, setActive] = useState<PortalEdit | null>(null);
  const endActive = useRef<(() => void) | null>(null);
  const setEnd = useCallback((end: (() => void) | null) => {
    endActive.current = end;
  }, []);
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
    const target = row(key);
    if (target) void target.update(known);
    else void table()?.updateRow(key, known);
  };
  return { setActive, endActive, setEnd, editing, setRow };
}
