/**
 * After an add in a tree list: the new node's parent (and the parent's ancestors) open, and the new
 * node is selected and scrolled into view once the refreshed list shows it. The add call answers a
 * message, not the new id: the node is the parent's child that was not there before the add (or,
 * when the parent's children were never loaded, the one with the saved title).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';

/** How long the list looks for a new node (it may land on another page of roots and never show). */
const LOOK_MS = 10_000;
/** Ancestors read at most, walking up from a parent that is not loaded yet. */
const MAX_DEPTH = 20;

interface Pending {
  /** '' for a new root. */
  parent: string;
  /** The ids under the parent before the add; null when they were not loaded. */
  before: ReadonlySet<string> | null;
  title: string;
  until: number;
}

const idsOf = (rows: readonly Row[]) => new Set(rows.map((r) => String(r.id)));

/** The parent id a saved record names, '' for a root. */
function parentOf(model: EntityModel, values: Row): string {
  const tree = model.tree;
  const raw = tree ? values[tree.parentField] : undefined;
  const id = raw === null || raw === undefined ? '' : String(raw);
  return id === '' || id === tree?.rootValue ? '' : id;
}

/** The ids from the top down to `id`, from the loaded nodes or else by reading each record. */
async function pathTo(
  model: EntityModel,
  id: string,
  tree: { roots: readonly Row[]; loaded: ReadonlyMap<string, readonly Row[]> },
  read: (id: string) => Promise<Row | null>,
): Promise<string[]> {
  const { roots, loaded } = tree;
  const rootIds = idsOf(roots);
  const parentOfLoaded = new Map<string, string>();
  for (const [parent, children] of loaded)
    for (const child of children) parentOfLoaded.set(String(child.id), parent);
  const path = [id];
  for (let at = id, i = 0; i < MAX_DEPTH && !rootIds.has(at); i += 1) {
    let up = parentOfLoaded.get(at);
    if (up === undefined) {
      const row = await read(at);
      up = row ? parentOf(model, row) : '';
    }
    if (up === '' || path.includes(up)) break;
    path.unshift(up);
    at = up;
  }
  return path;
}

export function useNewNode(
  model: EntityModel,
  roots: readonly Row[],
  loaded: ReadonlyMap<string, readonly Row[]>,
  openNodes: (ids: readonly string[]) => void,
  select: (ids: string[]) => void,
): (values: Row) => void {
  const { data } = useRuntime();
  const pending = useRef<Pending | null>(null);
  const now = useRef({ roots, loaded });
  now.current = { roots, loaded };

  const added = useCallback(
    (values: Row) => {
      const parent = parentOf(model, values);
      const siblings = parent ? now.current.loaded.get(parent) : now.current.roots;
      const titleField = model.tree?.textField;
      pending.current = {
        parent,
        before: siblings ? idsOf(siblings) : null,
        title: titleField ? String(values[titleField] ?? '') : '',
        until: Date.now() + LOOK_MS,
      };
      if (!parent) return;
      const read = async (id: string) => {
        const answer = await data.queryById(model.basePath, id);
        return answer.success ? answer.result : null;
      };
      void pathTo(model, parent, now.current, read).then(openNodes);
    },
    [model, data, openNodes],
  );

  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    if (Date.now() > wanted.until) {
      pending.current = null;
      return;
    }
    const siblings = wanted.parent ? loaded.get(wanted.parent) : roots;
    if (!siblings) return;
    const titleField = model.tree?.textField;
    const titled = (r: Row) => !titleField || String(r[titleField] ?? '') === wanted.title;
    const fresh = siblings.filter((r) => !wanted.before?.has(String(r.id)));
    const found = wanted.before ? (fresh.find(titled) ?? fresh[fresh.length - 1]) : siblings.findLast(titled);
    if (!found) return;
    pending.current = null;
    const id = String(found.id);
    select([id]);
    // After the table drew the row: bring it into view.
    requestAnimationFrame(() =>
      document.querySelector(`tr[data-row-key="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
  }, [roots, loaded, model, select]);

  return added;
}
