/**
 * Table columns from the declaration: dictionary columns show `<field>_dictText`, sorts go to the
 * server. Widths follow spec 000 section 9 (datetime 200, at least 190; a date at least 135), and a
 * long text is cut at 25 characters with the whole text on hover, so a list fits the page instead of
 * scrolling sideways.
 */
import type { TableColumnType } from 'antd';
import type { FieldModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { displayText } from '../detail/detail-items';
import { useFileNames } from '../data/file-names';
import { splitPaths } from '../widgets/upload-list';
import { isPlaceholder, LOADING_TEXT } from '../tree/tree-rows';
import { ProgressCell } from './progress-cell';
import type { SortState } from './query-params';

/** Spec 000 section 9: the default ellipsis length. */
export const ELLIPSIS_LENGTH = 25;

/** The widths of a column (spec 000 section 9 grid widths). */
export function columnWidths(field: FieldModel): { width?: number; minWidth?: number } {
  if (field.type === 'datetime') return { width: 200, minWidth: 190 };
  if (field.type === 'date') return { minWidth: 135 };
  return {};
}

/** A text cut at the spec's 25 characters with an ellipsis, and the whole text when it was cut. */
export function cutText(text: string, length = ELLIPSIS_LENGTH): { shown: string; whole?: string } {
  const chars = [...text];
  if (chars.length <= length) return { shown: text };
  return { shown: `${chars.slice(0, length).join('')}...`, whole: text };
}

/** The names of a cell's files, as one text: a list shows names, not the random stored paths. */
function FileNamesText({ paths }: { paths: readonly string[] }): React.JSX.Element {
  const nameOf = useFileNames(paths);
  const { shown, whole } = cutText(paths.map(nameOf).join('，'));
  return <span title={whole}>{shown}</span>;
}

/** `tree`: the first column carries the expander and the indent, which only read when left-aligned. */
export function tableColumns(
  fields: readonly FieldModel[],
  sort: SortState | null,
  tree = false,
): TableColumnType<Row>[] {
  return fields.map((field, index) => ({
    key: field.name,
    dataIndex: field.dict ? `${field.name}_dictText` : field.name,
    title: field.title,
    ...columnWidths(field),
    align: tree && index === 0 ? 'left' : 'center',
    sorter: field.sortable,
    sortOrder: sort?.field === field.name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    // A tree's not-yet-loaded children show one 加载中... row in the first column.
    render: (_: unknown, row: Row) => {
      if (isPlaceholder(row)) return index === 0 ? LOADING_TEXT : '';
      if (field.widget === 'progress') return <ProgressCell value={row[field.name]} />;
      // Files by the names they were uploaded with, not their random stored paths.
      if (field.widget === 'file' || field.widget === 'image')
        return <FileNamesText paths={splitPaths(row[field.name])} />;
      const { shown, whole } = cutText(displayText(field, row));
      return whole ? (
        <span className="zj-cell-cut" title={whole}>
          {shown}
        </span>
      ) : (
        shown
      );
    },
  }));
}
