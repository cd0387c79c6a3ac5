/**
 * 选择用户 by department: a 1200-wide modal with the department tree on the left and a paged user
 * list on the right (account search, reset). The value is the chosen usernames joined by commas;
 * names come from the rows picked here, else the field's dictionary (e.g. sys_user,realname,username).
 */
import { Button, Col, Input, Modal, Row, Space, Table, Tree } from 'antd';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useRuntime } from '../context';
import type { WidgetProps } from '../types';
import { firstLevelKeys } from './depart-tree';
import { fetchUsers, useDepartTree, type PickerUser, type UserQuery } from './picker-api';
import { PickerInput } from './PickerInput';
import { isMulti, optionNumber, splitValues, valueTexts } from './picker-value';
import { pickerPagination } from './picker-paging';

export const USER_PICKER_WIDTH = 1200;
const PAGE_SIZE = 10;

export function UserPickerWidget(props: WidgetProps): React.JSX.Element {
  const { field } = props;
  const [open, setOpen] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const values = splitValues(props.value);
  return (
    <>
      <PickerInput
        id={props.id}
        texts={valueTexts(values, names, props.options)}
        placeholder={props.placeholder ?? field.placeholder ?? '请选择用户'}
        disabled={props.disabled}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange?.('')}
      />
      {open && (
        <UserModal
          multi={isMulti(field)}
          initial={values}
          width={optionNumber(field, 'modalWidth') ?? USER_PICKER_WIDTH}
          onCancel={() => setOpen(false)}
          onOk={(users) => {
            setOpen(false);
            // Only names actually seen in the list; the others keep the dictionary's text.
            setNames(
              new Map(users.filter((u) => u.realname !== u.username).map((u) => [u.username, u.realname])),
            );
            props.onChange?.(users.map((u) => u.username).join(','));
          }}
        />
      )}
    </>
  );
}

interface UserModalProps {
  multi: boolean;
  initial: string[];
  width: number;
  onOk(users: Pick<PickerUser, 'username' | 'realname'>[]): void;
  onCancel(): void;
}

function UserModal(props: UserModalProps): React.JSX.Element {
  const { http } = useRuntime();
  const tree = useDepartTree();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [account, setAccount] = useState('');
  const [query, setQuery] = useState<UserQuery>({ pageNo: 1, pageSize: PAGE_SIZE });
  const [selected, setSelected] = useState<Map<string, string>>(
    () => new Map(props.initial.map((username) => [username, username])),
  );
  const { data, isLoading } = useSWR(['picker-users', JSON.stringify(query)], () => fetchUsers(http, query), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });

  useEffect(() => {
    if (tree && expanded.length === 0) setExpanded(firstLevelKeys(tree));
  }, [tree, expanded.length]);

  // Rows seen here give the chosen usernames their real names.
  useEffect(() => {
    if (!data) return;
    setSelected((current) => {
      const next = new Map(current);
      for (const row of data.records) if (next.has(row.username)) next.set(row.username, row.realname);
      return next;
    });
  }, [data]);

  const choose = (rows: PickerUser[], keys: string[]) => {
    // antd leaves holes for rows of other pages.
    const pageNames = new Map(rows.filter(Boolean).map((r) => [r.username, r.realname]));
    if (!props.multi) {
      const key = keys[keys.length - 1];
      setSelected(key ? new Map([[key, pageNames.get(key) ?? key]]) : new Map());
      return;
    }
    // Keys of other pages stay chosen: antd keeps them with preserveSelectedRowKeys.
    setSelected(new Map(keys.map((k) => [k, pageNames.get(k) ?? selected.get(k) ?? k])));
  };

  return (
    <Modal
      open
      title="选择用户"
      width={props.width}
      okText="确定"
      cancelText="关闭"
      onOk={() => props.onOk([...selected].map(([username, realname]) => ({ username, realname })))}
      onCancel={props.onCancel}
      destroyOnHidden
      className="zj-user-picker"
    >
      <Row gutter={16}>
        <Col span={6} style={{ borderRight: '1px solid #f0f0f0', maxHeight: 480, overflow: 'auto' }}>
          <Tree
            treeData={tree ?? []}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={query.departId ? [query.departId] : []}
            onSelect={(keys) =>
              setQuery({ ...query, departId: keys[0] ? String(keys[0]) : undefined, pageNo: 1 })
            }
          />
        </Col>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }}>
            <span>用户账号:</span>
            <Input
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              onPressEnter={() => setQuery({ ...query, username: account.trim(), pageNo: 1 })}
              placeholder="请输入用户账号"
              style={{ width: 200 }}
            />
            <Button
              type="primary"
              onClick={() => setQuery({ ...query, username: account.trim(), pageNo: 1 })}
            >
              查询
            </Button>
            <Button
              onClick={() => {
                setAccount('');
                setQuery({ pageNo: 1, pageSize: PAGE_SIZE });
              }}
            >
              重置
            </Button>
          </Space>
          <Table<PickerUser>
            size="small"
            rowKey="username"
            loading={isLoading}
            dataSource={data?.records ?? []}
            columns={[
              { title: '用户账号', dataIndex: 'username' },
              { title: '用户姓名', dataIndex: 'realname' },
              { title: '部门', dataIndex: 'orgCodeTxt' },
            ]}
            rowSelection={{
              type: props.multi ? 'checkbox' : 'radio',
              selectedRowKeys: [...selected.keys()],
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => choose(rows, keys.map(String)),
            }}
            onRow={(row) => ({
              onClick: () => {
                const keys = [...selected.keys()];
                const next = keys.includes(row.username)
                  ? keys.filter((k) => k !== row.username)
                  : [...keys, row.username];
                choose([row], next);
              },
            })}
            pagination={pickerPagination(query, data?.total ?? 0, (pageNo, pageSize) =>
              setQuery({ ...query, pageNo, pageSize }),
            )}
          />
        </Col>
      </Row>
    </Modal>
  );
}
