/**
 * Lazy children of a tree list: loaded through the adapter on first expand and kept per parent id.
 * The open nodes are the hook's own (controlled expandedRowKeys): when the roots change (a refresh
 * after add, edit or delete may have moved nodes) the open nodes stay open and their children are
 * loaded again, so saving a form never collapses the tree. After an add, the new node's parent is
 * opened and the new node selected (useNewNode).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableProps } from 'antd';
import type { EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { treeRows, type TreeRow } from './tree-rows';
import { useNewNode } from './useNewNode';

export interface TreeChildren {
  rows: TreeRow[];
  /** The table's expandable props: the open rows and the expand handler. */
  expandable: NonNullable<TableProps<Row>['expandable']>;
  /** Told the values of a record just added: opens its parent and selects it once it is listed. */
  added(values: Row): void;
  /** The server's message when a child list could not be loaded. */
  problem: string | null;
}

type Loaded = ReadonlyMap<string, readonly Row[]>;

export function useTreeChildren(
  model: EntityModel,
  roots: readonly Row[],
  enabled: boolean,
  select: (ids: string[]) => void = () => undefined,
): TreeChildren {
  const { data } = useRuntime();
  const [loaded, setLoaded] = useState<Loaded>(new Map());
  const [open, setOpen] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const openNow = useRef(open);
  openNow.current = open;
  const inFlight = useRef(new Set<string>());
  const hasChildField = model.tree?.hasChildField ?? 'hasChild';
  const rows = useMemo(
    () => (enabled ? treeRows(roots, loaded, hasChildField) : [...roots]),
    [enabled, roots, loaded, hasChildField],
  );

  const fetchChildren = useCallback(
    async (id: string): Promise<readonly Row[] | null> => {
      const answer = await data.childList(model.basePath, id);
      if (!answer.success) {
        setProblem(answer.message);
        return null;
      }
      return Array.isArray(answer.result) ? answer.result : [];
    },
    [data, model.basePath],
  );

  // New roots: the open nodes' children are read again and replace the old ones in one step (no
  // 加载中... flash); closed nodes forget theirs and load afresh when opened.
  useEffect(() => {
    if (!enabled) return undefined;
    const ids = openNow.current;
    if (ids.length === 0) {
      setLoaded((map) => (map.size === 0 ? map : new Map()));
      return undefined;
    }
    let live = true;
    for (const id of ids) inFlight.current.add(id);
    void Promise.all(ids.map(async (id) => [id, await fetchChildren(id)] as const)).then((pairs) => {
      for (const id of ids) inFlight.current.delete(id);
      if (!live) return;
      const fresh = new Map(pairs);
      setLoaded((map) => {
        const next = new Map<string, readonly Row[]>();
        for (const id of openNow.current) {
          const children = fresh.get(id) ?? map.get(id);
          if (children) next.set(id, children);
        }
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [roots, enabled, fetchChildren]);

  // An open node without children loaded (opened by hand or by an add) loads them.
  useEffect(() => {
    if (!enabled) return;
    for (const id of open) {
      if (loaded.has(id) || inFlight.current.has(id)) continue;
      inFlight.current.add(id);
      void fetchChildren(id).then((children) => {
        inFlight.current.delete(id);
        if (children) setLoaded((map) => new Map(map).set(id, children));
      });
    }
  }, [enabled, open, loaded, fetchChildren]);

  const expand = useCallback(
    (expanded: boolean, row: Row) => {
      if (!enabled) return;
      const id = String(row.id);
      setOpen((ids) => (expanded ? [...new Set([...ids, id])] : ids.filter((k) => k !== id)));
    },
    [enabled],
  );
  const openNodes = useCallback(
    (ids: readonly string[]) => setOpen((current) => [...new Set([...current, ...ids])]),
    [],
  );
  const added = useNewNode(model, roots, loaded, openNodes, select);
  const expandable = useMemo(() => ({ expandedRowKeys: [...open], onExpand: expand }), [open, expand]);
  return { rows, expandable, added: enabled ? added : () => undefined, problem };
}
