/**
 * A list's row marks (`list.rowMarks`): a row whose rule holds is tinted (class zj-row-mark--<mark>)
 * and its first column carries the mark's title as a tag - an overdue order stands out in 我负责的.
 * Rules see {row, today}; today is the browser's date (the server's rules use the app's, the same
 * machine clock in practice).
 */
import type { TableColumnType, TableProps } from 'antd';
import { rowMarkOf } from '../../model/declaration/row-access';
import type { RowMarkDecl } from '../../model/declaration/types';
import type { Row } from '../data/adapter';
import './row-marks.css';

/** YYYY-MM-DD of the browser's clock ('sv-SE' writes ISO dates). */
export function localToday(now = new Date()): string {
  return now.toLocaleDateString('sv-SE');
}

export function withRowMarks(
  columns: TableColumnType<Row>[],
  rowClassName: TableProps<Row>['rowClassName'],
  marks: readonly RowMarkDecl[] | undefined,
  today: string,
): { columns: TableColumnType<Row>[]; rowClassName: TableProps<Row>['rowClassName'] } {
  if (!marks || marks.length === 0) return { columns, rowClassName };
  const [first, ...rest] = columns;
  if (!first) return { columns, rowClassName };
  const firstRender = first.render;
  const marked: TableColumnType<Row> = {
    ...first,
    render: (value: unknown, row: Row, index: number) => {
      const shown = firstRender ? firstRender(value, row, index) : (value as React.ReactNode);
      const mark = rowMarkOf(marks, row, today);
      if (!mark) return shown;
      return (
        <span className="zj-row-mark">
          {/* A tag drawn by row-marks.css: antd's Tag would join every list's first load. */}
          <span className={`zj-row-mark__tag zj-row-mark__tag--${mark.mark}`}>{mark.title}</span>
          {shown as React.ReactNode}
        </span>
      );
    },
  };
  return {
    columns: [marked, ...rest],
    rowClassName: (row, index, indent) => {
      const own =
        typeof rowClassName === 'function' ? rowClassName(row, index, indent) : (rowClassName ?? '');
      const mark = rowMarkOf(marks, row, today);
      return mark ? `${own} zj-row-mark--${mark.mark}`.trim() : own;
    },
  };
}
