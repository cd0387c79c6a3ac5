import { HOME_PATH, LOGIN_PATH } from '../config';

/** The route guard of spec section 2 as a pure decision, so it can be tested without a browser. */
export const OPEN_PATHS: readonly string[] = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
];

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  menuLoaded: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but the menu is not loaded: fetch permissions, add routes, then retry the path. */
  | { kind: 'load-menu' };

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOpenPath(pathname: string): boolean {
  return OPEN_PATHS.includes(normalise(pathname));
}

/** /user/login, carrying the full requested path so sign-in can return there. */
export function loginRedirect(pathname: string, search: string): string {
  const full = `${pathname}${search}`;
  if (pathname === '/' || pathname === '' || isOpenPath(pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(full)}`;
}

export function decideNavigation({ pathname, search, hasToken, menuLoaded }: GuardInput): GuardDecision {
  const path = normalise(pathname);
  if (hasToken) {
    if (path === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
    if (isOpenPath(path)) return { kind: 'allow' };
    return menuLoaded ? { kind: 'allow' } : { kind: 'load-menu' };
  }
  if (isOpenPath(path)) return { kind: 'allow' };
  if (path === '/user') return { kind: 'redirect', to: LOGIN_PATH };
  return { kind: 'redirect', to: loginRedirect(pathname, search) };
}

/**
 * Where sign-in continues: the redirect query when it is a local path (never another origin, and
 * never back to the sign-in pages), else the workbench.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  const pathname = raw.split(/[?#]/)[0];
  if (pathname === '/user' || pathname.startsWith('/user/')) return HOME_PATH;
  return raw;
}
