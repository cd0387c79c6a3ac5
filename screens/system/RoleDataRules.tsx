/**
 * The data rules of one menu entry for a role, shown beside the permission tree when the menu is
 * selected: tick the rules the role holds on it (per role the ticked rules are ANDed; no rule ticked
 * means every row). The choice is kept by the dialog and saved with the grant.
 */
import { Alert, Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { DataRule, PermissionNode } from './permission-types';

export interface RoleDataRulesProps {
  roleId: string;
  menu: PermissionNode;
  /** The ticked rule ids, when the dialog already holds them for this menu. */
  chosen: readonly string[] | undefined;
  granted: boolean;
  onChange(ruleIds: string[]): void;
}

const OPERATOR: Readonly<Record<string, string>> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  in: '在其中',
  like: '包含',
  left_like: '以…结尾',
  right_like: '以…开头',
};

export function RoleDataRules({
  roleId,
  menu,
  chosen,
  granted,
  onChange,
}: RoleDataRulesProps): React.JSX.Element {
  const { http } = useRuntime();
  const [rules, setRules] = useState<DataRule[] | null>(null);
  useEffect(() => {
    let live = true;
    setRules(null);
    void http
      .get<{ datarule: DataRule[]; drChecked?: string }>(`/sys/role/datarule/${menu.key}/${roleId}`)
      .then((res) => {
        if (!live) return;
        const list = res.success ? res.result.datarule : [];
        setRules(list);
        if (chosen === undefined && res.success && res.result.drChecked)
          onChange(res.result.drChecked.split(',').filter(Boolean));
      });
    return () => {
      live = false;
    };
    // Loaded once per menu; `chosen` and `onChange` change as the user ticks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, menu.key, roleId]);

  if (rules === null) return <Spin />;
  if (rules.length === 0) return <Empty description="该菜单没有数据规则" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{menu.title} 的数据规则</Typography.Text>
      {!granted && <Alert type="info" showIcon title="先勾选该菜单，规则才会随授权保存" />}
      <Checkbox.Group
        value={[...(chosen ?? [])]}
        onChange={(values) => onChange(values.map(String))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={rules.map((rule) => ({
          value: rule.id,
          disabled: !granted,
          label: (
            <span>
              {rule.ruleName}
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                {rule.ruleColumn} {OPERATOR[rule.ruleConditions] ?? rule.ruleConditions} {rule.ruleValue}
                {rule.status === '0' ? '（无效）' : ''}
              </Typography.Text>
            </span>
          ),
        }))}
      />
      <Typography.Text type="secondary">勾选的规则同时满足；不勾选则可见全部数据。</Typography.Text>
    </Space>
  );
}
