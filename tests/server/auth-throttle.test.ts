import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueCaptcha } from '../../server/auth/captcha.js';
import {
  ADDRESS_DELAY_MAX_MS,
  ADDRESS_DELAY_STEP_MS,
  addressDelayMs,
  countSignInFailure,
  readSignInState,
} from '../../server/auth/sign-in-throttle.js';
import { countEvent, lockedMinutes, scopes } from '../../server/auth/throttle.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';
import { postLogin, resetThrottle } from './auth-helpers.js';

// Small limits keep the suite fast: 3 per account, 15 per address, 10-minute window.
const MAX_FAILURES = 3;
const ADDRESS_LIMIT = MAX_FAILURES * 5;
const WINDOW = 10;
const WINDOW_MS = WINDOW * 60_000;
const LOCKED = `登录失败次数过多，请${WINDOW}分钟后再试`;
const BAD = '用户名或密码错误';
const CAPTCHA_MISSING = '验证码无效';

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.23';

// The throttle's waits, recorded instead of spent: what a test asserts is who waits and how long.
let waits: number[] = [];
// When set, a wait holds its request until the test lets it go.
let hold: Promise<void> | null = null;
let entered: () => void = () => {};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { loginMaxFailures: MAX_FAILURES, loginWindowMinutes: WINDOW },
    {
      pause: async (ms) => {
        waits.push(ms);
        entered();
        if (hold) await hold;
      },
    },
  );
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await resetThrottle(ctx);
  waits = [];
  hold = null;
});

function fromAddress(ip: string) {
  return { 'x-forwarded-for': ip };
}

async function failFrom(ip: string, username: string, times = MAX_FAILURES) {
  for (let i = 0; i < times; i++) {
    const res = await postLogin(ctx, { username, password: `Wrong@${i}xyz` }, fromAddress(ip));
    expect(res.body.message).toBe(BAD);
  }
}

/** A challenge as the sign-in page's image would hold it, and its code. */
async function captchaFor(key: string) {
  const code = await issueCaptcha(ctx.database.db, { kind: 'on' }, key);
  return { captcha: code, checkKey: key };
}

function scopeRow(scope: string) {
  return ctx.database.db
    .selectFrom('sysLoginFailure')
    .selectAll()
    .where('scope', '=', scope)
    .executeTakeFirst();
}

