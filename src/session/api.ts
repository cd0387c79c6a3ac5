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

export function fetchCaptcha(checkKey: string): Promise<Result<string>> {
  return getAction<string>(`/sys/randomImage/${checkKey}`);
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
