/**
 * 审批人 of a user task: the rule kind, and for 指定人员 / 多名人员 / 指定角色 / 指定岗位 a searchable
 * picker of the active users (系统用户), the roles or the positions; for 表单字段中的人员 the field's
 * name (a field of the bound form, e.g. a user picker 指定审批人). Writes `zh:assignee` as soon as
 * the rule is complete.
 */
import { Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { formatRule, parseRule, RULE_KINDS, type AssigneeRule, type RuleKind } from './assignee-rule';

interface Option {
  value: string;
  label: string;
}
interface UserRow {
  username: string;
  realname: string;
}
interface RoleRow {
  roleCode: string;
  roleName: string;
}
interface PositionRow {
  code: string;
  name: string;
}

export function AssigneeEditor({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange(next: string): void;
}): React.JSX.Element {
  const { http } = useRuntime();
  const [rule, setRule] = useState<AssigneeRule>(() => parseRule(value));
  const [options, setOptions] = useState<Option[]>([]);
  const [word, setWord] = useState('');

  useEffect(() => setRule(parseRule(value)), [value]);
  useEffect(() => {
    if (rule.kind === 'position')
      void http
        .get<{ records: PositionRow[] }>('/sys/position/list', { pageNo: 1, pageSize: 200 })
        .then((res) => {
          if (res.success) setOptions(res.result.records.map((p) => ({ value: p.code, label: p.name })));
        });
    if (rule.kind === 'role')
      void http.get<RoleRow[]>('/sys/role/queryall').then((res) => {
        if (res.success) setOptions(res.result.map((r) => ({ value: r.roleCode, label: r.roleName })));
      });
    if (rule.kind === 'user' || rule.kind === 'users')
      void http
        .get<{ records: UserRow[] }>('/sys/user/queryUserComponentData', {
          pageNo: 1,
          pageSize: 20,
          // Chinese text searches the names, anything else the account names.
          [/[^ -~]/.test(word) ? 'realname' : 'username']: word,
        })
        .then((res) => {
          if (res.success)
            setOptions(
              res.result.records.map((u) => ({ value: u.username, label: `${u.realname}（${u.username}）` })),
            );
        });
  }, [http, rule.kind, word]);

  const update = (next: AssigneeRule) => {
    setRule(next);
    const text = formatRule(next);
    if (text) onChange(text);
  };
  const picker = rule.kind === 'user' || rule.kind === 'role' || rule.kind === 'position';
  const pickerText = { user: ['审批人员', '搜索并选择人员'], role: ['审批角色', '请选择角色'] }[
    rule.kind === 'user' || rule.kind === 'role' ? rule.kind : 'role'
  ];
  const [ariaLabel, placeholder] = rule.kind === 'position' ? ['审批岗位', '请选择岗位'] : pickerText;
  const chosen = rule.code ? rule.code.split(',') : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select<RuleKind>
        aria-label="审批人规则"
        placeholder="请选择审批人规则"
        value={rule.kind ?? undefined}
        options={[...RULE_KINDS]}
        onChange={(kind) => update({ kind, code: '' })}
      />
      {picker && (
        <Select
          aria-label={ariaLabel}
          placeholder={placeholder}
          showSearch={
            rule.kind === 'user' ? { filterOption: false, onSearch: setWord } : { optionFilterProp: 'label' }
          }
          value={rule.code || undefined}
          options={
            rule.code && !options.some((o) => o.value === rule.code)
              ? [...options, { value: rule.code, label: rule.code }]
              : options
          }
          onChange={(code: string) => update({ kind: rule.kind, code })}
        />
      )}
      {rule.kind === 'field' && (
        <Input
          aria-label="人员字段"
          placeholder="表单字段名，如 approver（字段值为账号）"
          value={rule.code}
          onChange={(e) => update({ kind: 'field', code: e.target.value.trim() })}
        />
      )}
      {rule.kind === 'users' && (
        <Select
          mode="multiple"
          aria-label="审批人员（多名）"
          placeholder="搜索并选择多名人员"
          showSearch={{ filterOption: false, onSearch: setWord }}
          value={chosen}
          options={[
            ...options,
            ...chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: c })),
          ]}
          onChange={(codes: string[]) => update({ kind: 'users', code: codes.join(',') })}
        />
      )}
    </Space>
  );
}
