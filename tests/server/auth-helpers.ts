import type { Result } from '../../server/result.js';
import type { TestContext } from './helpers.js';

/** Shared steps of the auth suites. */

export interface LoginBody {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

export function postLogin<T = unknown>(
  ctx: TestContext,
  body: LoginBody,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Result<T> }> {
  return ctx.call<T>({
    method: 'POST',
    url: '/api/sys/login',
    payload: { captcha: '', checkKey: '', ...body },
    headers,
  });
}

/** Asks for an SMS code and returns the one the (log) provider received. */
export async function requestSmsCode(
  ctx: TestContext,
  mobile: string,
  smsmode: '0' | '1' | '2',
): Promise<string> {
  const res = await ctx.call({ method: 'POST', url: '/api/sys/sms', payload: { mobile, smsmode } });
  if (!res.body.success) throw new Error(`sms failed: ${res.body.message}`);
  const last = ctx.sms.sent.at(-1);
  if (!last || last.mobile !== mobile || last.mode !== smsmode) throw new Error('no sms recorded');
  return last.code;
}

/** Moves a number's codes back in time, past the 60 s resend limit. */
export async function ageSmsCodes(ctx: TestContext, mobile: string, seconds = 61): Promise<void> {
  await ctx.database.db
    .updateTable('sysSmsCode')
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where('mobile', '=', mobile)
    .execute();
}

/** Forgets every throttle counter, so one suite's failures do not lock the next test. */
export async function resetThrottle(ctx: TestContext): Promise<void> {
  await ctx.database.db.deleteFrom('sysLoginFailure').execute();
}

export function authed(token: string): Record<string, string> {
  return { 'x-access-token': token };
}

/** A code that differs from the given six digits. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
