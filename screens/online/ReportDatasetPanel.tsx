/**
 * 报表数据集's add / edit: a table of the database and the columns reports may read from it.
 * Tables holding secrets and columns such as password hashes are never offered by the server.
 */
import { Alert, Button, Checkbox, Form, Input, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';

interface TableInfo {
  tableName: string;
  columns: string[];
}

export default function ReportDatasetPanel({ row, close, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [tableName, setTableName] = useState<string>(String(row?.tableName ?? ''));
  const [title, setTitle] = useState<string>(String(row?.title ?? ''));
  const [columns, setColumns] = useState<string[]>(row?.columns ? String(row.columns).split(',') : []);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void http.get<TableInfo[]>('/online/cgreport/dataset/tables').then((res) => {
      if (res.success) setTables(res.result);
      else setProblem(res.message);
    });
  }, [http]);
  const offered = useMemo(
    () => tables?.find((t) => t.tableName === tableName)?.columns ?? [],
    [tables, tableName],
  );
  if (!tables) return problem ? <Alert type="warning" showIcon title={problem} /> : <Spin />;

  const save = async () => {
    const body = { id: row?.id, tableName, title, columns };
    const res = row
      ? await http.put<string>('/online/cgreport/dataset/edit', body)
      : await http.post<string>('/online/cgreport/dataset/add', body);
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    feedback.message('success', res.message);
    await refresh();
    close();
  };

  return (
    <Form layout="vertical">
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Form.Item label="表" required>
        <Select
          aria-label="表"
          showSearch
          disabled={Boolean(row)}
          value={tableName || undefined}
          options={tables.map((t) => ({ value: t.tableName, label: t.tableName }))}
          onChange={(name: string) => {
            setTableName(name);
            setColumns(tables.find((t) => t.tableName === name)?.columns ?? []);
          }}
        />
      </Form.Item>
      <Form.Item label="名称" required>
        <Input aria-label="名称" value={title} onChange={(e) => setTitle(e.target.value)} />
      </Form.Item>
      <Form.Item label="报表可读取的字段">
        <Checkbox.Group
          value={columns}
          options={offered.map((c) => ({ value: c, label: c }))}
          onChange={(v) => setColumns(v as string[])}
        />
      </Form.Item>
      <Space>
        <Button onClick={close}>关闭</Button>
        <Button type="primary" disabled={!tableName || columns.length === 0} onClick={() => void save()}>
          保存
        </Button>
      </Space>
    </Form>
  );
}
