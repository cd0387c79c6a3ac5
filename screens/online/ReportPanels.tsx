/**
 * The small panels of 在线报表: 预览 (the report as staff see it), 导出定义 (the definition as JSON,
 * to move a report between environments) and 导入定义 (such a JSON back as a new report).
 */
import { Alert, Button, Input, Space, Spin, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { saveBlob } from '../../runtime/render/data/files';
import { ReportView } from '../../runtime/render/report/ReportView';

export function ReportPreviewPanel({ row }: PanelProps): React.JSX.Element {
  return <ReportView reportKey={String(row?.id ?? '')} />;
}

export function ReportExportPanel({ row }: PanelProps): React.JSX.Element {
  const { http } = useRuntime();
  const [json, setJson] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    void http.get<unknown>('/online/cgreport/head/exportJson', { id: row?.id }).then((res) => {
      if (res.success) setJson(JSON.stringify(res.result, null, 2));
      else setProblem(res.message);
    });
  }, [http, row]);
  if (problem) return <Alert type="warning" showIcon title={problem} />;
  if (json === null) return <Spin />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        报表定义（不含编号与版本），可在另一环境的“导入定义”中使用。
      </Typography.Text>
      <Input.TextArea aria-label="报表定义" value={json} rows={14} readOnly />
      <Button
        type="primary"
        onClick={() =>
          saveBlob(new Blob([json], { type: 'application/json' }), `${String(row?.code ?? 'report')}.json`)
        }
      >
        下载JSON
      </Button>
    </Space>
  );
}

export function ReportImportPanel({ close, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      setProblem('不是有效的JSON');
      return;
    }
    const res = await http.post<string>('/online/cgreport/head/importJson', body);
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    feedback.message('success', res.message);
    await refresh();
    close();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {problem && <Alert type="warning" showIcon title={problem} />}
      <Upload
        accept=".json,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then(setText);
          return false;
        }}
      >
        <Button>选择JSON文件</Button>
      </Upload>
      <Input.TextArea
        aria-label="报表定义JSON"
        rows={12}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="或粘贴导出的报表定义"
      />
      <Button type="primary" disabled={text.trim() === ''} onClick={() => void submit()}>
        导入
      </Button>
    </Space>
  );
}
