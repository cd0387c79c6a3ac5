/**
 * Button and field permissions (spec 000 section 6), as pure decisions over the session's `auth`
 * (what the user holds) and `allAuth` (every registered rule with its status):
 * - a code nobody registered, or a rule switched off (status '0'), never hides anything;
 * - a button rule of type '2' disables the button the user lacks, any other type hides it;
 * - a field rule (type '1', status '1') hides the column the user lacks.
 */
import type { AuthEntry, SysAuthEntry } from './types';

export type ButtonState = 'show' | 'hide' | 'disable';

export function buttonState(
  code: string | null | undefined,
  auth: readonly AuthEntry[],
  allAuth: readonly SysAuthEntry[],
): ButtonState {
  if (!code) return 'show';
  if (auth.some((a) => a.action === code)) return 'show';
  const rule = allAuth.find((a) => a.action === code);
  if (!rule || rule.status === '0') return 'show';
  return rule.type === '2' ? 'disable' : 'hide';
}

export function fieldHidden(
  code: string | null | undefined,
  auth: readonly AuthEntry[],
  allAuth: readonly SysAuthEntry[],
): boolean {
  if (!code) return false;
  const rule = allAuth.find((a) => a.action === code && a.type === '1');
  if (!rule || rule.status !== '1') return false;
  return !auth.some((a) => a.action === code);
}

/** The codes the user holds, for json-logic `has`. */
export function heldCodes(auth: readonly AuthEntry[]): string[] {
  return auth.map((a) => a.action);
}

/**
 * The spec's permission helper: true when nothing is asked, false when the user holds nothing,
 * else whether the user holds any of the asked codes.
 */
export function holdsAny(asked: readonly string[] | string | undefined, held: readonly string[]): boolean {
  const wanted = (Array.isArray(asked) ? asked : typeof asked === 'string' ? asked.split(',') : []).filter(
    (c) => c !== '',
  );
  if (wanted.length === 0) return true;
  if (held.length === 0) return false;
  return wanted.some((code) => held.includes(code));
}
