/**
 * The designer's views of ONE declaration (docs/modules/online-forms.md): 字段 (the field table),
 * 页面设置 (list type, form columns, sort, buttons, transitions, children), 表单规则 (the condition editor), 预览 (list and form over sample rows) and JSON. The JSON text is
 * the one truth; the other views parse it and write it back, so switching keeps every edit. Loaded
 * with the designer drawer only.
 */
import { Alert, Spin, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import { FieldTable, type DictOption } from './FieldTable';
import { fieldAt, fieldCursor } from './field-cursor';
import { parseDraft, printDraft, type DeclarationDraft } from './field-edit';
import { META_SCHEMA, serverProblems } from './json-check';

const JsonEditor = lazy(() => import('../JsonEditor'));
const DesignPreview = lazy(() => import('./DesignPreview'));
const RuleEditor = lazy(() => import('./RuleEditor'));
const ScreenSettings = lazy(() => import('./ScreenSettings'));
const spin = <Spin style={{ display: 'block', padding: 48 }} />;

interface DictRow {
  dictName: string;
  dictCode: string;
}

/** The dictionaries for the field table's picker (name and code). */
function useDicts(): DictOption[] {
  const { http } = useRuntime();
  const [dicts, setDicts] = useState<DictOption[]>([]);
  useEffect(() => {
    void http.get<{ records: DictRow[] }>('/sys/dict/list', { pageNo: 1, pageSize: 500 }).then((res) => {
      if (res.success && res.result)
        setDicts(
          res.result.records.map((d) => ({ value: d.dictCode, label: `${d.dictName}（${d.dictCode}）` })),
        );
    });
  }, [http]);
  return dicts;
}

export default function DesignerTabs({
  text,
  onText,
  readOnly = false,
}: {
  text: string;
  onText(text: string): void;
  readOnly?: boolean;
}): React.JSX.Element {
  const { widgets, http } = useRuntime();
  const check = useMemo(() => serverProblems(http), [http]);
  const [tab, setTab] = useState('fields');
  // The field the admin is on, kept when switching between the table and the JSON view.
  const [field, setField] = useState<number | null>(null);
  const dicts = useDicts();
  const draft = useMemo(() => parseDraft(text), [text]);
  const write = (next: DeclarationDraft) => onText(printDraft(next));
  const needJson = <Alert type="warning" showIcon title="JSON 有格式错误，请先在 JSON 视图中修正" />;
  const items = [
    {
      key: 'fields',
      label: '字段',
      children: draft ? (
        <FieldTable
          draft={draft}
          onChange={write}
          dicts={dicts}
          widgets={widgets.types()}
          current={field}
          onCurrent={setField}
        />
      ) : (
        needJson
      ),
    },
    {
      key: 'settings',
      label: '页面设置',
      children: draft ? <ScreenSettings draft={draft} onChange={write} /> : needJson,
    },
    {
      key: 'rules',
      label: '表单规则',
      children: draft ? <RuleEditor draft={draft} onChange={write} /> : needJson,
    },
    { key: 'preview', label: '预览', children: draft ? <DesignPreview draft={draft} /> : needJson },
    {
      key: 'json',
      label: 'JSON',
      children: (
        <JsonEditor
          value={text}
          onChange={onText}
          readOnly={readOnly}
          height={440}
          schema={META_SCHEMA}
          check={check}
          cursor={field === null ? null : fieldCursor(text, field)}
          onCursor={(pos, doc) => setField(fieldAt(doc, pos))}
        />
      ),
    },
  ];
  return (
    <Suspense fallback={spin}>
      <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden />
    </Suspense>
  );
}
