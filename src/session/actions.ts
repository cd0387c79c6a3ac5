import { LOGIN_PATH } from '../config';
import { fetchPermissions, logoutRequest } from './api';
import { clearSession, hasToken, savePermissions } from './store';
import type { LoginResult, Result } from './types';

/** Sign-in succeeds only on code 200 (spec section 4); anything else rejects with the answer. */
export function acceptLogin(res: Result<LoginResult>): LoginResult {
  if (res.code !== 200 || !res.result?.token) throw res;
  return res.result;
}

/** Loads the menu and button permissions; an empty menu is an error, as in the Vue2 client. */
export async function loadPermissions(): Promise<void> {
  const res = await fetchPermissions();
  const menu = res.result?.menu;
  if (!res.success || !Array.isArray(menu) || menu.length === 0) {
    throw new Error(res.message || 'getPermissionList: permissions must be a non-null array !');
  }
  savePermissions({ ...res.result, menu });
}

/**
 * Ends the session: tells the server (best effort; a failure must not keep the user signed in),
 * then forgets everything locally.
 */
export async function signOut(): Promise<void> {
  if (hasToken()) {
    try {
      await logoutRequest();
    } catch {
      // The session is dropped locally whatever the server says.
    }
  }
  clearSession();
}

/** Logout as the user sees it: sign out, then a full reload on the sign-in page to drop every route. */
export async function logoutAndReload(): Promise<void> {
  await signOut();
  window.location.assign(LOGIN_PATH);
}
