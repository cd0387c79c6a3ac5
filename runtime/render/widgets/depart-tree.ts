/** Pure helpers of the department picker: walking the tree, names of chosen ids, search matches. */
import type { DepartNode } from './picker-api';

export function walkDeparts(nodes: readonly DepartNode[], visit: (node: DepartNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walkDeparts(node.children, visit);
  }
}

export function departIndex(nodes: readonly DepartNode[]): Map<string, DepartNode> {
  const index = new Map<string, DepartNode>();
  walkDeparts(nodes, (node) => index.set(node.id, node));
  return index;
}

/** The first level is open by default (the spec): the roots' keys. */
export function firstLevelKeys(nodes: readonly DepartNode[]): string[] {
  return nodes.filter((n) => !n.isLeaf).map((n) => n.key);
}

/** Keys to open so every match shows: the parents of each matching node, up to the root. */
export function parentsOf(matches: readonly string[], index: ReadonlyMap<string, DepartNode>): string[] {
  const open = new Set<string>();
  for (const id of matches) {
    let parent = index.get(id)?.parentId;
    while (parent && index.has(parent) && !open.has(parent)) {
      open.add(parent);
      parent = index.get(parent)?.parentId;
    }
  }
  return [...open];
}

/** Ids whose name contains the word (the tree is small, so matching happens here). */
export function matchDeparts(nodes: readonly DepartNode[], word: string): string[] {
  const needle = word.trim();
  if (!needle) return [];
  const found: string[] = [];
  walkDeparts(nodes, (node) => {
    if (node.departName.includes(needle)) found.push(node.id);
  });
  return found;
}
