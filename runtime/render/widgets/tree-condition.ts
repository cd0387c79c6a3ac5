/** The tree selects' configuration checks, worded as the spec has them. */

export const TREE_CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

export type ConditionCheck =
  { ok: true; condition: Record<string, unknown> | null } | { ok: false; message: string };

/** `widgetOptions.condition` must be a string holding a JSON object (or be absent). */
export function parseCondition(raw: unknown): ConditionCheck {
  if (raw === undefined || raw === null || raw === '') return { ok: true, condition: null };
  if (typeof raw !== 'string') return { ok: false, message: TREE_CONDITION_ERROR };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return { ok: true, condition: parsed as Record<string, unknown> };
  } catch {
    // falls through to the error below
  }
  return { ok: false, message: TREE_CONDITION_ERROR };
}

/** '0' (the root) or empty means nothing is chosen. */
export function treeValues(value: unknown): string[] {
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  return String(value)
    .split(',')
    .filter((v) => v !== '' && v !== '0');
}

export interface TreeNodeAnswer {
  key: string;
  title: string;
  value: string;
  code: string | null;
  parentId: string;
  isLeaf: boolean;
  children?: TreeNodeAnswer[];
}

/** Keeps nodes whose every condition column (code, title) contains the given text, and their parents. */
export function filterTree(
  nodes: readonly TreeNodeAnswer[],
  condition: Record<string, unknown> | null,
): TreeNodeAnswer[] {
  if (!condition) return [...nodes];
  const entries = Object.entries(condition).filter(([k]) => k === 'code' || k === 'title' || k === 'name');
  if (entries.length === 0) return [...nodes];
  const fits = (n: TreeNodeAnswer) =>
    entries.every(([k, v]) => String(k === 'code' ? (n.code ?? '') : n.title).includes(String(v)));
  const out: TreeNodeAnswer[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], condition);
    if (fits(node) || children.length > 0)
      out.push({ ...node, children: children.length ? children : undefined });
  }
  return out;
}
