/**
 * Saved advanced queries (the spec's {title, matchType, records}), kept in localStorage per route so
 * each list has its own. Stored in the shell's {value, expire} layout, so the app's storage tools
 * read them like any other key. A full, blocked or corrupted storage never throws: it reads as empty.
 */
import type { MatchType, SuperQueryEntry } from './super-query';

export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryEntry[];
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function savedQueryKey(route: string): string {
  return `JSuperQuery_${route}`;
}

function isSaved(value: unknown): value is SavedQuery {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Partial<SavedQuery>;
  return (
    typeof q.title === 'string' && (q.matchType === 'and' || q.matchType === 'or') && Array.isArray(q.records)
  );
}

export function readSavedQueries(storage: KeyValueStorage | null, route: string): SavedQuery[] {
  try {
    const raw = storage?.getItem(savedQueryKey(route));
    if (!raw) return [];
    const parsed = JSON.parse(raw) as { value?: unknown } | null;
    const list = parsed?.value;
    return Array.isArray(list) ? list.filter(isSaved) : [];
  } catch {
    return [];
  }
}

function write(storage: KeyValueStorage | null, route: string, list: readonly SavedQuery[]): void {
  try {
    storage?.setItem(savedQueryKey(route), JSON.stringify({ value: list, expire: null }));
  } catch {
    // A full or blocked storage: the query still applies, it is just not remembered.
  }
}

/** Adds a query, or replaces the one with the same title in place (the caller confirmed overwriting). */
export function saveQuery(storage: KeyValueStorage | null, route: string, query: SavedQuery): SavedQuery[] {
  const list = readSavedQueries(storage, route);
  const at = list.findIndex((q) => q.title === query.title);
  const next = at >= 0 ? list.map((q, i) => (i === at ? query : q)) : [...list, query];
  write(storage, route, next);
  return next;
}

export function removeSavedQuery(
  storage: KeyValueStorage | null,
  route: string,
  title: string,
): SavedQuery[] {
  const next = readSavedQueries(storage, route).filter((q) => q.title !== title);
  write(storage, route, next);
  return next;
}

export function hasSavedQuery(list: readonly SavedQuery[], title: string): boolean {
  return list.some((q) => q.title === title);
}

/** The browser's storage, or null where there is none (tests, privacy modes). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The current route, the key of a list's saved queries and column settings. */
export function currentRoute(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}
