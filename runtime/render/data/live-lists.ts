/**
 * Lists that are on screen stay current (issue 33): the shell announces that an entity's rows
 * changed (the notice socket's 'rows' push, src/notice/live.ts) or that anything may have (a to-do
 * change, a notice to this user), and each mounted list of that entity reloads. A list in a hidden
 * tab is not mounted (React Activity unmounts its effects), so it reloads when its tab shows again.
 */
import { useEffect, useRef } from 'react';

/** Announced when any list may be stale. */
export const EVERY_LIST = '*';
/** A burst of changes (a batch delete told 50 ids at a time) reloads a list once. */
const COALESCE_MS = 150;

type Listener = (entity: string) => void;
const listeners = new Set<Listener>();

export function announceRowsChanged(entity: string): void {
  for (const listener of [...listeners]) listener(entity);
}

/**
 * Calls `reload` when the rows of one of `entities` change, and when the component is shown again
 * after being hidden (its tab activated). Not on the first mount: the list loads then anyway.
 */
export function useLiveReload(entities: readonly string[], reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  const mounted = useRef(false);
  const key = entities.join(',');
  useEffect(() => {
    if (mounted.current) latest.current();
    mounted.current = true;
    const names = new Set(key.split(','));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (entity) => {
      if (entity !== EVERY_LIST && !names.has(entity)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), COALESCE_MS);
    };
    listeners.add(listener);
    return () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
  }, [key]);
}
