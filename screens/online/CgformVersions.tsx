/**
 * 版本 of the online form designer: every saved version with its author, time and note; 查看 shows
 * the JSON, 对比 shows two versions side by side (cgform/VersionDiff), 回滚 saves the chosen version
 * again as a new one (same checks and sync as a save; a refused one may be confirmed as a migration).
 */
import { Button, Popconfirm, Select, Space, Spin, Table } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { BASE, detailOf, loadHead, type CgformHead } from './cgform-api';
import { SaveProblems, type Refusal } from './SaveProblems';

const JsonEditor = lazy(() => import('./JsonEditor'));
const VersionDiff = lazy(() => import('./cgform/VersionDiff'));

interface Compared {
  from: number;
  to: number;
  a: Record<string, unknown>;
  b: Record<string, unknown>;
}

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
  const [pair, setPair] = useState<[number | null, number | null]>([null, null]);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [rollingTo, setRollingTo] = useState<number | null>(null);

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

  const text = async (version: number) => {
    const res = await http.get<{ declaration: string }>(`${BASE}/version`, { id, version });
    return res.success && res.result ? res.result.declaration : null;
  };

  const view = async (version: number) => {
    const json = await text(version);
    if (json !== null) setShown({ version, text: json });
  };

  const compare = async () => {
    const [from, to] = pair[0] !== null && pair[1] !== null ? pair : defaultPair(versions ?? []);
    if (from === null || to === null) return;
    const [a, b] = await Promise.all([text(from), text(to)]);
    if (a !== null && b !== null) setCompared({ from, to, a: JSON.parse(a), b: JSON.parse(b) });
  };

  const rollback = async (version: number, confirm: string[] = []) => {
    if (!head) return;
    const res = await http.post(`${BASE}/rollback`, { id, rowVersion: head.rowVersion, version, confirm });
    if (!res.success) {
      setRollingTo(version);
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
      <SaveProblems
        refusal={refusal}
        onConfirm={rollingTo === null ? undefined : (names) => void rollback(rollingTo, names)}
      />
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
      <Space>
        <span>对比版本</span>
        {[0, 1].map((side) => (
          <Select
            key={side}
            aria-label={side === 0 ? '对比版本A' : '对比版本B'}
            value={pair[side] ?? defaultPair(versions)[side]}
            options={versions.map((v) => ({ value: v.version, label: `版本 ${v.version}` }))}
            onChange={(v: number) =>
              setPair(
                side === 0
                  ? [v, pair[1] ?? defaultPair(versions)[1]]
                  : [pair[0] ?? defaultPair(versions)[0], v],
              )
            }
            style={{ width: 110 }}
          />
        ))}
        <Button onClick={() => void compare()} disabled={versions.length < 2}>
          对比
        </Button>
      </Space>
      {compared && (
        <Suspense fallback={<Spin />}>
          <VersionDiff a={compared.a} b={compared.b} from={compared.from} to={compared.to} />
        </Suspense>
      )}
      {shown && (
        <Suspense fallback={<Spin />}>
          <div>版本 {shown.version}</div>
          <JsonEditor key={shown.version} value={shown.text} readOnly height={320} />
        </Suspense>
      )}
    </Space>
  );
}

/** By default the version before the current one against the current one. */
function defaultPair(versions: readonly VersionRow[]): [number | null, number | null] {
  return [versions[1]?.version ?? null, versions[0]?.version ?? null];
}
