import type { LoginResult, Result } from '../../src/session/types';

/** The failure text to show for a rejected sign-in (a Result answer or a thrown error). */
export function failureMessage(error: unknown): string | null {
  if (error && typeof error === 'object' && 'success' in error && 'message' in error) {
    const { message } = error as Result<unknown>;
    return message || '登录失败，请稍后再试';
  }
  // Axios errors were already shown by the HTTP error catalogue.
  return null;
}

export function isCaptchaWrong(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as Partial<Result<unknown>>).code === 412);
}

/** A sign-in that succeeded on the server and waits for the user to pick a tenant. */
export interface PendingLogin {
  result: LoginResult;
  username: string;
}
