/**
 * Tree rows (spec section 3: a grid row may carry `children` and `hasChildren`): which saved rows
 * are parents, the loading placeholder child a collapsed lazy node shows until its children load,
 * and the nested data Tabulator's dataTree module reads. Pure: shared by the grid and its tests.
 */
import type { GridRows } from './rows.js';

/** Tabulator's child-rows field (its default). */
export const TREE_CHILD_FIELD = '_children';
/** Marks the placeholder row's data. */
export const TREE_PLACEHOLDER_FIELD = '__loading';
/** Row fields that describe the tree, not values. */
export const TREE_META_FIELDS = ['id', 'children', 'hasChildren'] as const;

/** `hasChildren` as servers send it: true, 1, '1', 'true'. */
export function hasChildrenFlag(row: Readonly<Record<string, unknown>>): boolean {
  const flag = row.hasChildren;
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** Children delivered with the row (already loaded), or undefined. */
export function loadedChildren(
  row: Readonly<Record<string, unknown>>,
): readonly Record<string, unknown>[] | undefined {
  return Array.isArray(row.children) ? (row.children as Record<string, unknown>[]) : undefined;
}

/** The placeholder child of a lazy node: its own key, flagged, no values. */
export function placeholderRow(parentKey: string, keyField: string): Record<string, unknown> {
  return { [keyField]: `${parentKey}\n${TREE_PLACEHOLDER_FIELD}`, [TREE_PLACEHOLDER_FIELD]: true };
}

export function isPlaceholder(data: Readonly<Record<string, unknown>>): boolean {
  return data[TREE_PLACEHOLDER_FIELD] === true;
}

/**
 * Registers saved tree rows (and the children they already carry, recursively) in the store and
 * answers Tabulator's nested data for them: loaded children under `_children`, a lazy node (with
 * `hasChildren` and no `children`) a lone placeholder child, a leaf no `_children` at all.
 */
export function treeData(
  store: GridRows,
  saved: readonly Record<string, unknown>[],
  keyField: string,
  parent?: string,
): Record<string, unknown>[] {
  const keys = store.addSaved(saved, parent);
  return saved.map((row, i) => {
    const key = keys[i]!;
    const data: Record<string, unknown> = { [keyField]: key, ...store.get(key) };
    const children = loadedChildren(row);
    if (children) data[TREE_CHILD_FIELD] = treeData(store, children, keyField, key);
    else if (hasChildrenFlag(row)) data[TREE_CHILD_FIELD] = [placeholderRow(key, keyField)];
    return data;
  });
}

/** Whether a node still shows only its placeholder (its children are not loaded yet). */
export function awaitsChildren(data: Readonly<Record<string, unknown>>): boolean {
  const children = data[TREE_CHILD_FIELD];
  return (
    Array.isArray(children) && children.length === 1 && isPlaceholder(children[0] as Record<string, unknown>)
  );
}
