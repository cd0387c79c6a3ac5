/**
 * The readable diff of a bundle against this environment (server/online/bundle-apply.ts): one row
 * per declaration, menu and permission row, new / changed / unchanged, with what changed.
 */
import { Table, Tag } from 'antd';

export interface DiffItem {
  kind: 'declaration' | 'menu' | 'permission';
  key: string;
  title: string;
  status: 'new' | 'changed' | 'unchanged';
  changes: string[];
}

const KIND = { declaration: '表单', menu: '菜单', permission: '权限' } as const;
const STATUS = {
  new: { text: '新增', color: 'green' },
  changed: { text: '修改', color: 'orange' },
  unchanged: { text: '不变', color: 'default' },
} as const;

export default function BundleDiffTable({ items }: { items: readonly DiffItem[] }): React.JSX.Element {
  return (
    <Table<DiffItem>
      size="small"
      rowKey={(item) => `${item.kind}:${item.key}`}
      dataSource={[...items]}
      pagination={items.length > 12 ? { pageSize: 12, size: 'small' } : false}
      columns={[
        { title: '类别', dataIndex: 'kind', width: 70, render: (kind: DiffItem['kind']) => KIND[kind] },
        { title: '名称', dataIndex: 'title', width: 200 },
        { title: '编码', dataIndex: 'key', width: 180 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          render: (status: DiffItem['status']) => (
            <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>
          ),
        },
        {
          title: '变化',
          dataIndex: 'changes',
          render: (changes: string[]) => (changes.length ? changes.join('；') : '—'),
        },
      ]}
    />
  );
}
