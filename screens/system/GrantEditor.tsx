/**
 * One grant dialog for a role, a department or a department role: the permission tree checked with
 * what the owner holds, saved as the whole set (`{<ownerKey>, permissionIds, lastpermissionIds}`,
 * the contract's body). For a role, selecting a menu with data rules shows them to tick; the ticks
 * travel with the save (`dataRuleIds`), kept on the grant.
 */
import { Alert, Button, Col, Empty, Row, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { PermissionTree } from './PermissionTree';
import type { PermissionNode, PermissionTreeAnswer } from './permission-types';
import { RoleDataRules } from './RoleDataRules';

export interface GrantEditorProps {
  /** The tree to choose from, with its query if any, e.g. /sys/role/queryTreeList. */
  treeUrl: string;
  /** The owner's granted ids, e.g. /sys/permission/queryRolePermission. */
  grantedUrl: string;
  saveUrl: string;
  /** The owner's parameter and body key (roleId, departId) and its value. */
  ownerKey: string;
  ownerId: string;
  /** Offer the data rules of the selected menu (roles only). */
  dataRules?: boolean;
  onSaved?(): void;
  close(): void;
}

export function GrantEditor(props: GrantEditorProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const { treeUrl, grantedUrl, saveUrl, ownerKey, ownerId } = props;
  const [tree, setTree] = useState<PermissionTreeAnswer | null>(null);
  const [stored, setStored] = useState<string[]>([]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [rules, setRules] = useState<ReadonlyMap<string, string[]>>(new Map());
  const [selected, setSelected] = useState<PermissionNode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([
      http.get<PermissionTreeAnswer>(treeUrl),
      http.get<string[]>(grantedUrl, { [ownerKey]: ownerId }),
    ]).then(([treeRes, grantedRes]) => {
      if (!treeRes.success || !grantedRes.success) {
        setProblem(treeRes.success ? grantedRes.message : treeRes.message);
        return;
      }
      setTree(treeRes.result);
      setStored(grantedRes.result);
      setChecked(new Set(grantedRes.result));
    });
  }, [http, treeUrl, grantedUrl, ownerKey, ownerId]);

  const chooseRules = useCallback(
    (menuId: string, ids: string[]) => setRules((map) => new Map(map).set(menuId, ids)),
    [],
  );

  const save = async (andClose: boolean) => {
    setSaving(true);
    // Rules travel only for granted menus: a rule on a menu the owner does not hold means nothing.
    const dataRuleIds = Object.fromEntries(
      [...rules].filter(([menuId]) => checked.has(menuId)).map(([menuId, ids]) => [menuId, ids.join(',')]),
    );
    const res = await http.post<string>(saveUrl, {
      [ownerKey]: ownerId,
      permissionIds: [...checked].join(','),
      lastpermissionIds: stored.join(','),
      ...(props.dataRules ? { dataRuleIds } : {}),
    });
    setSaving(false);
    if (!res.success) {
      setProblem(res.message);
      return;
    }
    feedback.message('success', res.message);
    setStored([...checked]);
    props.onSaved?.();
    if (andClose) props.close();
  };

  if (!tree) return problem ? <Alert type="warning" showIcon title={problem} /> : <Spin />;
  const treeView = (
    <PermissionTree
      nodes={tree.treeList}
      allIds={tree.ids}
      checked={checked}
      onChange={setChecked}
      selected={selected?.key ?? null}
      onSelect={setSelected}
    />
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {problem && <Alert type="warning" showIcon title={problem} closable onClose={() => setProblem(null)} />}
      {props.dataRules ? (
        <Row gutter={16}>
          <Col span={14}>{treeView}</Col>
          <Col span={10}>
            {selected && selected.menuType !== 2 ? (
              <RoleDataRules
                roleId={ownerId}
                menu={selected}
                chosen={rules.get(selected.key)}
                granted={checked.has(selected.key)}
                onChange={(ids) => chooseRules(selected.key, ids)}
              />
            ) : (
              <Empty description="点选左侧菜单，设置该角色在其上的数据规则" />
            )}
          </Col>
        </Row>
      ) : (
        treeView
      )}
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button onClick={props.close}>取消</Button>
        <Button loading={saving} onClick={() => void save(false)}>
          仅保存
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save(true)}>
          保存并关闭
        </Button>
      </Space>
    </Space>
  );
}
