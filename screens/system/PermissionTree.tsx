/**
 * The checkable permission tree of the grant dialogs (角色授权, 部门权限, 部门角色授权): menus,
 * buttons and field rules with their kind, check-all and expand-all switches, and a linked check
 * (permission-types.ts). antd's own linked mode (checkStrictly off) cannot show a menu granted
 * without its buttons — it would draw it unchecked and a save would revoke it — so the tree runs
 * strict and links the checks itself. Selecting a menu row tells the parent (to show its data rules).
 */
import { Checkbox, Empty, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { indexTree, toggleLinked, type PermissionNode } from './permission-types';

export interface PermissionTreeProps {
  nodes: readonly PermissionNode[];
  /** Every id of the tree (check-all). */
  allIds: readonly string[];
  checked: ReadonlySet<string>;
  onChange(checked: Set<string>): void;
  /** The menu row whose details (data rules) the parent shows. */
  selected?: string | null;
  onSelect?(node: PermissionNode | null): void;
  height?: number;
}

function kindTags(node: PermissionNode): React.ReactNode[] {
  const tags: React.ReactNode[] = [];
  if (node.menuType === 2) {
    tags.push(
      node.permsType === '2' ? (
        <Tag key="k" color="orange">
          可编辑/禁用
        </Tag>
      ) : (
        <Tag key="k" color="blue">
          显示/隐藏
        </Tag>
      ),
    );
    if (node.status === '0') tags.push(<Tag key="s">未启用</Tag>);
  }
  if (node.ruleFlag > 0)
    tags.push(
      <Tag key="r" color="green">
        数据规则
      </Tag>,
    );
  return tags;
}

function toData(nodes: readonly PermissionNode[]): DataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    // Wraps between its parts, never inside a name or a code (the tree column is narrow).
    title: (
      <Space size={4} wrap>
        <span style={{ whiteSpace: 'nowrap' }}>{node.title}</span>
        {node.perms && (
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {node.perms}
          </Typography.Text>
        )}
        {kindTags(node)}
      </Space>
    ),
    isLeaf: !node.children?.length,
    children: node.children?.length ? toData(node.children) : undefined,
  }));
}

function branchKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));
}

export function PermissionTree(props: PermissionTreeProps): React.JSX.Element {
  const { nodes, allIds, checked, onChange } = props;
  const index = useMemo(() => indexTree(nodes), [nodes]);
  const treeData = useMemo(() => toData(nodes), [nodes]);
  const branches = useMemo(() => branchKeys(nodes), [nodes]);
  const [expanded, setExpanded] = useState<React.Key[]>(() => nodes.map((n) => n.key));
  if (nodes.length === 0) return <Empty description="没有可授权的菜单" />;
  const allChecked = allIds.length > 0 && allIds.every((id) => checked.has(id));
  const allExpanded = branches.length > 0 && branches.every((k) => expanded.includes(k));
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && checked.size > 0}
          onChange={(e) => onChange(e.target.checked ? new Set(allIds) : new Set())}
        >
          全选
        </Checkbox>
        <Checkbox
          checked={allExpanded}
          onChange={(e) => setExpanded(e.target.checked ? branches : nodes.map((n) => n.key))}
        >
          展开全部
        </Checkbox>
        <Typography.Text type="secondary">已选 {checked.size} 项</Typography.Text>
      </Space>
      <Tree
        checkable
        checkStrictly
        blockNode
        height={props.height ?? 560}
        treeData={treeData}
        checkedKeys={{ checked: [...checked], halfChecked: [] }}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        selectedKeys={props.selected ? [props.selected] : []}
        onSelect={(keys) => props.onSelect?.(index.nodes.get(String(keys[0] ?? '')) ?? null)}
        onCheck={(_, info) => onChange(toggleLinked(index, checked, String(info.node.key), info.checked))}
      />
    </div>
  );
}
