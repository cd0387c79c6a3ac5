/**
 * 页面设置: the screen settings of the declaration in form controls (docs/modules/online-forms.md,
 * "How the settings map to keys"): name, title, table and API path, list type, list columns, columns
 * per form row, default sort, the built-in toolbar and row buttons, the transitions among the row
 * links, the transitions themselves, the state rules, the permission codes and the children. Every control writes the same keys the JSON view would (`settings-edit.ts`); the save
 * validates them like a file and names each problem's JSON path.
 */
import { Card, Checkbox, Form, Radio, Select, Space, Typography } from 'antd';
import type { DeclarationDraft } from './field-edit';
import { BasicsEditor, PermissionsEditor } from './BasicsEditor';
import { ChildrenEditor } from './ChildrenEditor';
import { RowAccessEditor } from './RowAccessEditor';
import { TransitionsEditor } from './TransitionsEditor';
import {
  KIND_OPTIONS,
  ROW_BUILTINS,
  setDefaultSort,
  setFormColumns,
  setIn,
  setKind,
  setShownBuiltins,
  setShownTransitions,
  shownBuiltins,
  shownTransitions,
  SYSTEM_SORTS,
  TOOLBAR_BUILTINS,
  transitionsOf,
} from './settings-edit';

type Block = Record<string, unknown>;
const blockOf = (value: unknown): Block => (value && typeof value === 'object' ? (value as Block) : {});

export default function ScreenSettings({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const fields = draft.fields ?? [];
  const fieldOptions = fields.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }));
  const stringOptions = fields
    .filter((f) => f.type === 'string')
    .map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` }));
  const list = blockOf(draft.list);
  const sort = blockOf(list.defaultSort) as { column?: string; order?: 'asc' | 'desc' };
  const tree = blockOf(draft.tree) as { parentField?: string; textField?: string };
  const columns = blockOf(draft.form).columns;
  const shown = shownBuiltins(draft);
  const keepRow = (toolbar: string[]) =>
    shown.filter((b) => ROW_BUILTINS.some((r) => r.value === b)).concat(toolbar);
  const keepToolbar = (row: string[]) =>
    shown.filter((b) => TOOLBAR_BUILTINS.some((t) => t.value === b)).concat(row);
  const transitions = transitionsOf(draft);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <BasicsEditor draft={draft} onChange={onChange} />
      <Card size="small" title="列表与表单">
        <Form layout="horizontal" labelCol={{ flex: '120px' }} colon={false}>
          <Form.Item label="列表类型">
            <Select
              aria-label="列表类型"
              showSearch
              optionFilterProp="label"
              style={{ width: 320 }}
              value={typeof draft.kind === 'string' ? draft.kind : 'list'}
              options={[...KIND_OPTIONS]}
              onChange={(kind: string) => onChange(setKind(draft, kind))}
            />
          </Form.Item>
          {draft.kind === 'tree' && (
            <Form.Item label="树结构">
              <Space>
                <Select
                  aria-label="父节点字段"
                  showSearch
                  optionFilterProp="label"
                  style={{ width: 200 }}
                  placeholder="父节点字段"
                  value={tree.parentField}
                  options={stringOptions}
                  onChange={(v: string) => onChange(setIn(draft, 'tree', 'parentField', v))}
                />
                <Select
                  aria-label="显示字段"
                  showSearch
                  optionFilterProp="label"
                  style={{ width: 200 }}
                  placeholder="显示字段"
                  value={tree.textField}
                  options={fieldOptions}
                  onChange={(v: string) => onChange(setIn(draft, 'tree', 'textField', v))}
                />
              </Space>
            </Form.Item>
          )}
          <Form.Item label="列表列" extra="按选择的顺序显示；不选则按字段表中勾选“列表”的字段">
            <Select
              aria-label="列表列"
              mode="multiple"
              allowClear
              optionFilterProp="label"
              style={{ width: 520 }}
              placeholder="按字段的“列表”勾选"
              value={Array.isArray(list.columns) ? (list.columns as string[]) : []}
              options={fieldOptions}
              onChange={(v: string[]) => onChange(setIn(draft, 'list', 'columns', v))}
            />
          </Form.Item>
          <Form.Item label="表单每行列数">
            <Radio.Group
              aria-label="表单每行列数"
              value={typeof columns === 'number' ? columns : 1}
              onChange={(e) =>
                onChange(setFormColumns(draft, e.target.value === 1 ? null : Number(e.target.value)))
              }
              options={[1, 2, 3, 4].map((n) => ({ value: n, label: `${n} 列` }))}
              optionType="button"
            />
          </Form.Item>
          <Form.Item label="默认排序">
            <Space>
              <Select
                aria-label="默认排序字段"
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="默认按创建时间倒序"
                style={{ width: 260 }}
                value={sort.column}
                options={[...fieldOptions, ...SYSTEM_SORTS]}
                onChange={(v?: string) => onChange(setDefaultSort(draft, v ?? null, sort.order ?? 'desc'))}
              />
              <Radio.Group
                aria-label="排序方向"
                disabled={!sort.column}
                value={sort.order ?? 'desc'}
                onChange={(e) => onChange(setDefaultSort(draft, sort.column ?? null, e.target.value))}
                options={[
                  { value: 'asc', label: '升序' },
                  { value: 'desc', label: '降序' },
                ]}
                optionType="button"
              />
            </Space>
          </Form.Item>
          <Form.Item label="工具栏按钮">
            <Checkbox.Group
              aria-label="工具栏按钮"
              value={shown.filter((b) => TOOLBAR_BUILTINS.some((t) => t.value === b))}
              options={[...TOOLBAR_BUILTINS]}
              onChange={(v) => onChange(setShownBuiltins(draft, keepRow(v)))}
            />
          </Form.Item>
          <Form.Item label="行操作">
            <Space wrap>
              <Checkbox.Group
                aria-label="行操作"
                value={shown.filter((b) => ROW_BUILTINS.some((r) => r.value === b))}
                options={[...ROW_BUILTINS]}
                onChange={(v) => onChange(setShownBuiltins(draft, keepToolbar(v)))}
              />
              {transitions.length > 0 && (
                <Checkbox.Group
                  aria-label="行操作中的状态流转"
                  value={shownTransitions(draft)}
                  options={transitions.map((t) => ({ value: t.name, label: t.title || t.name }))}
                  onChange={(v) => onChange(setShownTransitions(draft, v))}
                />
              )}
            </Space>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">
          写入 kind、tree、list.columns、form.columns、list.defaultSort、list.disable（未勾选的内置按钮）与
          list.rowActions。
        </Typography.Text>
      </Card>
      <TransitionsEditor draft={draft} onChange={onChange} />
      <RowAccessEditor draft={draft} onChange={onChange} />
      <ChildrenEditor draft={draft} onChange={onChange} />
      <PermissionsEditor draft={draft} onChange={onChange} />
    </Space>
  );
}
