/**
 * 角色用户: the users holding a role, searchable and paged; users are added by account or name and
 * removed one by one or several at once. The users' permissions change on their next request.
 */
import { Alert, Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';

interface RoleUser {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  status: number;
}

interface Page<T> {
  records: T[];
  total: number;
}

interface Option {
  value: string;
  label: string;
}

const PAGE_SIZE = 10;

export default function RoleUsersPanel({ row }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const roleId = String(row?.id ?? '');
  const [page, setPage] = useState<Page<RoleUser>>({ records: [], total: 0 });
  const [pageNo, setPageNo] = useState(1);
  const [word, setWord] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState<string[]>([]);
  const [options, setOptions] = useState<Option[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await http.get<Page<RoleUser>>('/sys/user/userRoleList', {
      roleId,
      username: word,
      pageNo,
      pageSize: PAGE_SIZE,
    });
    if (res.success) setPage(res.result);
    else setProblem(res.message);
  }, [http, roleId, word, pageNo]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = async (text: string) => {
    const res = await http.get<Page<{ id: string; username: string; realname: string }>>(
      '/sys/user/queryUserComponentData',
      { username: text, pageNo: 1, pageSize: 20 },
    );
    if (res.success)
      setOptions(res.result.records.map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` })));
  };

  const report = async (call: Promise<{ success: boolean; message: string }>) => {
    const res = await call;
    if (!res.success) {
      setProblem(res.message);
      return false;
    }
    setProblem(null);
    feedback.message('success', res.message);
    await load();
    return true;
  };

  const add = async () => {
    if (adding.length === 0) return;
    if (await report(http.post('/sys/user/addSysUserRole', { roleId, userIdList: adding }))) setAdding([]);
  };

  const removeMany = async () => {
    const ok = await report(
      http.delete('/sys/user/deleteUserRoleBatch', { roleId, userIds: selected.join(',') }),
    );
    if (ok) setSelected([]);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {problem && <Alert type="warning" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      <Space wrap>
        <Input.Search
          aria-label="用户账号"
          placeholder="按账号或姓名查询"
          allowClear
          onSearch={(text) => {
            setPageNo(1);
            setWord(text.trim());
          }}
          style={{ width: 240 }}
        />
        <Select
          aria-label="添加用户"
          mode="multiple"
          showSearch
          filterOption={false}
          placeholder="输入账号查找要添加的用户"
          value={adding}
          options={options}
          onSearch={(text) => void search(text)}
          onFocus={() => void search('')}
          onChange={setAdding}
          style={{ minWidth: 320 }}
        />
        <Button type="primary" disabled={adding.length === 0} onClick={() => void add()}>
          添加
        </Button>
        <Popconfirm
          title="确定移除选中的用户吗?"
          onConfirm={() => void removeMany()}
          disabled={selected.length === 0}
        >
          <Button danger disabled={selected.length === 0}>
            批量移除
          </Button>
        </Popconfirm>
      </Space>
      <Table<RoleUser>
        rowKey="id"
        size="small"
        dataSource={page.records}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.total,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPageNo,
        }}
        columns={[
          { title: '用户账号', dataIndex: 'username' },
          { title: '用户姓名', dataIndex: 'realname' },
          { title: '工号', dataIndex: 'workNo' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: number) => (status === 1 ? <Tag color="green">正常</Tag> : <Tag>冻结</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, user: RoleUser) => (
              <Popconfirm
                title="确定移除该用户吗?"
                onConfirm={() =>
                  void report(http.delete('/sys/user/deleteUserRole', { roleId, userId: user.id }))
                }
              >
                <a>移除</a>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
