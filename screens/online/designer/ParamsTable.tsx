/** The statement's parameters: title, type, default (a value or #{sysUserCode} #{sysOrgCode} #{date} #{monthStart} #{monthEnd}), dictionary, required, cascade. */
import { Input, Select, Switch, Table } from 'antd';
import { PARAM_TYPES, type ParamDraft } from './definition';

export interface ParamsTableProps {
  params: ParamDraft[];
  onChange(params: ParamDraft[]): void;
}

export function ParamsTable({ params, onChange }: ParamsTableProps): React.JSX.Element {
  const set = (index: number, patch: Partial<ParamDraft>) =>
    onChange(params.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Table<ParamDraft>
      className="zj-report-params"
      rowKey="paramName"
      size="small"
      bordered
      pagination={false}
      dataSource={params}
      locale={{ emptyText: 'SQL中没有参数：用 ${参数名} 引用参数，[[ ]] 包起来的条件在参数为空时省略' }}
      columns={[
        { title: '参数名', dataIndex: 'paramName', width: 140 },
        {
          title: '显示名称',
          render: (_, p, i) => (
            <Input
              aria-label={`${p.paramName}显示名称`}
              value={p.paramTxt}
              onChange={(e) => set(i, { paramTxt: e.target.value })}
            />
          ),
        },
        {
          title: '类型',
          width: 120,
          render: (_, p, i) => (
            <Select
              aria-label={`${p.paramName}类型`}
              value={p.paramType}
              options={PARAM_TYPES}
              onChange={(paramType) => set(i, { paramType })}
              style={{ width: '100%' }}
            />
          ),
        },
        {
          title: '默认值',
          width: 180,
          render: (_, p, i) => (
            <Input
              aria-label={`${p.paramName}默认值`}
              placeholder="如 #{date}、#{sysOrgCode}"
              value={p.paramValue ?? ''}
              onChange={(e) => set(i, { paramValue: e.target.value || null })}
            />
          ),
        },
        {
          title: '字典',
          width: 140,
          render: (_, p, i) => (
            <Input
              aria-label={`${p.paramName}字典`}
              placeholder="字典编码"
              value={p.dictCode ?? ''}
              onChange={(e) => set(i, { dictCode: e.target.value || null })}
            />
          ),
        },
        {
          title: '必填',
          width: 60,
          render: (_, p, i) => (
            <Switch
              size="small"
              aria-label={`${p.paramName}必填`}
              checked={p.required === 1}
              onChange={(c) => set(i, { required: c ? 1 : 0 })}
            />
          ),
        },
        {
          title: '依赖参数',
          width: 130,
          render: (_, p, i) => (
            <Select
              allowClear
              value={p.dependsOn ?? undefined}
              options={params
                .filter((o) => o.paramName !== p.paramName)
                .map((o) => ({ value: o.paramName, label: o.paramTxt }))}
              onChange={(v) => set(i, { dependsOn: v ?? null })}
              style={{ width: '100%' }}
            />
          ),
        },
      ]}
    />
  );
}
