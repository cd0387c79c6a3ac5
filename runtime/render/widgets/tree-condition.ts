/** The tree selects' configuration checks, worded as the spec has them. */
import type { TreeSelectNode } from '../../model/contract/tree-select';

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

/** Keeps nodes whose every condition column (code, title) contains the given text, and their parents. */
export function filterTree(
  nodes: readonly TreeSelectNode[],
  condition: Record<string, unknown> | null,
): TreeSelectNode[] {
  if (!condition) return [...nodes];
  const entries = Object.entries(condition).filter(([k]) => k === 'code' || k === 'title' || k === 'name');
  if (entries.length === 0) return [...nodes];
  const fits = (n: TreeSelectNode) =>
    entries.every(([k, v]) => String(k === 'code' ? (n.code ?? '') : n.title).includes(String(v)));
  const out: TreeSelectNode[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], condition);
    if (fits(node) || children.length > 0)
      out.push({ ...node, children: children.length ? children : undefined });
  }
  return out;
}
