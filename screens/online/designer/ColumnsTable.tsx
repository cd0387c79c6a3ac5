/** The report's columns as the analyst says how each is shown: title, type, width, flags, dictionary, link, total. */
import { Input, InputNumber, Select, Switch, Table } from 'antd';
import { FIELD_TYPES, type ItemDraft } from './definition';

export interface ColumnsTableProps {
  items: ItemDraft[];
  onChange(items: ItemDraft[]): void;
}

const TOTALS = [
  { value: '', label: '无' },
  { value: 'sum', label: '合计' },
  { value: 'avg', label: '平均' },
];

export function ColumnsTable({ items, onChange }: ColumnsTableProps): React.JSX.Element {
  const set = (index: number, patch: Partial<ItemDraft>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const flag = (index: number, key: 'isShow' | 'isOrder' | 'isSearch') => (checked: boolean) =>
    set(index, {
      [key]: checked ? 1 : 0,
      ...(key === 'isSearch' && checked ? { searchMode: 'single' as const } : {}),
    });
  return (
    <Table<ItemDraft>
      className="zj-report-columns"
      rowKey="fieldName"
      size="small"
      bordered
      pagination={false}
      dataSource={items}
      locale={{ emptyText: '请先填写SQL并点击“解析SQL”' }}
      columns={[
        { title: '字段名', dataIndex: 'fieldName', width: 140 },
        {
          title: '显示名称',
          render: (_, item, i) => (
            <Input
              aria-label={`${item.fieldName}显示名称`}
              value={item.fieldTxt}
              onChange={(e) => set(i, { fieldTxt: e.target.value })}
            />
          ),
        },
        {
          title: '类型',
          width: 110,
          render: (_, item, i) => (
            <Select
              value={item.fieldType}
              options={FIELD_TYPES}
              onChange={(fieldType) => set(i, { fieldType })}
              style={{ width: '100%' }}
            />
          ),
        },
        {
          title: '宽度',
          width: 90,
          render: (_, item, i) => (
            <InputNumber
              min={40}
              max={800}
              value={item.fieldWidth}
              onChange={(v) => set(i, { fieldWidth: v ?? null })}
            />
          ),
        },
        {
          title: '显示',
          width: 60,
          render: (_, item, i) => (
            <Switch size="small" checked={item.isShow === 1} onChange={flag(i, 'isShow')} />
          ),
        },
        {
          title: '排序',
          width: 60,
          render: (_, item, i) => (
            <Switch size="small" checked={item.isOrder === 1} onChange={flag(i, 'isOrder')} />
          ),
        },
        {
          title: '查询',
          width: 150,
          render: (_, item, i) => (
            <span style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <Switch
                size="small"
                checked={item.isSearch === 1}
                onChange={flag(i, 'isSearch')}
                aria-label={`${item.fieldName}查询`}
              />
              {item.isSearch === 1 && (
                <Select
                  size="small"
                  value={item.searchMode ?? 'single'}
                  options={[
                    { value: 'single', label: '单条件' },
                    { value: 'group', label: '范围' },
                  ]}
                  onChange={(searchMode) => set(i, { searchMode })}
                />
              )}
            </span>
          ),
        },
        {
          title: '字典',
          width: 150,
          render: (_, item, i) => (
            <Input
              aria-label={`${item.fieldName}字典`}
              placeholder="字典编码"
              value={item.dictCode ?? ''}
              onChange={(e) => set(i, { dictCode: e.target.value || null })}
            />
          ),
        },
        {
          title: '链接',
          width: 160,
          render: (_, item, i) => (
            <Input
              placeholder="/path?id=${id}"
              value={item.fieldHref ?? ''}
              onChange={(e) => set(i, { fieldHref: e.target.value || null })}
            />
          ),
        },
        {
          title: '统计',
          width: 100,
          render: (_, item, i) => (
            <Select
              aria-label={`${item.fieldName}统计`}
              value={item.isTotal ?? ''}
              options={TOTALS}
              onChange={(v) => set(i, { isTotal: v === '' ? null : (v as 'sum' | 'avg') })}
              style={{ width: '100%' }}
            />
          ),
        },
      ]}
    />
  );
}
