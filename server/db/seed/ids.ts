import { createHash, randomUUID } from 'node:crypto';

/** Stable 32-hex ids for seeded rows, so tests and docs can name them. */
export function seedId(name: string): string {
  return createHash('md5').update(`seed:${name}`).digest('hex');
}

/** A fresh 32-hex id (the contract's id shape). */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}
