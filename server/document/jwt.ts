/**
 * HS256 JSON Web Tokens, the ONLYOFFICE way of signing an editor config and a save callback. No JWT
 * library is a dependency of this project and only this one algorithm is needed, so it is node:crypto
 * HMAC-SHA256 with a constant-time comparison; the header must say HS256 (an `alg: none` or RS256
 * token is refused, the classic JWT confusion attacks).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(payload: object, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * The payload of a token signed with the secret, or null: a bad shape, another algorithm, a wrong
 * signature or a past `exp` (seconds) all give null.
 */
export function verifyJwt(token: unknown, secret: string, now = Date.now()): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 1_000_000) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(secret, `${header}.${payload}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
    const exp = (claims as { exp?: unknown }).exp;
    if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 < now)) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}
