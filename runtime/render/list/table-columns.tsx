/** Table columns from the declaration: dictionary columns show `<field>_dictText`, sorts go to the server. */
import type { TableColumnType } from 'antd';
import type { FieldModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { displayText } from '../detail/detail-items';
import { isPlaceholder, LOADING_TEXT } from '../tree/tree-rows';
import type { SortState } from './query-params';

/** datetime 200, date 135, others 120 wide (spec section 9 grid widths). */
function widthOf(field: FieldModel): number | undefined {
  if (field.type === 'datetime') return 200;
  if (field.type === 'date') return 135;
  return undefined;
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
    width: widthOf(field),
    ellipsis: true,
    align: tree && index === 0 ? 'left' : 'center',
    sorter: field.sortable,
    sortOrder: sort?.field === field.name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    // A tree's not-yet-loaded children show one 加载中... row in the first column.
    render: (_: unknown, row: Row) =>
      isPlaceholder(row) ? (index === 0 ? LOADING_TEXT : '') : displayText(field, row),
  }));
}
