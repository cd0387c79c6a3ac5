/**
 * Account, phone, e-mail and work number identify one person: a second user may not take them.
 * The account is unique across every row, deleted ones included (the column's own constraint);
 * phone, e-mail and work number across live users. `checkOnlyUser` answers the same checks.
 */
import type { Db } from '../../db/database.js';
import { bare, fail, type Result } from '../../result.js';
import { UserMessages } from './messages.js';

export interface IdentityValues {
  username?: string | null;
  phone?: string | null;
  email?: string | null;
  workNo?: string | null;
}

type IdentityKey = keyof IdentityValues;

const TAKEN: Readonly<Record<IdentityKey, string>> = {
  username: UserMessages.usernameTaken,
  phone: UserMessages.phoneTaken,
  email: UserMessages.emailTaken,
  workNo: UserMessages.workNoTaken,
};

const ORDER: readonly IdentityKey[] = ['username', 'workNo', 'phone', 'email'];

async function taken(db: Db, key: IdentityKey, value: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('sysUser').select('id');
  if (key === 'email') query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', value.toLowerCase()));
  else query = query.where(key, '=', value);
  // A deleted account keeps its name (the unique column), not its phone, e-mail or number.
  if (key !== 'username') query = query.where('delFlag', '=', 0);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The refusal message of the first value another user holds, or null when all are free. */
export async function duplicateOf(db: Db, values: IdentityValues, exceptId?: string): Promise<string | null> {
  for (const key of ORDER) {
    const value = values[key];
    if (typeof value === 'string' && value !== '' && (await taken(db, key, value, exceptId)))
      return TAKEN[key];
  }
  return null;
}

/** The message a unique-constraint violation (a race between check and insert) stands for. */
export function duplicateMessage(error: unknown): string | null {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return null;
  const where = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  if (where.includes('phone')) return UserMessages.phoneTaken;
  return UserMessages.usernameTaken;
}

export interface CheckOnlyUserQuery extends IdentityValues {
  /** The user being edited: its own values are not duplicates. */
  id?: string | null;
}

/**
 * GET /sys/user/checkOnlyUser: success (code 0) when the value is free, else the refusal. One
 * value per call, as the form checks field by field.
 */
export async function answerCheckOnlyUser(db: Db, query: CheckOnlyUserQuery): Promise<Result<null>> {
  const key = ORDER.find((k) => typeof query[k] === 'string' && query[k] !== '');
  if (!key) return fail(UserMessages.checkParams);
  const exceptId = typeof query.id === 'string' && query.id !== '' ? query.id : undefined;
  const message = await duplicateOf(db, { [key]: query[key] }, exceptId);
  return message ? fail(message) : bare(null);
}
