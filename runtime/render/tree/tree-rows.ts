/**
 * Pure parts of the tree list: rows with lazily loaded children. A row the server flags with
 * children (`hasChild` '1') and whose children are not loaded yet gets one placeholder child, so the
 * table draws an expander and, while the call runs, a 加载中... row.
 */
import type { ListParams, Row } from '../data/adapter';

export const LOADING_TEXT = '加载中...';
const PLACEHOLDER_KEY = '$placeholder';

export interface TreeRow extends Row {
  children?: TreeRow[];
}

export function hasChildren(row: Row, hasChildField: string): boolean {
  const flag = row[hasChildField];
  return flag === '1' || flag === 1 || flag === true || flag === 'true';
}

export function isPlaceholder(row: Row): boolean {
  return row[PLACEHOLDER_KEY] === true;
}

function placeholder(parentId: string): TreeRow {
  return { id: `${parentId}$loading`, [PLACEHOLDER_KEY]: true };
}

/** The rows with the children loaded so far; `loaded` maps a parent id to its children. */
export function treeRows(
  rows: readonly Row[],
  loaded: ReadonlyMap<string, readonly Row[]>,
  hasChildField: string,
): TreeRow[] {
  return rows.map((row) => {
    if (!hasChildren(row, hasChildField)) return { ...row };
    const id = String(row.id);
    const children = loaded.get(id);
    return { ...row, children: children ? treeRows(children, loaded, hasChildField) : [placeholder(id)] };
  });
}

/**
 * rootList answers roots only, unless `hasQuery=true` asks for matches at any depth: a search must
 * find a child whose parent does not match.
 */
export function rootListParams(params: ListParams, filterNames: readonly string[]): ListParams {
  const filtering = Object.keys(params).some((key) =>
    filterNames.some((name) => key === name || key === `${name}_begin` || key === `${name}_end`),
  );
  return filtering ? { ...params, hasQuery: 'true' } : params;
}
