import { afterEach, describe, expect, it, vi } from 'vitest';

// Two cores: one hash at a time. scrypt answers after a timer, counting how many run at once.
const running = { now: 0, most: 0, calls: 0, failNext: false };
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:os')>()),
  availableParallelism: () => 2,
}));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return {
    ...real,
    scrypt: (
      _password: string,
      _salt: Buffer,
      keylen: number,
      _options: unknown,
      done: (err: Error | null, key: Buffer) => void,
    ) => {
      running.calls += 1;
      running.now += 1;
      running.most = Math.max(running.most, running.now);
      const fail = running.failNext;
      running.failNext = false;
      setTimeout(() => {
        running.now -= 1;
        done(fail ? new Error('out of memory') : null, Buffer.alloc(keylen));
      }, 5);
    },
  };
});

const { hashPassword, verifyPassword } = await import('../../server/auth/password.js');

afterEach(() => Object.assign(running, { now: 0, most: 0, calls: 0, failNext: false }));

describe('password hashing under a burst of sign-ins', () => {
  it('runs one hash at a time on two cores and answers every caller', async () => {
    const hash = await hashPassword('secret');
    running.most = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => verifyPassword('secret', hash)));
    expect(answers).toEqual([true, true, true, true, true, true]);
    expect(running.most).toBe(1);
    expect(running.calls).toBe(7);
  });

  it('a failed hash gives its turn to the next one', async () => {
    running.failNext = true;
    const results = await Promise.allSettled([hashPassword('a'), hashPassword('b'), hashPassword('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(running.most).toBe(1);
  });
});
