/**
 * Data source passwords at rest: AES-256-GCM under one key. The key is DATA_SOURCE_KEY (32 bytes
 * as base64 or 64 hex characters); without it a random key is written once to
 * DATA_DIR/data-source.key (mode 0600) and read from there afterwards. Several servers on one
 * PostgreSQL database must share the key, so they need DATA_SOURCE_KEY (each has its own DATA_DIR).
 * A stored value is `v1:` + base64(iv | tag | ciphertext); the tag makes a changed or foreign value
 * fail to decrypt instead of yielding garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Binds the ciphertext to its purpose: a value copied from another encrypted column does not open. */
const AAD = Buffer.from('sys_data_source.password');
export const KEY_FILE = 'data-source.key';

export class SecretKeyError extends Error {}

/** A configured key as bytes; throws when it is not 32 bytes of base64 or hex. */
export function parseKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-fA-F]{64}$/.test(value) && key.toString('base64') !== value))
    throw new SecretKeyError('DATA_SOURCE_KEY must be 32 bytes, written as base64 or 64 hex characters');
  return key;
}

/** The key file under the data directory, made (0600) when there is none yet. */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two servers starting together on one directory do not overwrite each other's key.
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  return parseKey(fs.readFileSync(file, 'utf8'));
}

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed with this key. */
  open(sealed: string): string | null;
}

/** A box over the configured key, or the data directory's key file (read when first needed). */
export function createSecretBox(configuredKey: string | undefined, dataDir: string): SecretBox {
  let key: Buffer | null = configuredKey ? parseKey(configuredKey) : null;
  const keyOf = () => (key ??= keyFromFile(dataDir));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) return null;
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), raw.subarray(0, IV_BYTES));
        decipher.setAAD(AAD);
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const body = decipher.update(raw.subarray(IV_BYTES + TAG_BYTES));
        return Buffer.concat([body, decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
