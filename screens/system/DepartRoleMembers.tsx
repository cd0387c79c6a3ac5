/**
 * A member's roles in the department: pick a member, tick the department roles they hold, save.
 * Only the department's own members are offered (the server refuses anyone else).
 */
import { Alert, Button, Checkbox, Empty, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import type { DepartRole } from './DepartRoleForm';

interface Member {
  id: string;
  username: string;
  realname: string;
}

export interface DepartRoleMembersProps {
  departId: string;
  roles: readonly DepartRole[];
}

export function DepartRoleMembers({ departId, roles }: DepartRoleMembersProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [held, setHeld] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void http.get<Member[]>('/sys/user/queryUserByDepId', { id: departId }).then((res) => {
      if (res.success) setMembers(res.result);
      else setProblem(res.message);
    });
  }, [http, departId]);

  useEffect(() => {
    if (!userId) return;
    setHeld(null);
    void http
      .get<{ droleId: string }[]>('/sys/sysDepartRole/getDeptRoleByUserId', { userId, departId })
      .then((res) => setHeld(res.success ? res.result.map((r) => r.droleId) : []));
  }, [http, userId, departId]);

  const save = async () => {
    if (!userId || !held) return;
    const res = await http.post<string>('/sys/sysDepartRole/deptRoleUserAdd', {
      userId,
      departId,
      newRoleId: held.join(','),
      oldRoleId: '',
    });
    if (!res.success) setProblem(res.message);
    else feedback.message('success', res.message);
  };

  if (members === null) return problem ? <Alert type="warning" showIcon title={problem} /> : <Spin />;
  if (members.length === 0) return <Empty description="该部门还没有成员" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {problem && <Alert type="warning" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      <Select
        aria-label="部门成员"
        showSearch
        optionFilterProp="label"
        placeholder="选择部门成员"
        value={userId ?? undefined}
        onChange={setUserId}
        options={members.map((m) => ({ value: m.id, label: `${m.realname}（${m.username}）` }))}
        style={{ width: 320 }}
      />
      {userId && held === null && <Spin />}
      {userId && held !== null && (
        <>
          {roles.length === 0 ? (
            <Typography.Text type="secondary">先在“部门角色”中新增角色</Typography.Text>
          ) : (
            <Checkbox.Group
              value={held}
              onChange={(values) => setHeld(values.map(String))}
              options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
            />
          )}
          <Button type="primary" onClick={() => void save()}>
            保存
          </Button>
        </>
      )}
    </Space>
  );
}
