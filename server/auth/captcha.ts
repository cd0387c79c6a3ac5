import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { AppDeps } from '../deps.js';
import type { CaptchaMode } from '../config.js';
import type { Db } from '../db/database.js';
import { ApiError, bare, ResultCode } from '../result.js';
import { LoginMessages } from './messages.js';

/** The contract's alphabet: no o/O/I, which read like digits. */
export const CAPTCHA_ALPHABET = 'qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 60_000;
export const CAPTCHA_KEY_MAX = 64;

// svg-captcha's default export renders a given text, but its typings only declare the helpers that
// pick the text with Math.random; we pick it with the CSPRNG and call the renderer directly.
const renderSvg = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

/** Bound to the challenge key, so a code read for one key is worthless for another. */
export function captchaHash(code: string, checkKey: string): string {
  return createHash('sha256')
    .update(code.toLowerCase() + checkKey)
    .digest('hex');
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

/** Stores a new challenge under the key (replacing an older one) and returns its code. */
export async function issueCaptcha(
  db: Db,
  mode: CaptchaMode,
  checkKey: string,
  now = new Date(),
): Promise<string> {
  const code = mode.kind === 'fixed' ? mode.code : randomCode();
  const row = {
    checkKey,
    codeHash: captchaHash(code, checkKey),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  };
  await db
    .insertInto('sysCaptcha')
    .values(row)
    .onConflict((oc) =>
      oc.column('checkKey').doUpdateSet({ codeHash: row.codeHash, expiresAt: row.expiresAt }),
    )
    .execute();
  // Challenges nobody answered would otherwise stay forever; they live a minute, so the table stays small.
  await db.deleteFrom('sysCaptcha').where('expiresAt', '<', now).execute();
  return code;
}

/** Checks a login's captcha when the mode asks for one (see checkCaptcha). */
export async function verifyCaptcha(
  db: Db,
  mode: CaptchaMode,
  captcha: string | undefined,
  checkKey: string | undefined,
  now = new Date(),
): Promise<void> {
  if (mode.kind === 'off') return;
  await checkCaptcha(db, captcha, checkKey, now);
}

/**
 * Checks a captcha whatever the mode: the sign-in asks an account at its failure limit for one even
 * with CAPTCHA=off (the image route issues real challenges in every mode, and the sign-in page always
 * shows one). The challenge is deleted on every attempt, right or wrong, in the same statement that
 * reads it: a code can be tried exactly once.
 */
export async function checkCaptcha(
  db: Db,
  captcha: string | undefined,
  checkKey: string | undefined,
  now = new Date(),
): Promise<void> {
  const key = checkKey ?? '';
  // No challenge is ever stored under a longer key, so one cannot match (nor a prefix of it).
  const row =
    key && key.length <= CAPTCHA_KEY_MAX
      ? await db
          .deleteFrom('sysCaptcha')
          .where('checkKey', '=', key)
          .returning(['codeHash', 'expiresAt'])
          .executeTakeFirst()
      : undefined;
  if (!captcha) throw new ApiError(LoginMessages.captchaMissing);
  const wrong = () => new ApiError(LoginMessages.captchaWrong, ResultCode.CAPTCHA_WRONG);
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw wrong();
  const given = Buffer.from(captchaHash(captcha, key), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw wrong();
}

function renderImage(code: string): string {
  const svg = renderSvg(code, {
    width: 120,
    height: 40,
    fontSize: 44,
    noise: 3,
    color: true,
    background: '#f2f4f7',
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function registerCaptchaRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { key: string } }>(
    '/sys/randomImage/:key',
    {
      config: { access: 'public' },
      schema: {
        params: {
          type: 'object',
          properties: { key: { type: 'string', minLength: 1, maxLength: CAPTCHA_KEY_MAX } },
          required: ['key'],
        },
      },
    },
    async (request) => {
      const code = await issueCaptcha(deps.database.db, deps.config.captcha, request.params.key);
      return bare(renderImage(code));
    },
  );
}
