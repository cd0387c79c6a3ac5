/**
 * 审批人 of a user task: the rule kind, and for 指定人员 / 指定角色 a searchable picker of the
 * active users (系统用户) or the roles. Writes `zh:assignee` as soon as the rule is complete.
 */
import { Select, Space } from 'antd';
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
    if (rule.kind === 'role')
      void http.get<RoleRow[]>('/sys/role/queryall').then((res) => {
        if (res.success) setOptions(res.result.map((r) => ({ value: r.roleCode, label: r.roleName })));
      });
    if (rule.kind === 'user')
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
  const picker = rule.kind === 'user' || rule.kind === 'role';
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
          aria-label={rule.kind === 'user' ? '审批人员' : '审批角色'}
          placeholder={rule.kind === 'user' ? '搜索并选择人员' : '请选择角色'}
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
    </Space>
  );
}
