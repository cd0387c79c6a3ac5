import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

// scrypt with N=2^15, r=8, p=1 (~32 MiB, tens of ms): the OWASP minimum for interactive sign-in.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * Hashes run at most one fewer than the cores at a time (at least one). A burst of sign-ins would
 * otherwise fill libuv's four threads with scrypt and leave the event loop — and with it the
 * embedded database, which runs in this thread — a third of two cores: 200 users signing in at once
 * held every other request and socket for ~20 s (docs/BENCHMARKS.md, "Load"). Queued here, sign-ins
 * wait their turn and everything else keeps a core.
 */
const MAX_HASHING = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  if (hashing >= MAX_HASHING) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await new Promise((resolve, reject) =>
      scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/** Encoded as scrypt$N$r$p$salt$hash (base64) so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, checked against for unknown accounts so timing does not reveal them. */
export const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
