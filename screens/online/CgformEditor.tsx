/**
 * 新增 / 编辑 of the online form designer (docs/modules/online-forms.md): the declaration as JSON in
 * a code editor, a note for the version, 保存. The server validates it like a file and syncs the
 * table; a refusal lists the problems by JSON path and keeps the text as typed. Child forms made
 * or opened in 子表 (companions.ts) are sent with it to `saveSet`: one save, one transaction.
 */
import { Button, Input, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { BASE, detailOf, loadHead, setDetail, STARTER, type CgformHead } from './cgform-api';
import {
  companionName,
  companionsToSave,
  companionTitle,
  CompanionsContext,
  type Companion,
} from './cgform/companions';
import { SaveProblems, type Refusal } from './SaveProblems';

const DesignerTabs = lazy(() => import('./cgform/DesignerTabs'));
const CopyFromFile = lazy(() => import('./cgform/CopyFromFile'));
const ImportFromTable = lazy(() => import('./cgform/ImportFromTable'));
const ExportFileButton = lazy(() => import('./cgform/ExportFileButton'));
const spin = <Spin style={{ display: 'block', padding: 48 }} />;

export default function CgformEditor({ row, close, refresh, guard }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const id = typeof row?.id === 'string' ? row.id : null;
  const [head, setHead] = useState<CgformHead | null>(null);
  const [text, setText] = useState(id ? '' : STARTER);
  const [comment, setComment] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const [companions, setCompanions] = useState<readonly Companion[]>([]);
  const shared = useMemo(() => ({ list: companions, set: setCompanions }), [companions]);
  const sent = companionsToSave(text, companions);
  // Closing the drawer with an edited declaration or child asks first (the saved text is the mark).
  const baseline = head ? head.declaration : id ? '' : STARTER;
  guard?.(() => text !== baseline || sent.length > 0);

  useEffect(() => {
    if (!id) return;
    loadHead(http, id).then(
      (loaded) => {
        setHead(loaded);
        setText(loaded.declaration);
      },
      (error: unknown) => setRefusal({ message: String((error as Error).message), detail: null }),
    );
  }, [http, id]);

  /** Saves; `confirm` names the data-changing migrations the admin confirmed after a refusal. */
  const save = async (confirm: string[] = []) => {
    setSaving(true);
    try {
      const body = { declaration: text, comment, confirm };
      const items = [
        { id: head?.id, rowVersion: head?.rowVersion, declaration: text },
        ...sent.map((c) => ({ id: c.id, rowVersion: c.rowVersion, declaration: c.text })),
      ];
      const res =
        sent.length > 0
          ? await http.post(`${BASE}/saveSet`, { items, comment, confirm })
          : head
            ? await http.put(`${BASE}/edit`, { ...body, id: head.id, rowVersion: head.rowVersion })
            : await http.post(`${BASE}/add`, body);
      if (!res.success) {
        const labels = ['', ...sent.map((c) => `${companionTitle(c)}（${companionName(c)}）`)];
        setRefusal({ message: res.message, detail: setDetail(detailOf(res), labels) });
        return;
      }
      feedback.message('success', res.message);
      await refresh();
      close();
    } finally {
      setSaving(false);
    }
  };

  if (id && !head && !refusal) return spin;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {head
          ? `正在编辑“${head.title}”（${head.name}），当前版本 ${head.currentVersion}；保存后生成新版本；删除、改名、改类型和缩短字段需要确认迁移。`
          : '按声明语言（schemas/README.md）填写表单；接口路径须以 /online/data/ 开头。'}
      </Typography.Text>
      <SaveProblems refusal={refusal} onConfirm={(names) => void save(names)} />
      <Suspense fallback={spin}>
        {!id && (
          <div>
            <CopyFromFile onCopy={setText} />
            <ImportFromTable onImport={setText} />
          </div>
        )}
        <CompanionsContext.Provider value={shared}>
          <DesignerTabs text={text} onText={setText} />
        </CompanionsContext.Provider>
      </Suspense>
      {sent.length > 0 && (
        <Typography.Text type="secondary" aria-label="一并保存的子表">
          保存时一并提交子表：{sent.map((c) => `${companionTitle(c)}（${companionName(c)}）`).join('、')}
          （主表与子表在一个事务中保存）
        </Typography.Text>
      )}
      <Input
        aria-label="保存说明"
        placeholder="保存说明（如：新增联系电话字段）"
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Space>
        <Button type="primary" loading={saving} disabled={text.trim() === ''} onClick={() => void save()}>
          保存
        </Button>
        <Button onClick={close}>取消</Button>
        {head && (
          <Suspense fallback={null}>
            <ExportFileButton id={head.id} dirty={text !== head.declaration} />
          </Suspense>
        )}
      </Space>
    </Space>
  );
}
