/** The Table wiring every declared list shares: the spec's pagination and server-side page/sort changes. */
import type { TablePaginationConfig, TableProps } from 'antd';
import type { EntityModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { totalText } from './query-params';
import type { ListController } from './useListController';

export function tablePaging(
  list: ListController,
  model: EntityModel,
  options: { quickJumper?: boolean; look?: TablePaginationConfig } = {},
): Pick<TableProps<Row>, 'pagination' | 'onChange'> {
  return {
    pagination: {
      ...options.look,
      current: list.page.current,
      pageSize: list.page.size,
      total: list.total,
      pageSizeOptions: model.pageSizes.map(String),
      showQuickJumper: options.quickJumper,
      showSizeChanger: true,
      showTotal: totalText,
    },
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'paginate') list.changePage(pagination.current ?? 1, pagination.pageSize ?? 10);
      if (extra.action === 'sort') {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        list.changeSort(
          one?.order && one.columnKey
            ? { field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' }
            : null,
        );
      }
    },
  };
}
