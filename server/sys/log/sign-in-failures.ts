/**
 * Refused sign-ins in the sign-in log (登录日志, log_type 1). A successful sign-in and a sign-out
 * are written by the auth routes themselves (server/auth/login-result.ts, login.ts); a refusal is
 * answered by throwing from many places (captcha, lock, password, frozen account, frozen tenants,
 * SMS code), so rather than wrapping each, the log's response hook records it from the answer the
 * client got: who tried (the account or the phone number they typed) and why it was refused.
 */
import type { AnswerOutcome } from './answer-outcome.js';

/** The sign-in calls: they are the sign-in log's, never rows of the operation log. */
export const SIGN_IN_ROUTES: ReadonlySet<string> = new Set(['/sys/login', '/sys/phoneLogin', '/sys/logout']);

const ACCOUNT_FIELD: Readonly<Record<string, { key: string; label: string }>> = {
  '/sys/login': { key: 'username', label: '用户名' },
  '/sys/phoneLogin': { key: 'mobile', label: '手机号' },
};

export interface SignInFailure {
  logContent: string;
  username: string | null;
  userid: null;
}

function accountOf(body: unknown, key: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value.trim().slice(0, 100) : '';
}

/** The row of a refused sign-in; null for an accepted one and for a sign-out. */
export function signInFailureRow(route: string, body: unknown, outcome: AnswerOutcome): SignInFailure | null {
  const field = ACCOUNT_FIELD[route];
  if (!field) return null;
  // The contract's successful sign-in answers code 200; anything else did not sign anyone in.
  const refused = outcome.success === false || (outcome.code !== null && outcome.code !== 200);
  if (!refused) return null;
  const account = accountOf(body, field.key);
  const reason = outcome.message ?? '未知原因';
  return {
    logContent: `${field.label}: ${account},登录失败：${reason}`.slice(0, 1000),
    username: account === '' ? null : account,
    userid: null,
  };
}