describe('per (account, address) pair', () => {
  it("the attacker's address locks only itself; the owner elsewhere signs in with a captcha", async () => {
    await failFrom(ATTACKER, 'chenjing');
    const attacker = await postLogin(
      ctx,
      { username: 'chenjing', password: DEMO_PASSWORD, ...(await captchaFor('k-attacker')) },
      fromAddress(ATTACKER),
    );
    expect(attacker.body).toMatchObject({ success: false, code: 500, message: LOCKED });

    const noCaptcha = await postLogin(
      ctx,
      { username: 'chenjing', password: DEMO_PASSWORD },
      fromAddress(OWNER),
    );
    expect(noCaptcha.body).toMatchObject({ success: false, message: CAPTCHA_MISSING });
    const owner = await postLogin(
      ctx,
      { username: 'chenjing', password: DEMO_PASSWORD, ...(await captchaFor('k-owner')) },
      fromAddress(OWNER),
    );
    expect(owner.body.code).toBe(200);

    // Another account from the attacker's address is not affected.
    const other = await postLogin(
      ctx,
      { username: 'yangqiang', password: DEMO_PASSWORD },
      fromAddress(ATTACKER),
    );
    expect(other.body.code).toBe(200);
  });

  it('a locked pair stays locked after the owner signed in elsewhere', async () => {
    await failFrom(ATTACKER, 'zhaolei');
    const owner = await postLogin(
      ctx,
      { username: 'zhaolei', password: DEMO_PASSWORD, ...(await captchaFor('k-zhaolei')) },
      fromAddress(OWNER),
    );
    expect(owner.body.code).toBe(200);
    const attacker = await postLogin(
      ctx,
      { username: 'zhaolei', password: DEMO_PASSWORD },
      fromAddress(ATTACKER),
    );
    expect(attacker.body.message).toBe(LOCKED);
  });

  it('the message counts down the remaining whole minutes, at least 1', async () => {
    await failFrom(ATTACKER, 'huangmin');
    const lockFor = (ms: number) =>
      ctx.database.db
        .updateTable('sysLoginFailure')
        .set({ lockedUntil: new Date(Date.now() + ms) })
        .where('scope', '=', scopes.pair('huangmin', ATTACKER))
        .execute();
    // The account reached its limit too: each attempt brings a right captcha.
    const attempt = async (key: string) => {
      const body = { username: 'huangmin', password: DEMO_PASSWORD, ...(await captchaFor(key)) };
      return (await postLogin(ctx, body, fromAddress(ATTACKER))).body.message;
    };
    await lockFor(3.5 * 60_000);
    expect(await attempt('k-minutes-4')).toBe('登录失败次数过多，请4分钟后再试');
    await lockFor(5_000);
    expect(await attempt('k-minutes-1')).toBe('登录失败次数过多，请1分钟后再试');
  });

  it('the lock and the captcha demand end with the window; a new window counts from 1', async () => {
    const earlier = new Date(Date.now() - WINDOW_MS - 60_000);
    const attempt = { username: 'zhoujie', ip: ATTACKER };
    for (let i = 0; i < MAX_FAILURES; i++)
      await countSignInFailure(ctx.database.db, ctx.config, attempt, earlier);
    const then = await readSignInState(ctx.database.db, ctx.config, attempt, earlier);
    expect(then).toMatchObject({ lockedMinutes: WINDOW, captchaRequired: true });
    const now = await readSignInState(ctx.database.db, ctx.config, attempt);
    expect(now).toMatchObject({ lockedMinutes: 0, captchaRequired: false });

    expect(
      (await postLogin(ctx, { username: 'zhoujie', password: 'Wrong@123abc' }, fromAddress(ATTACKER))).body
        .message,
    ).toBe(BAD);
    const row = await scopeRow(scopes.pair('zhoujie', ATTACKER));
    expect(row).toMatchObject({ failures: 1, lockedUntil: null });
    const right = await postLogin(
      ctx,
      { username: 'zhoujie', password: DEMO_PASSWORD },
      fromAddress(ATTACKER),
    );
    expect(right.body.code).toBe(200);
  });

  it('a success clears the pair and the account counters', async () => {
    await failFrom(OWNER, 'wuxia', MAX_FAILURES - 1);
    expect(
      (await postLogin(ctx, { username: 'wuxia', password: DEMO_PASSWORD }, fromAddress(OWNER))).body.code,
    ).toBe(200);
    expect(await scopeRow(scopes.pair('wuxia', OWNER))).toBeUndefined();
    expect(await scopeRow(scopes.user('wuxia'))).toBeUndefined();
    // Were the counters kept, one more failure would lock the pair and ask for a captcha.
    await failFrom(OWNER, 'wuxia', 1);
    expect(
      (await postLogin(ctx, { username: 'wuxia', password: DEMO_PASSWORD }, fromAddress(OWNER))).body.code,
    ).toBe(200);
  });

  it('unknown usernames are counted too', async () => {
    await failFrom(ATTACKER, 'ghost_user');
    const res = await postLogin(
      ctx,
      { username: 'ghost_user', password: 'Wrong@123abc', ...(await captchaFor('k-ghost')) },
      fromAddress(ATTACKER),
    );
    expect(res.body.message).toBe(LOCKED);
  });

  it('a locked attempt is not counted (the lock does not extend itself)', async () => {
    await failFrom(ATTACKER, 'xuming');
    const before = await scopeRow(scopes.pair('xuming', ATTACKER));
    await postLogin(
      ctx,
      { username: 'xuming', password: 'Wrong@123abc', ...(await captchaFor('k-xuming')) },
      fromAddress(ATTACKER),
    );
    const after = await scopeRow(scopes.pair('xuming', ATTACKER));
    expect(after?.failures).toBe(before?.failures);
    expect(after?.lockedUntil?.getTime()).toBe(before?.lockedUntil?.getTime());
  });
});

describe('per account: a captcha from everywhere after its limit', () => {
  it('failures spread over addresses lock no pair, but every address must then answer a captcha', async () => {
    for (let i = 0; i < MAX_FAILURES; i++) await failFrom(`203.0.113.${i + 1}`, 'lina', 1);
    const without = await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, fromAddress(OWNER));
    expect(without.body).toMatchObject({ success: false, message: CAPTCHA_MISSING });
    const wrong = await postLogin(
      ctx,
      { username: 'lina', password: DEMO_PASSWORD, captcha: 'zzzz', checkKey: 'k-none' },
      fromAddress(OWNER),
    );
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    // A guesser is asked too, from a fresh address, before the password is even looked at.
    const guesser = await postLogin(
      ctx,
      { username: 'lina', password: 'Wrong@999xyz' },
      fromAddress('203.0.113.99'),
    );
    expect(guesser.body.message).toBe(CAPTCHA_MISSING);

    const right = await postLogin(
      ctx,
      { username: 'lina', password: DEMO_PASSWORD, ...(await captchaFor('k-lina')) },
      fromAddress(OWNER),
    );
    expect(right.body.code).toBe(200);
    // Signing in ended the demand.
    const after = await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, fromAddress(OWNER));
    expect(after.body.code).toBe(200);
  });

  it('below the limit no captcha is asked (the server is configured without one)', async () => {
    await failFrom(ATTACKER, 'liuyang', MAX_FAILURES - 1);
    const res = await postLogin(ctx, { username: 'liuyang', password: DEMO_PASSWORD }, fromAddress(OWNER));
    expect(res.body.code).toBe(200);
  });
});

