/**
 * 抄送人 of a user task in the modeler's panel (docs/modules/workflow.md, "Slice 5c"): people (a
 * searchable picker of the active users), roles, positions and the starter-relative choices; each
 * person they name gets a copy when the node is approved. Writes `zh:ccUsers` (cc-options.ts).
 */
import { Form, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { BusinessObject } from './bpmn/services';
import { CC_OTHER_OPTIONS, formatCc, parseCc, type CcChoice } from './cc-options';

interface Option {
  value: string;
  label: string;
}

/** The chosen values missing from the loaded options, shown by their code. */
const withChosen = (options: readonly Option[], chosen: readonly string[]): Option[] => [
  ...options,
  ...chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: c })),
];

export function CcOptions({
  bo,
  update,
}: {
  bo: BusinessObject;
  update(props: Record<string, unknown>): void;
}): React.JSX.Element {
  const { http } = useRuntime();
  const choice = parseCc(bo.get('zh:ccUsers') as string | undefined);
  const [users, setUsers] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [positions, setPositions] = useState<Option[]>([]);
  const [word, setWord] = useState('');

  useEffect(() => {
    void http.get<{ roleCode: string; roleName: string }[]>('/sys/role/queryall').then((res) => {
      if (res.success) setRoles(res.result.map((r) => ({ value: r.roleCode, label: r.roleName })));
    });
    void http
      .get<{ records: { code: string; name: string }[] }>('/sys/position/list', { pageNo: 1, pageSize: 200 })
      .then((res) => {
        if (res.success) setPositions(res.result.records.map((p) => ({ value: p.code, label: p.name })));
      });
  }, [http]);
  useEffect(() => {
    void http
      .get<{ records: { username: string; realname: string }[] }>('/sys/user/queryUserComponentData', {
        pageNo: 1,
        pageSize: 20,
        // Chinese text searches the names, anything else the account names.
        [/[^ -~]/.test(word) ? 'realname' : 'username']: word,
      })
      .then((res) => {
        if (res.success)
          setUsers(
            res.result.records.map((u) => ({ value: u.username, label: `${u.realname}（${u.username}）` })),
          );
      });
  }, [http, word]);

  const set = (part: keyof CcChoice) => (values: string[]) =>
    update({ 'zh:ccUsers': formatCc({ ...choice, [part]: values }) || undefined });
  return (
    <Form.Item label="抄送人" extra="节点审批同意后，自动抄送给以下人员（审批人本人与已收到抄送的人除外）">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label="抄送人员"
          placeholder="搜索并选择抄送人员"
          showSearch={{ filterOption: false, onSearch: setWord }}
          value={choice.users}
          options={withChosen(users, choice.users)}
          onChange={set('users')}
        />
        <Select
          mode="multiple"
          aria-label="抄送角色"
          placeholder="抄送给角色的全部成员"
          showSearch={{ optionFilterProp: 'label' }}
          value={choice.roles}
          options={withChosen(roles, choice.roles)}
          onChange={set('roles')}
        />
        <Select
          mode="multiple"
          aria-label="抄送岗位"
          placeholder="抄送给岗位的全部人员"
          showSearch={{ optionFilterProp: 'label' }}
          value={choice.positions}
          options={withChosen(positions, choice.positions)}
          onChange={set('positions')}
        />
        <Select
          mode="multiple"
          aria-label="其他抄送对象"
          placeholder="发起人本人、发起人的部门经理、总经理"
          value={choice.others}
          options={withChosen(CC_OTHER_OPTIONS, choice.others)}
          onChange={set('others')}
        />
      </Space>
    </Form.Item>
  );
}
