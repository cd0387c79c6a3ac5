/**
 * The report popup picker's body (spec 001 section 2): the report's query fields (three, the rest
 * on 展开), a bar with the count chosen and 清空 / 刷新, and the report's rows, keyed as the spec
 * says (row values joined, id first, cut at 50 characters).
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { QueryForm } from '../list/QueryForm';
import {
  cellText,
  queryItemFields,
  reportRequest,
  type ReportColumnsAnswer,
  type ReportPageAnswer,
  type ReportQueryItem,
} from '../report/report-model';
import { rowKey } from '../report/ReportView';
import { pickerPagination } from './picker-paging';

export interface ReportPopupListProps {
  report: string;
  multi: boolean;
  chosen: Row[];
  onChoose(rows: Row[]): void;
}

export function ReportPopupList({
  report,
  multi,
  chosen,
  onChoose,
}: ReportPopupListProps): React.JSX.Element {
  const { http } = useRuntime();
  const meta = useSWR(['report-popup', report], async () => {
    const [columns, items] = await Promise.all([
      http.get<ReportColumnsAnswer>(`/online/cgreport/api/getRpColumns/${report}`),
      http.get<ReportQueryItem[]>(`/online/cgreport/api/getQueryInfo/${report}`),
    ]);
    return columns.success && items.success
      ? { columns: columns.result, items: items.result }
      : columns.success
        ? items.message
        : columns.message;
  });
  const [query, setQuery] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const info = typeof meta.data === 'object' ? meta.data : null;
  const request = info
    ? reportRequest([], {}, info.items, query, null, { current: page.pageNo, size: page.pageSize })
    : null;
  const data = useSWR(request ? ['report-popup-data', report, JSON.stringify(request)] : null, () =>
    http.get<ReportPageAnswer>(`/online/cgreport/api/getData/${report}`, request!),
  );
  const fields = useMemo(() => (info ? queryItemFields(info.items) : []), [info]);
  if (typeof meta.data === 'string') return <Alert type="warning" showIcon title={meta.data} />;
  if (!info) return <Table loading columns={[]} />;
  const records = data.data?.success ? data.data.result.records : [];
  const keys = chosen.map(rowKey);
  const toggle = (row: Row) => {
    const key = rowKey(row);
    if (keys.includes(key)) onChoose(chosen.filter((r) => rowKey(r) !== key));
    else onChoose(multi ? [...chosen, row] : [row]);
  };
  return (
    <>
      {fields.length > 0 && (
        <QueryForm
          name={`zj-report-popup-${report}`}
          fields={fields}
          onSearch={(values) => {
            setQuery(values);
            setPage({ ...page, pageNo: 1 });
          }}
          onReset={() => setQuery({})}
        />
      )}
      <Space className="zj-popup-picker__bar" style={{ marginBottom: 12 }}>
        <span>
          已选择 <a>{chosen.length}</a> 项
        </span>
        <Button type="link" size="small" onClick={() => onChoose([])}>
          清空
        </Button>
        <Button type="link" size="small" icon={<ReloadOutlined />} onClick={() => void data.mutate()}>
          刷新
        </Button>
      </Space>
      <Table<Row>
        size="small"
        bordered
        rowKey={rowKey}
        loading={data.isLoading}
        dataSource={records}
        columns={info.columns.columns.map((c) => ({
          key: c.dataIndex,
          title: c.title,
          align: 'center' as const,
          render: (_: unknown, r: Row) => cellText(c, r),
        }))}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onSelect: toggle,
          onSelectAll: (selected, _rows, changed) => {
            const changedKeys = new Set(changed.filter(Boolean).map(rowKey));
            onChoose(
              selected
                ? [...chosen, ...changed.filter(Boolean)]
                : chosen.filter((r) => !changedKeys.has(rowKey(r))),
            );
          },
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={pickerPagination(
          page,
          data.data?.success ? data.data.result.total : 0,
          (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        )}
      />
    </>
  );
}
