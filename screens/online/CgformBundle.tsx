/**
 * 导入导出 of the online form designer (docs/modules/online-forms.md): export designed forms with
 * their menus and permission rows as one JSON bundle; import one elsewhere: 预览 (a dry run) shows
 * per form, menu and permission what is new, changed or unchanged, 确认导入 applies it in one
 * transaction. Importing the same bundle again changes nothing.
 */
import { Alert, Button, Input, Select, Space, Tabs, Typography, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { BASE, detailOf } from './cgform-api';
import { SaveProblems, type Refusal } from './SaveProblems';
import type { DiffItem } from './cgform/BundleDiffTable';

const BundleDiffTable = lazy(() => import('./cgform/BundleDiffTable'));
const BUNDLE = '/online/cgform/bundle';

interface Diff {
  items: DiffItem[];
  summary: { new: number; changed: number; unchanged: number };
}

function ExportTab(): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    void http
      .get<{ records: { name: string; title: string }[] }>(`${BASE}/list`, { pageSize: 200 })
      .then((res) =>
        setOptions(
          (res.result?.records ?? []).map((r) => ({ value: r.name, label: `${r.title}（${r.name}）` })),
        ),
      );
  }, [http]);
  const download = async () => {
    const res = await http.get<unknown>(`${BUNDLE}/export`, { names: names.join(',') });
    if (!res.success) return feedback.message('error', res.message);
    const blob = new Blob([JSON.stringify(res.result, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `online-forms-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        选择设计的表单，导出为一个导入包（含表单声明、菜单和按钮权限）。
      </Typography.Text>
      <Select
        aria-label="要导出的表单"
        mode="multiple"
        allowClear
        placeholder="选择表单"
        options={options}
        value={names}
        onChange={setNames}
        style={{ width: '100%' }}
      />
      <Button type="primary" disabled={names.length === 0} onClick={() => void download()}>
        导出
      </Button>
    </Space>
  );
}

function ImportTab({ refresh }: { refresh(): Promise<unknown> }): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [text, setText] = useState('');
  const [diff, setDiff] = useState<Diff | null>(null);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const res = await http.post<Diff>(`${BUNDLE}/import`, { bundle: text, dryRun });
      if (!res.success || !res.result) {
        setDiff(null);
        setRefusal({ message: res.message, detail: detailOf(res) });
        return;
      }
      setRefusal(null);
      setDiff(res.result);
      setNote(res.message);
      if (!dryRun) {
        feedback.message('success', res.message);
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };
  const pending = diff ? diff.summary.new + diff.summary.changed : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then((t) => (setText(t), setDiff(null)));
            return false;
          }}
        >
          <Button>选择导入包文件</Button>
        </Upload>
        <Typography.Text type="secondary">或粘贴导入包 JSON；先预览差异，再确认导入。</Typography.Text>
      </Space>
      <Input.TextArea
        aria-label="导入包"
        rows={6}
        value={text}
        onChange={(e) => (setText(e.target.value), setDiff(null))}
        style={{ fontFamily: 'monospace' }}
      />
      <SaveProblems refusal={refusal} />
      {diff && <Alert type={pending ? 'info' : 'success'} showIcon title={note} />}
      {diff && (
        <Suspense fallback={null}>
          <BundleDiffTable items={diff.items} />
        </Suspense>
      )}
      <Space>
        <Button loading={busy} disabled={!text.trim()} onClick={() => void send(true)}>
          预览差异
        </Button>
        <Button
          type="primary"
          loading={busy}
          disabled={!diff || pending === 0}
          onClick={() => void send(false)}
        >
          确认导入
        </Button>
      </Space>
    </Space>
  );
}

export default function CgformBundle({ refresh }: PanelProps): React.JSX.Element {
  return (
    <Tabs
      items={[
        { key: 'import', label: '导入', children: <ImportTab refresh={refresh} /> },
        { key: 'export', label: '导出', children: <ExportTab /> },
      ]}
    />
  );
}
