import { getAction, postAction } from '../../src/http/client';
import type { Result } from '../../src/session/types';

/** Registration and password recovery endpoints (anonymous). */
export interface RegisterBody {
  username: string;
  password: string;
  phone: string;
  smscode: string;
}

export function checkOnlyUser(username: string): Promise<Result<unknown>> {
  return getAction<unknown>('/sys/user/checkOnlyUser', { username });
}

export function registerUser(body: RegisterBody): Promise<Result<unknown>> {
  return postAction<unknown>('/sys/user/register', body);
}

export interface VerifiedAccount {
  username: string;
  smscode: string;
}

export function verifyPhone(phone: string, smscode: string): Promise<Result<VerifiedAccount>> {
  return postAction<VerifiedAccount>('/sys/user/phoneVerification', { phone, smscode });
}

export interface PasswordChangeBody {
  username: string;
  password: string;
  smscode: string;
  phone: string;
}

export function changeForgottenPassword(body: PasswordChangeBody): Promise<Result<unknown>> {
  return postAction<unknown>('/sys/user/passwordChange', body);
}
