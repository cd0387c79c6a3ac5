/**
 * 数据规则 of a menu entry: the row conditions roles can be given on the declared screen the menu
 * opens (a field of that screen, an operator of the fixed list, a value or a system variable such
 * as #{sysOrgCode}), with the two everyday ones a click away: 本部门及下级 and 本人创建. Which role
 * holds which rules is chosen in the role's 授权 dialog.
 */
import { Alert, Button, Empty, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { DataRuleForm, type RuleChoices, type RuleDraft } from './DataRuleForm';
import type { DataRule } from './permission-types';

const PRESETS: readonly RuleDraft[] = [
  {
    ruleName: '本部门及下级',
    ruleColumn: 'sysOrgCode',
    ruleConditions: 'right_like',
    ruleValue: '#{sysOrgCode}',
    status: '1',
  },
  {
    ruleName: '本人创建',
    ruleColumn: 'createBy',
    ruleConditions: 'eq',
    ruleValue: '#{sysUserCode}',
    status: '1',
  },
];

export default function PermissionDataRulesPanel({ row }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const permissionId = String(row?.id ?? '');
  const [choices, setChoices] = useState<RuleChoices | null>(null);
  const [rules, setRules] = useState<DataRule[]>([]);
  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await http.get<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId });
    if (res.success) setRules(res.result);
    else setProblem(res.message);
  }, [http, permissionId]);

  useEffect(() => {
    void http.get<RuleChoices>('/sys/permission/dataRuleFields', { permissionId }).then((res) => {
      if (res.success) setChoices(res.result);
      else setUnavailable(res.message);
    });
    void load();
  }, [http, permissionId, load]);

  const remove = async (rule: DataRule) => {
    const res = await http.delete<string>('/sys/permission/deletePermissionRule', { id: rule.id });
    if (!res.success) return setProblem(res.message);
    feedback.message('success', res.message);
    await load();
  };

  if (unavailable) return <Alert type="info" showIcon title={unavailable} />;
  if (!choices) return <Spin />;
  const fieldTitle = new Map(choices.fields.map((f) => [f.name, f.title]));
  const operatorText = new Map(choices.operators.map((o) => [o.value, o.text]));
  const present = (name: string) => choices.fields.some((f) => f.name === name);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`规则作用于“${choices.entity}”页面的数据；在角色授权中为角色勾选。`}
      />
      {problem && <Alert type="warning" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      <Space wrap>
        <Button
          type="primary"
          onClick={() =>
            setEditing({ ruleName: '', ruleColumn: '', ruleConditions: 'eq', ruleValue: '', status: '1' })
          }
        >
          新增规则
        </Button>
        {PRESETS.filter((p) => present(p.ruleColumn)).map((preset) => (
          <Button key={preset.ruleName} onClick={() => setEditing(preset)}>
            {preset.ruleName}
          </Button>
        ))}
      </Space>
      {rules.length === 0 ? (
        <Empty description="还没有数据规则" />
      ) : (
        <Table<DataRule>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rules}
          columns={[
            { title: '规则名称', dataIndex: 'ruleName' },
            {
              title: '规则字段',
              dataIndex: 'ruleColumn',
              render: (name: string) => fieldTitle.get(name) ?? name,
            },
            {
              title: '条件',
              dataIndex: 'ruleConditions',
              render: (op: string) => operatorText.get(op) ?? op,
            },
            { title: '规则值', dataIndex: 'ruleValue' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (status: string) => (status === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>),
            },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, rule: DataRule) => (
                <Space>
                  <a onClick={() => setEditing(rule)}>编辑</a>
                  <Popconfirm
                    title="确定删除该规则吗?已授予角色的也一并取消。"
                    onConfirm={() => void remove(rule)}
                  >
                    <a>删除</a>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <DataRuleForm
          permissionId={permissionId}
          draft={editing}
          choices={choices}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
    </Space>
  );
}
