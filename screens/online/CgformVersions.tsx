/**
 * 版本 of the online form designer: every saved version with its author, time and note; 查看 shows
 * the JSON, 回滚 saves the chosen version again as a new one (same checks and sync as a save).
 */
import { Button, Popconfirm, Space, Spin, Table } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { BASE, detailOf, loadHead, type CgformHead } from './cgform-api';
import { SaveProblems, type Refusal } from './SaveProblems';

const JsonEditor = lazy(() => import('./JsonEditor'));

interface VersionRow {
  version: number;
  comment: string | null;
  createBy: string | null;
  createTime: string;
}

export default function CgformVersions({ row, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const id = String(row?.id ?? '');
  const [head, setHead] = useState<CgformHead | null>(null);
  const [versions, setVersions] = useState<VersionRow[] | null>(null);
  const [shown, setShown] = useState<{ version: number; text: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const reload = useCallback(async () => {
    const [loaded, list] = await Promise.all([
      loadHead(http, id),
      http.get<VersionRow[]>(`${BASE}/versions`, { id }),
    ]);
    setHead(loaded);
    setVersions(list.result ?? []);
  }, [http, id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const view = async (version: number) => {
    const res = await http.get<{ declaration: string }>(`${BASE}/version`, { id, version });
    if (res.success && res.result) setShown({ version, text: res.result.declaration });
  };

  const rollback = async (version: number) => {
    if (!head) return;
    const res = await http.post(`${BASE}/rollback`, { id, rowVersion: head.rowVersion, version });
    if (!res.success) {
      setRefusal({ message: res.message, detail: detailOf(res) });
      return;
    }
    setRefusal(null);
    feedback.message('success', res.message);
    await Promise.all([reload(), refresh()]);
  };

  if (!versions || !head) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <SaveProblems refusal={refusal} />
      <Table<VersionRow>
        rowKey="version"
        size="small"
        pagination={false}
        dataSource={versions}
        columns={[
          { title: '版本', dataIndex: 'version', width: 70 },
          { title: '保存说明', dataIndex: 'comment', render: (v: string | null) => v || '—' },
          { title: '作者', dataIndex: 'createBy', width: 100 },
          { title: '保存时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            width: 130,
            render: (_, v) => (
              <Space size="small">
                <Button type="link" size="small" onClick={() => void view(v.version)}>
                  查看
                </Button>
                {v.version !== head.currentVersion && (
                  <Popconfirm
                    title={`确定回滚到版本 ${v.version} 吗？`}
                    onConfirm={() => rollback(v.version)}
                  >
                    <Button type="link" size="small">
                      回滚
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {shown && (
        <Suspense fallback={<Spin />}>
          <div>版本 {shown.version}</div>
          <JsonEditor key={shown.version} value={shown.text} readOnly height={320} />
        </Suspense>
      )}
    </Space>
  );
}
