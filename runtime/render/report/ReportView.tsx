/**
 * A report as staff use it (the report head list of spec 000 section 2): its parameters and query
 * fields (three shown, the rest on 展开), the chart above the table, the table with server-side
 * sort and paging, the footer rows 合计 / 平均 over the whole result, 导出 (with the bytes received
 * while it takes longer than a second) and 打印.
 */
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useRuntime } from '../context';
import { saveBlob, fetchFile } from '../data/files';
import { tablePagination } from './report-paging';
import { QueryForm } from '../list/QueryForm';
import {
  cellText,
  footerRows,
  initialParamValues,
  paramFields,
  queryItemFields,
  reportRequest,
  ReportText,
  type ReportColumnsAnswer,
  type ReportPageAnswer,
  type ReportParamInfo,
  type ReportQueryItem,
} from './report-model';

const ReportChart = lazy(() => import('./ReportChart'));
const BASE = '/online/cgreport/api';

export interface ReportViewProps {
  /** The report's id or code. */
  reportKey: string;
}

interface Meta {
  columns: ReportColumnsAnswer;
  items: ReportQueryItem[];
  params: ReportParamInfo[];
}

export function ReportView({ reportKey }: ReportViewProps): React.JSX.Element {
  const runtime = useRuntime();
  const { http, feedback } = runtime;
  const meta = useSWR(
    ['report-meta', reportKey],
    async (): Promise<Meta | string> => {
      const [columns, items, params] = await Promise.all([
        http.get<ReportColumnsAnswer>(`${BASE}/getRpColumns/${reportKey}`),
        http.get<ReportQueryItem[]>(`${BASE}/getQueryInfo/${reportKey}`),
        http.get<ReportParamInfo[]>(`${BASE}/getParamsInfo/${reportKey}`),
      ]);
      const failed = [columns, items, params].find((a) => !a.success);
      if (failed) return failed.message;
      return { columns: columns.result, items: items.result, params: params.result };
    },
    { revalidateOnFocus: false },
  );
  const info = typeof meta.data === 'object' ? meta.data : null;
  const [paramValues, setParamValues] = useState<Record<string, unknown> | null>(null);
  const [queryValues, setQueryValues] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' } | null>(null);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [exporting, setExporting] = useState<string | null>(null);

  const values = paramValues ?? (info ? initialParamValues(info.params) : {});
  const request = info ? reportRequest(info.params, values, info.items, queryValues, sort, page) : null;
  const data = useSWR(
    request ? ['report-data', reportKey, JSON.stringify(request)] : null,
    () => http.get<ReportPageAnswer>(`${BASE}/getData/${reportKey}`, request!),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const answer = data.data?.success ? data.data.result : null;
  const problem = data.data && !data.data.success ? data.data.message : null;

  const formFields = useMemo(
    () => (info ? [...paramFields(info.params), ...queryItemFields(info.items)] : []),
    [info],
  );
  if (typeof meta.data === 'string') return <Alert type="warning" showIcon title={meta.data} />;
  if (!info) return <Card loading variant="borderless" />;

  const { columns: answerColumns } = info;
  const paramNames = new Set(info.params.map((p) => p.paramName));
  const search = (all: Record<string, unknown>) => {
    const params: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(all)) (paramNames.has(k) ? params : query)[k] = v;
    setParamValues(params);
    setQueryValues(query);
    setPage((p) => ({ ...p, current: 1 }));
  };

  const exportRows = async () => {
    const started = Date.now();
    const file = await fetchFile(http, `${BASE}/exportXls/${reportKey}`, request ?? {}, (event) => {
      // Said only once it takes longer than a second.
      if (Date.now() - started > 1000)
        setExporting(ReportText.exporting(`${(event.loaded / 1048576).toFixed(1)} MB`));
    });
    setExporting(null);
    if (file.ok) saveBlob(file.blob, `${answerColumns.cgRpConfigName}.xlsx`);
    else feedback.message('warning', file.message);
  };

  const footer = footerRows(answerColumns.columns, answer?.totals ?? null);
  return (
    <Card variant="borderless" className="zj-report" title={answerColumns.cgRpConfigName}>
      {formFields.length > 0 && (
        <QueryForm
          name={`zj-report-${reportKey}`}
          fields={formFields}
          initialValues={values}
          onSearch={search}
          onReset={() => search(initialParamValues(info.params))}
        />
      )}
      <Space style={{ marginBottom: 16 }} className="zj-report__toolbar">
        <Button icon={<DownloadOutlined />} loading={exporting !== null} onClick={() => void exportRows()}>
          导出
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
        {exporting && <Typography.Text type="secondary">{exporting}</Typography.Text>}
      </Space>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {answerColumns.chart && answer && answer.records.length > 0 && (
        <Suspense fallback={<div style={{ height: 300 }} />}>
          <ReportChart chart={answerColumns.chart} columns={answerColumns.columns} records={answer.records} />
        </Suspense>
      )}
      <Table<Record<string, unknown>>
        rowKey={(row) => rowKey(row)}
        size="middle"
        bordered
        loading={data.isLoading}
        dataSource={answer?.records ?? []}
        columns={answerColumns.columns.map((c) => ({
          key: c.dataIndex,
          dataIndex: c.dataIndex,
          title: c.title,
          width: c.width ?? undefined,
          align: 'center' as const,
          sorter: c.sorter,
          sortOrder: sort?.field === c.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
          render: (_: unknown, record: Record<string, unknown>) => cellText(c, record),
        }))}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(s?.order ? { field: String(s.field), order: s.order === 'ascend' ? 'asc' : 'desc' } : null);
        }}
        summary={() =>
          footer.map((row) => (
            <Table.Summary.Row key={row.label} className="zj-report__footer">
              {answerColumns.columns.map((c, i) => (
                <Table.Summary.Cell key={c.dataIndex} index={i} align="center">
                  {i === 0 && !(c.dataIndex in row.values) ? row.label : (row.values[c.dataIndex] ?? '')}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ))
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={tablePagination(answer?.total ?? 0, page, (current, size) => setPage({ current, size }))}
      />
    </Card>
  );
}

/** Spec 001 section 9: a report row's key is its values joined, id first, cut to 50 characters. */
export function rowKey(row: Record<string, unknown>): string {
  const { id, ...rest } = row;
  return [id, ...Object.values(rest)]
    .filter((v) => v !== undefined)
    .map(String)
    .join('')
    .slice(0, 50);
}
