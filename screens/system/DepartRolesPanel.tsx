/**
 * 部门角色: a department's own roles (add, edit, delete), their grants out of what the department
 * holds (部门权限), and which members hold them. A member holds the codes of their department
 * roles besides their system roles' ones.
 */
import { Alert, Button, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { DepartRoleForm, type DepartRole } from './DepartRoleForm';
import { DepartRoleMembers } from './DepartRoleMembers';
import { GrantEditor } from './GrantEditor';

interface Page<T> {
  records: T[];
  total: number;
}

const PAGE_SIZE = 10;

export default function DepartRolesPanel({ row }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const departId = String(row?.id ?? '');
  const [page, setPage] = useState<Page<DepartRole>>({ records: [], total: 0 });
  const [pageNo, setPageNo] = useState(1);
  const [all, setAll] = useState<DepartRole[]>([]);
  const [editing, setEditing] = useState<DepartRole | null | 'new'>(null);
  const [granting, setGranting] = useState<DepartRole | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [res, every] = await Promise.all([
      http.get<Page<DepartRole>>('/sys/sysDepartRole/list', {
        deptId: departId,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
      http.get<DepartRole[]>('/sys/sysDepartRole/getDeptRoleList', { departId }),
    ]);
    if (res.success) setPage(res.result);
    else setProblem(res.message);
    if (every.success) setAll(every.result);
  }, [http, departId, pageNo]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (role: DepartRole) => {
    const res = await http.delete<string>('/sys/sysDepartRole/delete', { id: role.id });
    if (!res.success) return setProblem(res.message);
    feedback.message('success', res.message);
    await load();
  };

  const roleTable = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        新增部门角色
      </Button>
      <Table<DepartRole>
        rowKey="id"
        size="small"
        dataSource={page.records}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.total,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPageNo,
        }}
        columns={[
          { title: '部门角色名称', dataIndex: 'roleName' },
          { title: '部门角色编码', dataIndex: 'roleCode' },
          { title: '描述', dataIndex: 'description' },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, role: DepartRole) => (
              <Space>
                <a onClick={() => setEditing(role)}>编辑</a>
                <a onClick={() => setGranting(role)}>授权</a>
                <Popconfirm title="确定删除该部门角色吗?" onConfirm={() => void remove(role)}>
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );

  return (
    <>
      {problem && <Alert type="warning" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      <Tabs
        items={[
          { key: 'roles', label: '部门角色', children: roleTable },
          {
            key: 'members',
            label: '成员角色',
            children: <DepartRoleMembers departId={departId} roles={all} />,
          },
        ]}
      />
      {editing !== null && (
        <DepartRoleForm
          departId={departId}
          role={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void load();
          }}
        />
      )}
      {granting && (
        <Modal
          open
          title={`部门角色授权：${granting.roleName}`}
          width={720}
          footer={null}
          onCancel={() => setGranting(null)}
          destroyOnHidden
        >
          <GrantEditor
            treeUrl={`/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${encodeURIComponent(departId)}`}
            grantedUrl="/sys/sysDepartPermission/queryDeptRolePermission"
            saveUrl="/sys/sysDepartPermission/saveDeptRolePermission"
            ownerKey="roleId"
            ownerId={granting.id}
            close={() => setGranting(null)}
          />
        </Modal>
      )}
    </>
  );
}
