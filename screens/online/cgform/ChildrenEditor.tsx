/**
 * 子表 of the 页面设置 view: per child another designed declaration, its foreign key (a field of
 * the child holding this record's id, picked from the child's fields), the relation and the title,
 * written to `children`. Children between designed and file declarations are not served yet, so
 * only designed declarations are offered.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import type { DeclarationDraft } from './field-edit';
import { addChild, childrenOf, removeChild, updateChild, type ChildDraft } from './settings-edit';

interface Option {
  value: string;
  label: string;
}
interface HeadRow {
  name: string;
  title: string;
}
interface Served {
  declaration: { fields: { name: string; title: string }[] };
}

/** The designed declarations (name and title), without the one being designed. */
function useDesigned(self: unknown): Option[] {
  const { http } = useRuntime();
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    void http
      .get<{ records: HeadRow[] }>('/online/cgform/head/list', { pageNo: 1, pageSize: 200 })
      .then((res) => {
        if (res.success && res.result)
          setOptions(res.result.records.map((h) => ({ value: h.name, label: `${h.title}（${h.name}）` })));
      });
  }, [http]);
  return options.filter((o) => o.value !== self);
}

/** The fields of each named declaration, fetched once per name. */
function useFieldsOf(names: readonly string[]): Record<string, Option[]> {
  const { http } = useRuntime();
  const [fields, setFields] = useState<Record<string, Option[]>>({});
  const wanted = names.filter((n) => n && !(n in fields)).join(',');
  useEffect(() => {
    for (const name of wanted ? wanted.split(',') : [])
      void http.get<Served>(`/online/cgform/api/declaration/${encodeURIComponent(name)}`).then((res) => {
        const list = res.success && res.result ? res.result.declaration.fields : [];
        setFields((before) => ({
          ...before,
          [name]: list.map((f) => ({ value: f.name, label: `${f.title}（${f.name}）` })),
        }));
      });
  }, [http, wanted]);
  return fields;
}

export function ChildrenEditor({
  draft,
  onChange,
}: {
  draft: DeclarationDraft;
  onChange(draft: DeclarationDraft): void;
}): React.JSX.Element {
  const rows = childrenOf(draft);
  const designed = useDesigned(draft.name);
  const fieldsOf = useFieldsOf(rows.map((c) => c.entity));
  const set = (i: number, patch: Partial<ChildDraft>) => onChange(updateChild(draft, i, patch));
  return (
    <Card
      size="small"
      title="子表"
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange(addChild(draft))}>
          新增子表
        </Button>
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
    </Card>
  );
}