describe('per address: slowed, never locked', () => {
  it('past its limit an address waits longer with each failure, and a fresh account still signs in', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < ADDRESS_LIMIT; i++) await failFrom(ip, `spray_${i}`, 1);
    expect(waits).toEqual([]);

    const fresh = await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, fromAddress(ip));
    expect(fresh.body.code).toBe(200);
    expect(waits).toEqual([ADDRESS_DELAY_STEP_MS]);

    for (let i = 0; i < 3; i++) await failFrom(ip, `spray_more_${i}`, 1);
    expect(waits).toEqual([1, 1, 2, 3].map((n) => n * ADDRESS_DELAY_STEP_MS));

    // Other addresses do not wait.
    waits = [];
    expect(
      (await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, fromAddress(OWNER))).body.code,
    ).toBe(200);
    expect(waits).toEqual([]);
  });

  it('the wait is capped at a few seconds', async () => {
    const ip = '192.0.2.9';
    await failFrom(ip, 'spray_cap', 1);
    await ctx.database.db
      .updateTable('sysLoginFailure')
      .set({ failures: 10_000 })
      .where('scope', '=', scopes.ip(ip))
      .execute();
    expect(
      (await postLogin(ctx, { username: 'lina', password: DEMO_PASSWORD }, fromAddress(ip))).body.code,
    ).toBe(200);
    expect(waits).toEqual([ADDRESS_DELAY_MAX_MS]);
  });

  it('the wait comes before the answer', async () => {
    const ip = '192.0.2.11';
    await failFrom(ip, 'spray_hold', 1);
    await ctx.database.db
      .updateTable('sysLoginFailure')
      .set({ failures: ADDRESS_LIMIT })
      .where('scope', '=', scopes.ip(ip))
      .execute();
    let release: () => void = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const inWait = new Promise<void>((resolve) => (entered = resolve));
    let answered = false;
    const pending = postLogin(
      ctx,
      { username: 'spray_hold', password: 'Wrong@123abc' },
      fromAddress(ip),
    ).then((res) => {
      answered = true;
      return res;
    });
    await inWait;
    expect(answered).toBe(false);
    // Held in its wait, the attempt has not been counted yet either.
    expect((await scopeRow(scopes.ip(ip)))?.failures).toBe(ADDRESS_LIMIT);
    release();
    expect((await pending).body.message).toBe(BAD);
    expect((await scopeRow(scopes.ip(ip)))?.failures).toBe(ADDRESS_LIMIT + 1);
  });

  it('a success does not clear the address counter', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < ADDRESS_LIMIT - 1; i++) await failFrom(ip, `spray2_${i}`, 1);
    expect(
      (await postLogin(ctx, { username: 'liuyang', password: DEMO_PASSWORD }, fromAddress(ip))).body.code,
    ).toBe(200);
    await failFrom(ip, 'spray2_last', 1);
    expect(waits).toEqual([]);
    expect(
      (await postLogin(ctx, { username: 'liuyang', password: DEMO_PASSWORD }, fromAddress(ip))).body.code,
    ).toBe(200);
    expect(waits).toEqual([ADDRESS_DELAY_STEP_MS]);
  });

  it('the wait grows by one step per failure past the limit, up to the cap', () => {
    expect(addressDelayMs(0, 15)).toBe(0);
    expect(addressDelayMs(14, 15)).toBe(0);
    expect(addressDelayMs(15, 15)).toBe(ADDRESS_DELAY_STEP_MS);
    expect(addressDelayMs(17, 15)).toBe(3 * ADDRESS_DELAY_STEP_MS);
    expect(addressDelayMs(1_000_000, 15)).toBe(ADDRESS_DELAY_MAX_MS);
  });
});

describe('counter', () => {
  it('parallel events are all counted (single-statement upsert)', async () => {
    const rule = { limit: 100, windowMinutes: WINDOW };
    await Promise.all(Array.from({ length: 20 }, () => countEvent(ctx.database.db, 'test:parallel', rule)));
    const row = await scopeRow('test:parallel');
    expect(row?.failures).toBe(20);
    expect(await lockedMinutes(ctx.database.db, ['test:parallel'])).toBe(0);
  });
});
