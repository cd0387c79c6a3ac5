import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countEvent, lockedMinutes } from '../../server/auth/throttle.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';
import { postLogin, resetThrottle } from './auth-helpers.js';

// Small limits keep the suite fast: 3 per account, 15 per address, 10-minute window.
const MAX_FAILURES = 3;
const WINDOW = 10;
const LOCKED = `登录失败次数过多，请${WINDOW}分钟后再试`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ loginMaxFailures: MAX_FAILURES, loginWindowMinutes: WINDOW });
});
afterAll(() => ctx.close());
beforeEach(() => resetThrottle(ctx));

function fromAddress(ip: string) {
  return { 'x-forwarded-for': ip };
}

describe('per account', () => {
  it('locks after the limit of wrong passwords; then even the right password is refused', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await postLogin(ctx, { username: 'chenjing', password: `Wrong@${i}xyz` });
      expect(res.body.message).toBe('用户名或密码错误');
    }
    const right = await postLogin(ctx, { username: 'chenjing', password: DEMO_PASSWORD });
    expect(right.body).toMatchObject({ success: false, code: 500, message: LOCKED });
    // Another account from the same address is not affected.
    const other = await postLogin(ctx, { username: 'yangqiang', password: DEMO_PASSWORD });
    expect(other.body.code).toBe(200);
  });

  it('the lock applies from any address', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      await postLogin(ctx, { username: 'zhaolei', password: 'Wrong@123abc' }, fromAddress(`10.1.0.${i + 1}`));
    }
    const res = await postLogin(
      ctx,
      { username: 'zhaolei', password: DEMO_PASSWORD },
      fromAddress('10.9.9.9'),
    );
    expect(res.body.message).toBe(LOCKED);
  });

  it('the message counts down the remaining whole minutes, at least 1', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      await postLogin(ctx, { username: 'huangmin', password: 'Wrong@123abc' });
    await ctx.database.db
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: new Date(Date.now() + 3.5 * 60_000) })
      .where('scope', '=', 'user:huangmin')
      .execute();
    expect((await postLogin(ctx, { username: 'huangmin', password: DEMO_PASSWORD })).body.message).toBe(
      '登录失败次数过多，请4分钟后再试',
    );
    await ctx.database.db
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: new Date(Date.now() + 5_000) })
      .where('scope', '=', 'user:huangmin')
      .execute();
    expect((await postLogin(ctx, { username: 'huangmin', password: DEMO_PASSWORD })).body.message).toBe(
      '登录失败次数过多，请1分钟后再试',
    );
  });

  it('the lock ends with its time, and a new window starts counting from 1', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      await postLogin(ctx, { username: 'zhoujie', password: 'Wrong@123abc' });
    const past = new Date(Date.now() - 1000);
    await ctx.database.db
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: past, windowStart: new Date(Date.now() - (WINDOW + 1) * 60_000) })
      .where('scope', '=', 'user:zhoujie')
      .execute();
    const wrong = await postLogin(ctx, { username: 'zhoujie', password: 'Wrong@123abc' });
    expect(wrong.body.message).toBe('用户名或密码错误');
    const row = await ctx.database.db
      .selectFrom('sysLoginFailure')
      .selectAll()
      .where('scope', '=', 'user:zhoujie')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
    expect(row.lockedUntil).toBeNull();
    expect((await postLogin(ctx, { username: 'zhoujie', password: DEMO_PASSWORD })).body.code).toBe(200);
  });

  it('a success clears the account counter', async () => {
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      await postLogin(ctx, { username: 'wuxia', password: 'Wrong@123abc' });
    expect((await postLogin(ctx, { username: 'wuxia', password: DEMO_PASSWORD })).body.code).toBe(200);
    // Were the counter kept, one more failure would lock the account.
    await postLogin(ctx, { username: 'wuxia', password: 'Wrong@123abc' });
    expect((await postLogin(ctx, { username: 'wuxia', password: DEMO_PASSWORD })).body.code).toBe(200);
  });

  it('unknown usernames are counted too', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      await postLogin(ctx, { username: 'ghost_user', password: 'Wrong@123abc' });
    const res = await postLogin(ctx, { username: 'ghost_user', password: 'Wrong@123abc' });
    expect(res.body.message).toBe(LOCKED);
  });

  it('a locked attempt is not counted (the lock does not extend itself)', async () => {
    for (let i = 0; i < MAX_FAILURES; i++)
      await postLogin(ctx, { username: 'xuming', password: 'Wrong@123abc' });
    const before = await ctx.database.db
      .selectFrom('sysLoginFailure')
      .selectAll()
      .where('scope', '=', 'user:xuming')
      .executeTakeFirstOrThrow();
    await postLogin(ctx, { username: 'xuming', password: 'Wrong@123abc' });
    const after = await ctx.database.db
      .selectFrom('sysLoginFailure')
      .selectAll()
      .where('scope', '=', 'user:xuming')
      .executeTakeFirstOrThrow();
    expect(after.failures).toBe(before.failures);
    expect(after.lockedUntil?.getTime()).toBe(before.lockedUntil?.getTime());
  });
});

describe('per address', () => {
  it('locks an address after 5x the account limit, across different accounts', async () => {
    const ip = { 'x-forwarded-for': '192.0.2.7' };
    const limit = MAX_FAILURES * 5;
    for (let i = 0; i < limit; i++) {
      // Never the same account twice in a row beyond its own limit: spread over many names.
      const res = await postLogin(ctx, { username: `spray_${i}`, password: 'Wrong@123abc' }, ip);
      expect(res.body.message).toBe('用户名或密码错误');
    }
    const blocked = await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, ip);
    expect(blocked.body.message).toBe(LOCKED);
    const elsewhere = await postLogin(
      ctx,
      { username: 'lina', password: DEMO_PASSWORD },
      fromAddress('192.0.2.8'),
    );
    expect(elsewhere.body.code).toBe(200);
  });

  it('a success does not clear the address counter', async () => {
    const ip = fromAddress('192.0.2.20');
    const limit = MAX_FAILURES * 5;
    for (let i = 0; i < limit - 1; i++) await postLogin(ctx, { username: `spray2_${i}`, password: 'x' }, ip);
    expect((await postLogin(ctx, { username: 'liuyang', password: DEMO_PASSWORD }, ip)).body.code).toBe(200);
    await postLogin(ctx, { username: 'spray2_last', password: 'x' }, ip);
    expect((await postLogin(ctx, { username: 'liuyang', password: DEMO_PASSWORD }, ip)).body.message).toBe(
      LOCKED,
    );
  });
});

describe('counter', () => {
  it('parallel events are all counted (single-statement upsert)', async () => {
    const rule = { limit: 100, windowMinutes: WINDOW };
    await Promise.all(Array.from({ length: 20 }, () => countEvent(ctx.database.db, 'test:parallel', rule)));
    const row = await ctx.database.db
      .selectFrom('sysLoginFailure')
      .selectAll()
      .where('scope', '=', 'test:parallel')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(20);
    expect(await lockedMinutes(ctx.database.db, ['test:parallel'])).toBe(0);
  });
});
