import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaHash, issueCaptcha } from '../../server/auth/captcha.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';
import { postLogin } from './auth-helpers.js';

const USER = 'chenjing';

async function image(ctx: TestContext, key: string) {
  return ctx.call<string>({ method: 'GET', url: `/api/sys/randomImage/${key}` });
}

describe('captcha on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ captcha: { kind: 'on' } });
  });
  afterAll(() => ctx.close());

  it('answers an SVG data URL with code 0 and stores only a hash bound to the key', async () => {
    const res = await image(ctx, 'k-image');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 0 });
    expect(res.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(String(res.body.result).split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    const row = await ctx.database.db
      .selectFrom('sysCaptcha')
      .selectAll()
      .where('checkKey', '=', 'k-image')
      .executeTakeFirstOrThrow();
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('picks 4 characters of the contract alphabet', async () => {
    for (let i = 0; i < 20; i++) {
      const code = await issueCaptcha(ctx.database.db, { kind: 'on' }, `alphabet-${i}`);
      expect(code).toHaveLength(4);
      for (const ch of code) expect(CAPTCHA_ALPHABET).toContain(ch);
    }
  });

  it('refuses keys longer than 64 characters', async () => {
    const res = await image(ctx, 'x'.repeat(65));
    expect(res.body.success).toBe(false);
    const count = await ctx.database.db.selectFrom('sysCaptcha').select('checkKey').execute();
    expect(count.every((r) => r.checkKey.length <= 64)).toBe(true);
  });

  it('a new image for the same key replaces the old challenge', async () => {
    await image(ctx, 'k-replace');
    const first = await ctx.database.db
      .selectFrom('sysCaptcha')
      .select('codeHash')
      .where('checkKey', '=', 'k-replace')
      .executeTakeFirstOrThrow();
    let second = first;
    // Codes repeat with probability ~1e-7 per draw; draw until the hash changes.
    for (let i = 0; i < 5 && second.codeHash === first.codeHash; i++) {
      await image(ctx, 'k-replace');
      second = await ctx.database.db
        .selectFrom('sysCaptcha')
        .select('codeHash')
        .where('checkKey', '=', 'k-replace')
        .executeTakeFirstOrThrow();
    }
    expect(second.codeHash).not.toBe(first.codeHash);
    const rows = await ctx.database.db.selectFrom('sysCaptcha').where('checkKey', '=', 'k-replace').execute();
    expect(rows).toHaveLength(1);
  });

  it('an empty captcha is 验证码无效 (code 500)', async () => {
    const res = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: '',
      checkKey: 'none',
    });
    expect(res.body).toMatchObject({ success: false, code: 500, message: '验证码无效' });
  });

  it('a wrong captcha is 验证码错误 with code 412, and the challenge is gone afterwards', async () => {
    await image(ctx, 'k-wrong');
    // Plant a known code so the test can answer it.
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ codeHash: captchaHash('ab12', 'k-wrong') })
      .where('checkKey', '=', 'k-wrong')
      .execute();
    const wrong = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'zz99',
      checkKey: 'k-wrong',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const right = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'ab12',
      checkKey: 'k-wrong',
    });
    expect(right.body).toMatchObject({ success: false, code: 412 });
  });

  it('a right captcha signs in once (case-insensitive) and cannot be replayed', async () => {
    await image(ctx, 'k-right');
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ codeHash: captchaHash('Xy7k', 'k-right') })
      .where('checkKey', '=', 'k-right')
      .execute();
    const first = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'XY7K',
      checkKey: 'k-right',
    });
    expect(first.body).toMatchObject({ success: true, code: 200 });
    const replay = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'xy7k',
      checkKey: 'k-right',
    });
    expect(replay.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('the challenge is spent even when the password is wrong', async () => {
    await image(ctx, 'k-badpw');
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ codeHash: captchaHash('q1w2', 'k-badpw') })
      .where('checkKey', '=', 'k-badpw')
      .execute();
    const bad = await postLogin(ctx, {
      username: USER,
      password: 'Wrong@123',
      captcha: 'q1w2',
      checkKey: 'k-badpw',
    });
    expect(bad.body.message).toBe('用户名或密码错误');
    const again = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'q1w2',
      checkKey: 'k-badpw',
    });
    expect(again.body.code).toBe(412);
  });

  it('a code is not valid for another key', async () => {
    await image(ctx, 'k-a');
    await image(ctx, 'k-b');
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ codeHash: captchaHash('m4n5', 'k-a') })
      .where('checkKey', '=', 'k-a')
      .execute();
    const res = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'm4n5',
      checkKey: 'k-b',
    });
    expect(res.body.code).toBe(412);
  });

  it('an expired captcha is refused with 412 and expired rows are cleaned up on the next image', async () => {
    await image(ctx, 'k-old');
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ codeHash: captchaHash('p9o8', 'k-old'), expiresAt: new Date(Date.now() - 1000) })
      .where('checkKey', '=', 'k-old')
      .execute();
    const res = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'p9o8',
      checkKey: 'k-old',
    });
    expect(res.body).toMatchObject({ success: false, code: 412 });

    await image(ctx, 'k-stale');
    await ctx.database.db
      .updateTable('sysCaptcha')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('checkKey', '=', 'k-stale')
      .execute();
    await image(ctx, 'k-fresh');
    const stale = await ctx.database.db.selectFrom('sysCaptcha').where('checkKey', '=', 'k-stale').execute();
    expect(stale).toHaveLength(0);
  });
});

describe('captcha fixed (browser tests)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ captcha: { kind: 'fixed', code: 'Ab3D' } });
  });
  afterAll(() => ctx.close());

  it('the fixed code works once per requested image', async () => {
    await image(ctx, 'f1');
    const first = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'ab3d',
      checkKey: 'f1',
    });
    expect(first.body).toMatchObject({ success: true, code: 200 });
    const replay = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'ab3d',
      checkKey: 'f1',
    });
    expect(replay.body).toMatchObject({ success: false, code: 412 });
  });

  it('the fixed code is refused for a key that never got an image', async () => {
    const res = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'Ab3D',
      checkKey: 'never',
    });
    expect(res.body.code).toBe(412);
  });

  it('a wrong code is 412 and spends the challenge', async () => {
    await image(ctx, 'f2');
    const wrong = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'zzzz',
      checkKey: 'f2',
    });
    expect(wrong.body.code).toBe(412);
    const right = await postLogin(ctx, {
      username: USER,
      password: DEMO_PASSWORD,
      captcha: 'Ab3D',
      checkKey: 'f2',
    });
    expect(right.body.code).toBe(412);
  });
});

describe('captcha off (scripts, most tests)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ captcha: { kind: 'off' } });
  });
  afterAll(() => ctx.close());

  it('login does not ask for it', async () => {
    const res = await postLogin(ctx, { username: USER, password: DEMO_PASSWORD });
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });
});
