import { proxy, ref } from 'valtio';
import { SESSION_TTL_MS } from '../config';
import type { RouteNode } from '../router/types';
import { SESSION_KEYS, StorageKeys } from './keys';
import { localStore } from './storage';
import type { AuthEntry, DictCache, LoginResult, PermissionResult, SysAuthEntry, UserInfo } from './types';

export interface SessionState {
  token: string;
  /** When the stored session ends (sign-in + 15 days); writes keep this end rather than extending it. */
  expiresAt: number;
  username: string;
  /** Sent as the tenant-id header; '0' when the user has no tenant. */
  tenantId: string;
  userInfo: UserInfo | null;
  /** The server menu; not persisted, so every page load asks the server for current permissions. */
  menu: RouteNode[];
  menuLoaded: boolean;
  auth: AuthEntry[];
  allAuth: SysAuthEntry[];
}

function restore(): SessionState {
  return {
    token: localStore.get<string>(StorageKeys.token) ?? '',
    expiresAt: localStore.expiryOf(StorageKeys.token) ?? Date.now() + SESSION_TTL_MS,
    username: localStore.get<string>(StorageKeys.username) ?? '',
    tenantId: String(localStore.get<string | number>(StorageKeys.tenantId) ?? '0'),
    userInfo: localStore.get<UserInfo>(StorageKeys.userInfo) ?? null,
    menu: ref([]),
    menuLoaded: false,
    auth: localStore.get<AuthEntry[]>(StorageKeys.userButtonAuth) ?? [],
    allAuth: localStore.get<SysAuthEntry[]>(StorageKeys.sysButtonAuth) ?? [],
  };
}

/** The one session store; components read it with useSnapshot, code outside React reads it directly. */
export const session = proxy<SessionState>(restore());

export function hasToken(): boolean {
  return session.token !== '';
}

export function setTenant(tenantId: string | number): void {
  session.tenantId = String(tenantId);
  localStore.set(StorageKeys.tenantId, session.tenantId, SESSION_TTL_MS);
}

/** Keeps a successful sign-in for 15 days (spec section 4). */
export function saveLogin(result: LoginResult, username: string): void {
  session.token = result.token;
  session.expiresAt = Date.now() + SESSION_TTL_MS;
  session.username = username;
  session.userInfo = result.userInfo;
  session.menu = ref([]);
  session.menuLoaded = false;
  localStore.set(StorageKeys.token, result.token, SESSION_TTL_MS);
  localStore.set(StorageKeys.username, username, SESSION_TTL_MS);
  localStore.set(StorageKeys.userInfo, result.userInfo, SESSION_TTL_MS);
  if (result.sysAllDictItems) {
    localStore.set<DictCache>(StorageKeys.dictCache, result.sysAllDictItems, SESSION_TTL_MS);
  }
}

/** Time left of the session, for entries written after sign-in (at least a minute, never negative). */
function remainingTtl(): number {
  return Math.max(60_000, session.expiresAt - Date.now());
}

/** Replaces the signed-in user's record (department switch, password change) and stores it. */
export function updateUserInfo(patch: Partial<UserInfo>): void {
  if (!session.userInfo) return;
  session.userInfo = { ...session.userInfo, ...patch };
  localStore.set(StorageKeys.userInfo, session.userInfo, remainingTtl());
}

/** The dictionary cache (UI_CACHE_DB_DICT_DATA) lives 15 days from when it was loaded. */
export function saveDictCache(dicts: DictCache): void {
  localStore.set<DictCache>(StorageKeys.dictCache, dicts, SESSION_TTL_MS);
}

/**
 * Writes the session back to localStorage (spec section 9: saved on page unload, restored at start),
 * so a change made in memory only is not lost with the page. A signed-out session writes nothing.
 */
export function persistSession(): void {
  // Another browser tab may have signed out (or in as someone else) meanwhile: never resurrect a session.
  if (!session.token || localStore.get<string>(StorageKeys.token) !== session.token) return;
  const ttl = remainingTtl();
  localStore.set(StorageKeys.token, session.token, ttl);
  localStore.set(StorageKeys.username, session.username, ttl);
  localStore.set(StorageKeys.tenantId, session.tenantId, ttl);
  if (session.userInfo) localStore.set(StorageKeys.userInfo, session.userInfo, ttl);
  localStore.set(StorageKeys.userButtonAuth, session.auth, ttl);
  localStore.set(StorageKeys.sysButtonAuth, session.allAuth, ttl);
}

export function savePermissions(result: PermissionResult & { menu: RouteNode[] }): void {
  // ref(): the menu is replaced wholesale, never mutated, so deep proxying it would only cost.
  session.menu = ref(result.menu);
  session.menuLoaded = true;
  session.auth = result.auth ?? [];
  session.allAuth = result.allAuth ?? [];
  localStore.set(StorageKeys.userButtonAuth, session.auth, SESSION_TTL_MS);
  localStore.set(StorageKeys.sysButtonAuth, session.allAuth, SESSION_TTL_MS);
}

/** Forgets the session locally: memory and every spec key in localStorage. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) localStore.remove(key);
  session.token = '';
  session.expiresAt = 0;
  session.username = '';
  session.tenantId = '0';
  session.userInfo = null;
  session.menu = ref([]);
  session.menuLoaded = false;
  session.auth = [];
  session.allAuth = [];
}
