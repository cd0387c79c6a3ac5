/**
 * The grant tree's rules (docs/modules/documents.md "Rights"), pure so they are unit-tested: a
 * position's own grants per classification, and what every node gets from them — its own grant, or
 * else its parent's (inheritance), or nothing at the top.
 */
export interface Power {
  view: boolean;
  download: boolean;
  edit: boolean;
}

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

export type Right = keyof Power;

export const NONE: Power = { view: false, download: false, edit: false };

/** What each node gets: its own grant if it has one, else the nearest ancestor's, else nothing. */
export function effectivePowers(
  tree: readonly TreeNode[],
  own: ReadonlyMap<string, Power>,
): Map<string, Power> {
  const out = new Map<string, Power>();
  const walk = (nodes: readonly TreeNode[], inherited: Power) => {
    for (const node of nodes) {
      const power = own.get(node.key) ?? inherited;
      out.set(node.key, power);
      walk(node.children ?? [], power);
    }
  };
  walk(tree, NONE);
  return out;
}

/**
 * A checkbox clicked on a node: the node gets its own grant, starting from what it had (inherited or
 * own). Download and edit include view; taking view away takes them too.
 */
export function toggle(current: Power, right: Right, checked: boolean): Power {
  if (right === 'view') return checked ? { ...current, view: true } : { ...NONE };
  const next = { ...current, [right]: checked };
  return checked ? { ...next, view: true } : next;
}

/** Every key of the tree, for expanding it whole. */
export function allKeys(tree: readonly TreeNode[]): string[] {
  return tree.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

/** Each node's depth (0 at the top), so the checkbox columns can line up across levels. */
export function depths(
  tree: readonly TreeNode[],
  depth = 0,
  out = new Map<string, number>(),
): Map<string, number> {
  for (const node of tree) {
    out.set(node.key, depth);
    depths(node.children ?? [], depth + 1, out);
  }
  return out;
}
