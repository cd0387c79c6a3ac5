import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';

/** What a one-time SMS code is for; the values are the contract's `smsmode`. */
export const SmsMode = { login: '0', register: '1', forgot: '2' } as const;
export type SmsModeValue = (typeof SmsMode)[keyof typeof SmsMode];

export function isSmsMode(value: unknown): value is SmsModeValue {
  return value === SmsMode.login || value === SmsMode.register || value === SmsMode.forgot;
}

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_RESEND_MS = 60_000;
/** Guesses a code survives; the last one burns it, so six digits cannot be walked through. */
export const SMS_MAX_ATTEMPTS = 5;

// Bound to the number and the purpose: a register code does not sign anybody in.
function codeHash(mobile: string, mode: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${mode}:${code}`).digest('hex');
}

export type IssueResult = { status: 'issued'; code: string; id: number } | { status: 'too-soon' };

/** A fresh six-digit code; the previous codes for the same number and purpose stop working. */
export async function issueSmsCode(
  db: Db,
  mobile: string,
  mode: SmsModeValue,
  now = new Date(),
): Promise<IssueResult> {
  const recent = await db
    .selectFrom('sysSmsCode')
    .select('id')
    .where('mobile', '=', mobile)
    .where('mode', '=', mode)
    .where('createdAt', '>', new Date(now.getTime() - SMS_RESEND_MS))
    .executeTakeFirst();
  if (recent) return { status: 'too-soon' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .deleteFrom('sysSmsCode')
    .where((eb) =>
      eb.or([eb.and([eb('mobile', '=', mobile), eb('mode', '=', mode)]), eb('expiresAt', '<', now)]),
    )
    .execute();
  const row = await db
    .insertInto('sysSmsCode')
    .values({
      mobile,
      mode,
      codeHash: codeHash(mobile, mode, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { status: 'issued', code, id: row.id };
}

/** Withdraws a code whose message could not be sent, so the number can ask again at once. */
export async function withdrawSmsCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sysSmsCode').where('id', '=', id).execute();
}

/**
 * Checks a code against the latest live one for the number and purpose. Each check spends one
 * attempt in the same statement that reads the row, so parallel guesses cannot exceed the budget.
 * `consume` deletes the code on success (sign-in, registration, the final reset step); a check
 * without it leaves the code for the next step of a flow.
 */
export async function checkSmsCode(
  db: Db,
  mobile: string,
  mode: SmsModeValue,
  code: string,
  consume: boolean,
  now = new Date(),
): Promise<boolean> {
  if (!code) return false;
  const row = await db
    .updateTable('sysSmsCode')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('sysSmsCode')
        .select('id')
        .where('mobile', '=', mobile)
        .where('mode', '=', mode)
        .where('expiresAt', '>', now)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .returning(['id', 'codeHash'])
    .executeTakeFirst();
  if (!row) return false;
  const given = Buffer.from(codeHash(mobile, mode, code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return false;
  if (!consume) return true;
  // Two requests racing with the right code: only the one that deletes the row wins.
  const deleted = await db
    .deleteFrom('sysSmsCode')
    .where('id', '=', row.id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
