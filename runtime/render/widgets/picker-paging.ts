import type { TablePaginationConfig } from 'antd';
import { totalText } from '../list/query-params';

/** A picker table's pagination: the spec's total text 'a-b 共N条', page changes back to the picker. */
export function pickerPagination(
  page: { pageNo: number; pageSize: number },
  total: number,
  change: (pageNo: number, pageSize: number) => void,
): TablePaginationConfig {
  return { current: page.pageNo, pageSize: page.pageSize, total, showTotal: totalText, onChange: change };
}
