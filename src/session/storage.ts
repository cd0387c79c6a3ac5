/**
 * localStorage values with an expiry, stored as {"value": ..., "expire": ms | null} (the layout the
 * Vue2 client's vue-ls used), so an expired session reads as absent instead of lingering forever.
 */
export interface StoredEntry<T> {
  value: T;
  expire: number | null;
}

/** The subset of the Web Storage API we use; tests pass an in-memory implementation. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function encodeEntry<T>(value: T, ttlMs: number | null, now: number): string {
  const entry: StoredEntry<T> = { value, expire: ttlMs === null ? null : now + ttlMs };
  return JSON.stringify(entry);
}

/** Decodes an entry; undefined when missing, malformed or expired at `now`. */
export function decodeEntry<T>(raw: string | null, now: number): T | undefined {
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredEntry<T>> | null;
    if (!parsed || typeof parsed !== 'object' || !('value' in parsed)) return undefined;
    if (typeof parsed.expire === 'number' && parsed.expire <= now) return undefined;
    return parsed.value as T;
  } catch {
    return undefined;
  }
}

export interface ExpiringStore {
  get<T>(key: string): T | undefined;
  /** When the entry expires (ms since the epoch); null when it never does or is absent. */
  expiryOf(key: string): number | null;
  set<T>(key: string, value: T, ttlMs?: number | null): void;
  remove(key: string): void;
}

/** Wraps a storage; `clock` is injectable so expiry is testable. A full or blocked storage never throws. */
export function createExpiringStore(
  storage: KeyValueStorage | null,
  clock: () => number = Date.now,
): ExpiringStore {
  return {
    get<T>(key: string): T | undefined {
      if (!storage) return undefined;
      const value = decodeEntry<T>(storage.getItem(key), clock());
      // Drop expired entries so the next reader (and the user's dev tools) see a clean state.
      if (value === undefined && storage.getItem(key) !== null) storage.removeItem(key);
      return value;
    },
    expiryOf(key: string): number | null {
      const raw = storage?.getItem(key) ?? null;
      if (raw === null || decodeEntry(raw, clock()) === undefined) return null;
      const { expire } = JSON.parse(raw) as StoredEntry<unknown>;
      return typeof expire === 'number' ? expire : null;
    },
    set<T>(key: string, value: T, ttlMs: number | null = null): void {
      try {
        storage?.setItem(key, encodeEntry(value, ttlMs, clock()));
      } catch {
        // Quota exceeded or storage disabled (private mode): the session lives in memory only.
      }
    },
    remove(key: string): void {
      storage?.removeItem(key);
    },
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const localStore: ExpiringStore = createExpiringStore(browserStorage());
