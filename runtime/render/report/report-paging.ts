import type { TablePaginationConfig } from 'antd';
import { totalText } from '../list/query-params';

/** A report table's pagination: the spec's defaults (10 a page; 10/20/30/60; jumper; 'a-b 共N条'). */
export function tablePagination(
  total: number,
  page: { current: number; size: number },
  change: (current: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: page.current,
    pageSize: page.size,
    total,
    pageSizeOptions: [10, 20, 30, 60],
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: totalText,
    onChange: change,
  };
}
