/**
 * What the grant dialogs read from the server (JeecgBoot's TreeModel answers of
 * /sys/role/queryTreeList, /sys/permission/queryTreeList, queryTreeListForDeptRole) and the pure
 * rules of their linked check: checking a row checks everything below it and the path above it
 * (a button without its menu is unreachable), unchecking a row unchecks everything below it while
 * the menus above stay granted (a menu may be granted without its buttons).
 */
export interface PermissionNode {
  key: string;
  title: string;
  parentId: string | null;
  isLeaf: boolean;
  /** 0 top menu, 1 sub menu, 2 button or field rule. */
  menuType: number;
  perms: string | null;
  /** '1' show / hide, '2' enable / disable. */
  permsType: string;
  status: string;
  /** 1 when data rules are kept on the menu entry. */
  ruleFlag: number;
  children?: PermissionNode[];
}

export interface PermissionTreeAnswer {
  treeList: PermissionNode[];
  ids: string[];
}

export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

/** Parent and children of every node, for the linked check. */
export interface TreeIndex {
  parent: ReadonlyMap<string, string | null>;
  children: ReadonlyMap<string, readonly string[]>;
  nodes: ReadonlyMap<string, PermissionNode>;
}

export function indexTree(roots: readonly PermissionNode[]): TreeIndex {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const nodes = new Map<string, PermissionNode>();
  const walk = (list: readonly PermissionNode[], up: string | null) => {
    for (const node of list) {
      parent.set(node.key, up);
      nodes.set(node.key, node);
      children.set(
        node.key,
        (node.children ?? []).map((c) => c.key),
      );
      walk(node.children ?? [], node.key);
    }
  };
  walk(roots, null);
  return { parent, children, nodes };
}

function below(index: TreeIndex, key: string, out: Set<string>): void {
  for (const child of index.children.get(key) ?? []) {
    out.add(child);
    below(index, child, out);
  }
}

/** The checked set after the user (un)checks `key`. */
export function toggleLinked(
  index: TreeIndex,
  checked: ReadonlySet<string>,
  key: string,
  on: boolean,
): Set<string> {
  const next = new Set(checked);
  const subtree = new Set<string>([key]);
  below(index, key, subtree);
  for (const k of subtree) {
    if (on) next.add(k);
    else next.delete(k);
  }
  if (on) for (let up = index.parent.get(key); up; up = index.parent.get(up)) next.add(up);
  return next;
}
