/**
 * Lazy children of a tree list: loaded through the adapter on first expand, kept per parent id, and
 * dropped when the roots change (a refresh after add, edit or delete may have moved nodes).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { treeRows, type TreeRow } from './tree-rows';

export interface TreeChildren {
  rows: TreeRow[];
  expand(expanded: boolean, row: Row): void;
  /** The server's message when a child list could not be loaded. */
  problem: string | null;
}

export function useTreeChildren(model: EntityModel, roots: readonly Row[], enabled: boolean): TreeChildren {
  const { data } = useRuntime();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, readonly Row[]>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  // Drop loaded children whenever a new page of roots arrives.
  useEffect(() => setLoaded((map) => (map.size === 0 ? map : new Map())), [roots]);
  const hasChildField = model.tree?.hasChildField ?? 'hasChild';
  const rows = useMemo(
    () => (enabled ? treeRows(roots, loaded, hasChildField) : [...roots]),
    [enabled, roots, loaded, hasChildField],
  );
  const expand = useCallback(
    (expanded: boolean, row: Row) => {
      const id = String(row.id);
      if (!enabled || !expanded || loaded.has(id)) return;
      void data.childList(model.basePath, id).then((answer) => {
        if (!answer.success) return setProblem(answer.message);
        setLoaded((map) => new Map(map).set(id, Array.isArray(answer.result) ? answer.result : []));
      });
    },
    [enabled, loaded, data, model.basePath],
  );
  return { rows, expand, problem };
}
