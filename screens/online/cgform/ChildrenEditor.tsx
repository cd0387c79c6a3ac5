/**
 * 子表 of the 页面设置 view: per child another designed declaration, its foreign key (a field of
 * the child holding this record's id, picked from the child's fields), the relation and the title,
 * written to `children`. 新建子表 makes a new one-to-many child form inline and 一并编辑 opens a
 * stored one: either is designed in its own designer (设计子表) and saved with this form in one
 * save (companions.ts). Children between designed and file declarations are not served yet, so
 * only designed declarations are offered.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import { loadHead } from '../cgform-api';
import { ChildDesigner } from './ChildDesigner';
import { companionKey, companionName, useCompanions, type Companion } from './companions';
import { useDesigned, useFieldsOf } from './design-sources';
import { printDraft, type DeclarationDraft } from './field-edit';
import { newChildDraft, renameChild, withNewChild, type NewChild } from './new-child';
import { NewChildDialog } from './NewChildDialog';
import { addChild, childrenOf, removeChild, updateChild, type ChildDraft } from './settings-edit';

export function ChildrenEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const { feedback, http } = useRuntime();
  const companions = useCompanions();
  const rows = childrenOf(draft);
  const designed = useDesigned(draft.name);
  const fieldsOf = useFieldsOf(rows.map((c) => c.entity));
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const set = (i: number, patch: Partial<ChildDraft>) => onChange(updateChild(draft, i, patch));
  const list = companions?.list ?? [];
  const companionOf = (entity: string) => list.find((c) => companionName(c) === entity);
  const add = (c: Companion) => {
    companions?.set([...list, c]);
    setOpen(c.key);
  };
  const create = (child: NewChild) => {
    const text = printDraft(newChildDraft(draft, child));
    onChange(withNewChild(draft, child));
    setCreating(false);
    add({ key: companionKey(), text });
  };
  const alongside = async (id: string) => {
    try {
      const head = await loadHead(http, id);
      add({
        key: companionKey(),
        text: head.declaration,
        id,
        rowVersion: head.rowVersion,
        loaded: head.declaration,
      });
    } catch (error) {
      feedback.message('error', String((error as Error).message));
    }
  };
  const edited = list.find((c) => c.key === open);
  const setText = (text: string) => {
    if (!edited) return;
    const before = companionName(edited);
    const next = { ...edited, text };
    companions?.set(list.map((c) => (c.key === edited.key ? next : c)));
    const renamed = renameChild(draft, before, companionName(next));
    if (renamed !== draft) onChange(renamed);
  };
  const design = (row: ChildDraft, i: number) => {
    if (!companions || !row.entity) return null;
    const companion = companionOf(row.entity);
    const stored = designed.find((d) => d.value === row.entity && d.id);
    if (!companion && !stored) return null;
    return (
      <Button
        size="small"
        aria-label={`子表${i + 1}设计`}
        onClick={() => (companion ? setOpen(companion.key) : void alongside(stored!.id!))}
      >
        {companion ? '设计子表' : '一并编辑'}
      </Button>
    );
  };
  return (
    <Card
      size="small"
      title="子表"
      extra={
        <Space>
          {companions && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建子表
            </Button>
          )}
          <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addChild(draft))}>
            新增子表
          </Button>
        </Space>
      }
    >
      <Table<ChildDraft>
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '没有子表：ERP、Tab 和内嵌子表类型需要至少一个子表' }}
        columns={[
          {
            title: '子表表单',
            dataIndex: 'entity',
            render: (v: string, _, i) => (
              <Select
                size="small"
                aria-label={`子表${i + 1}表单`}
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                value={v || undefined}
                options={designed}
                onChange={(entity: string) => set(i, { entity })}
              />
            ),
          },
          {
            title: '外键字段',
            dataIndex: 'foreignKey',
            render: (v: string, row, i) => (
              <Select
                size="small"
                aria-label={`子表${i + 1}外键`}
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                value={v || undefined}
                options={fieldsOf[row.entity] ?? []}
                onChange={(foreignKey: string) => set(i, { foreignKey })}
              />
            ),
          },
          {
            title: '关系',
            dataIndex: 'relation',
            width: 120,
            render: (v: ChildDraft['relation'], _, i) => (
              <Select
                size="small"
                aria-label={`子表${i + 1}关系`}
                style={{ width: '100%' }}
                value={v}
                options={[
                  { value: 'oneToMany', label: '一对多' },
                  { value: 'oneToOne', label: '一对一' },
                ]}
                onChange={(relation: ChildDraft['relation']) => set(i, { relation })}
              />
            ),
          },
          {
            title: '标题',
            dataIndex: 'title',
            width: 140,
            render: (v: string | undefined, _, i) => (
              <Input
                size="small"
                aria-label={`子表${i + 1}标题`}
                value={v ?? ''}
                onChange={(e) => set(i, { title: e.target.value })}
              />
            ),
          },
          { title: '设计', key: 'design', width: 100, render: (_, row, i) => design(row, i) },
          {
            title: '',
            key: 'remove',
            width: 40,
            render: (_, __, i) => (
              <Button
                size="small"
                type="text"
                danger
                aria-label={`删除子表${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => onChange(removeChild(draft, i))}
              />
            ),
          },
        ]}
      />
      {creating && (
        <NewChildDialog
          parent={draft}
          taken={[String(draft.name), ...designed.map((d) => d.value), ...list.map(companionName)]}
          onCreate={create}
          onClose={() => setCreating(false)}
        />
      )}
      {edited && <ChildDesigner companion={edited} onText={setText} onClose={() => setOpen(null)} />}
    </Card>
  );
}
