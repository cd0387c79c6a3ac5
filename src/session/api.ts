import { API_BASE } from '../config';
import { getAction, postAction } from '../http/client';
import type { LoginResult, PermissionResult, Result } from './types';

/** Server endpoints of sign-in and the session (api-contract section 2 and 3). */
export interface AccountCredentials {
  username: string;
  password: string;
  captcha: string;
  checkKey: string;
  remember_me?: boolean;
}

export interface PhoneCredentials {
  mobile: string;
  captcha: string;
}

/** smsmode of POST /sys/sms: '0' sign-in, '1' registration, '2' forgotten password. */
export type SmsMode = '0' | '1' | '2';

/**
 * The captcha is the only request the sign-in page makes before the user acts, so it goes out with
 * plain fetch (same base path, `_t` and tenant-id as the client adds) and the axios client is not
 * needed to show the page. Anything but a clean answer is asked again through the client, so a
 * failure meets the error catalogue exactly like every other request.
 */
export async function fetchCaptcha(checkKey: string): Promise<Result<string>> {
  const path = `/sys/randomImage/${encodeURIComponent(checkKey)}`;
  try {
    const url = `${API_BASE}${path}?_t=${Math.floor(Date.now() / 1000)}`;
    const response = await fetch(url, { headers: { 'tenant-id': '0' }, credentials: 'same-origin' });
    if (response.ok) {
      const body = (await response.json()) as Result<string>;
      if (body.success) return body;
    }
  } catch {
    // Network failure or a body that is not JSON: the client below reports it.
  }
  return getAction<string>(path);
}

export function loginRequest(body: AccountCredentials): Promise<Result<LoginResult>> {
  return postAction<LoginResult>('/sys/login', body);
}

export function phoneLoginRequest(body: PhoneCredentials): Promise<Result<LoginResult>> {
  return postAction<LoginResult>('/sys/phoneLogin', body);
}

export function sendSms(mobile: string, smsmode: SmsMode): Promise<Result<unknown>> {
  return postAction<unknown>('/sys/sms', { mobile, smsmode });
}

export function logoutRequest(): Promise<Result<unknown>> {
  return postAction<unknown>('/sys/logout', undefined, { silent: true });
}

export function fetchPermissions(): Promise<Result<PermissionResult>> {
  // Silent: the route guard answers a failure by signing out and showing the sign-in page.
  return getAction<PermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });
}
