import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../server/sys/config/tables.js';
import { LIVE_SETTINGS } from '../../server/sys/config/live.js';
import { configValue, ConfigMessages } from '../../server/sys/config/values.js';
import { hashToken } from '../../server/auth/sessions.js';
import { postLogin, resetThrottle } from './auth-helpers.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface ConfigRow {
  id: string;
  configKey: string;
  configName: string;
  configType: string;
  configType_dictText: string;
  configValue: string;
  rowVersion: number;
}

let ctx: TestContext;
let admin: string;
let staff: string;
const ENV_MAX_FAILURES = 4;

beforeAll(async () => {
  ctx = await createTestContext({ loginMaxFailures: ENV_MAX_FAILURES, sessionIdleMinutes: 120 });
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const list = async (query = '') =>
  (await api<Page<ConfigRow>>(ctx, 'GET', `/sys/config/list${query}`, { token: admin })).result!;
const row = async (key: string) => (await list(`?configKey=${encodeURIComponent(key)}`)).records[0];
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/config/add', { token, payload });
const edit = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'PUT', '/sys/config/edit', { token, payload });
const setLive = async (key: string, value: string) => {
  const { id } = await row(key);
  return edit({ id, configValue: value });
};

describe('the screen', () => {
  it('lists the settings the server reads, empty (the environment applies), with type texts', async () => {
    const page = await list('?pageSize=50');
    const keys = page.records.map((r) => r.configKey);
    for (const setting of LIVE_SETTINGS) expect(keys).toContain(setting.key);
    expect(await row('login.maxFailures')).toMatchObject({
      configName: '登录失败锁定次数',
      configType: 'number',
      configType_dictText: '数字',
      configValue: '',
    });
  });

  it('is the admin’s: staff are refused reading and writing', async () => {
    expect(await api(ctx, 'GET', '/sys/config/list', { token: staff })).toMatchObject(NO_PERMISSION);
    expect(await add({ configKey: 'x.y', configName: 'x', configType: 'string' }, staff)).toMatchObject(
      NO_PERMISSION,
    );
  });
});

describe('values are checked against their type', () => {
  it.each([
    ['number', 'abc', ConfigMessages.notNumber],
    ['number', '0x10', ConfigMessages.notNumber],
    ['boolean', 'yes', ConfigMessages.notBoolean],
    ['json', '{"a":', ConfigMessages.notJson],
    ['date', '2026-01-01', ConfigMessages.badType],
  ])('a %s value %j is refused, nothing stored', async (configType, configValue, message) => {
    const key = `bad.${configType}.${configValue.length}`;
    expect(await add({ configKey: key, configName: '错误值', configType, configValue })).toMatchObject({
      success: false,
      message,
    });
    expect((await list(`?configKey=${key}`)).total).toBe(0);
  });

  it('stores fitting values; configValue answers them typed', async () => {
    for (const [configKey, configType, configValue] of [
      ['demo.rate', 'number', '3.5'],
      ['demo.enabled', 'boolean', 'true'],
      ['demo.origins', 'json', '{"hosts":["a.example.cn"]}'],
      ['demo.title', 'string', '智慧接待'],
    ])
      expect(await add({ configKey, configName: configKey, configType, configValue })).toMatchObject({
        success: true,
      });
    const db = ctx.database.db;
    expect(await configValue(db, 'demo.rate')).toBe(3.5);
    expect(await configValue(db, 'demo.enabled')).toBe(true);
    expect(await configValue(db, 'demo.origins')).toEqual({ hosts: ['a.example.cn'] });
    expect(await configValue(db, 'demo.title')).toBe('智慧接待');
    expect(await configValue(db, 'demo.missing')).toBeUndefined();
  });

  it('an edit that changes only the type is checked against the stored value', async () => {
    const { id } = await row('demo.title');
    expect(await edit({ id, configType: 'number' })).toMatchObject({
      success: false,
      message: ConfigMessages.notNumber,
    });
    expect((await row('demo.title')).configType).toBe('string');
  });

  it('a duplicate key is refused, and a key cannot be renamed', async () => {
    expect(await add({ configKey: 'demo.rate', configName: '重复', configType: 'string' })).toMatchObject({
      success: false,
      message: '配置项：该值不可用，系统中已存在！',
    });
    const { id } = await row('demo.rate');
    expect((await edit({ id, configKey: 'demo.renamed' })).success).toBe(false);
    expect(await row('demo.rate')).toBeDefined();
  });
});

describe('settings the server reads', () => {
  it('must stay numbers within their range; empty means the default', async () => {
    const { id } = await row('login.maxFailures');
    const range = ConfigMessages.liveRange('登录失败锁定次数', 1, 100);
    for (const value of ['0', '101', '2.5'])
      expect(await edit({ id, configValue: value })).toMatchObject({ success: false, message: range });
    expect(await edit({ id, configType: 'string', configValue: '3' })).toMatchObject({
      success: false,
      message: ConfigMessages.liveType('登录失败锁定次数'),
    });
    expect((await row('login.maxFailures')).configValue).toBe('');
  });

  it('login.maxFailures replaces LOGIN_MAX_FAILURES at once, and empty brings it back', async () => {
    await resetThrottle(ctx);
    expect((await setLive('login.maxFailures', '2')).success).toBe(true);
    expect(ctx.config.loginMaxFailures).toBe(2);
    for (let i = 0; i < 2; i++)
      expect((await postLogin(ctx, { username: 'zhaolei', password: 'Wrong@123abc' })).body.message).toBe(
        '用户名或密码错误',
      );
    // At the limit the account asks for a captcha first (the test server asks none otherwise).
    const limited = await postLogin(ctx, { username: 'zhaolei', password: DEMO_PASSWORD });
    expect(limited.body.message).toBe('验证码无效');

    await resetThrottle(ctx);
    expect((await setLive('login.maxFailures', '')).success).toBe(true);
    expect(ctx.config.loginMaxFailures).toBe(ENV_MAX_FAILURES);
    for (let i = 0; i < 2; i++) await postLogin(ctx, { username: 'zhaolei', password: 'Wrong@123abc' });
    expect((await postLogin(ctx, { username: 'zhaolei', password: DEMO_PASSWORD })).body.code).toBe(200);
    await resetThrottle(ctx);
  });

  it('session.idleMinutes ends a session idle longer than the stored minutes', async () => {
    const token = await ctx.login('wangfang', DEMO_PASSWORD);
    const idle = (minutes: number) =>
      ctx.database.db
        .updateTable('sysSession')
        .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
        .where('tokenHash', '=', hashToken(token))
        .execute();
    const probe = () =>
      ctx.call({
        method: 'GET',
        url: '/api/sys/version/queryReminder',
        headers: { 'x-access-token': token },
      });
    await idle(30);
    expect((await probe()).status).toBe(200); // the environment's 120 minutes
    expect((await setLive('session.idleMinutes', '20')).success).toBe(true);
    await idle(30);
    expect((await probe()).body).toMatchObject({ success: false, message: 'Token失效，请重新登录!' });
    await setLive('session.idleMinutes', '');
  });

  it('deleting the row restores the environment value', async () => {
    await setLive('session.maxHours', '12');
    expect(ctx.config.sessionMaxHours).toBe(12);
    const { id } = await row('session.maxHours');
    expect((await api(ctx, 'DELETE', `/sys/config/delete?id=${id}`, { token: admin })).success).toBe(true);
    expect(ctx.config.sessionMaxHours).toBe(24 * 7);
  });
});

describe('configValue', () => {
  it('keeps a read value, and a save through the screen drops it at once', async () => {
    const db = ctx.database.db;
    expect(
      await add({ configKey: 'cache.probe', configName: '缓存', configType: 'number', configValue: '1' }),
    ).toMatchObject({ success: true });
    expect(await configValue(db, 'cache.probe')).toBe(1);
    // A change past the screen (a console) is not seen until the copy runs out...
    await adminDb(db)
      .updateTable('sysConfig')
      .set({ configValue: '2' })
      .where('configKey', '=', 'cache.probe')
      .execute();
    expect(await configValue(db, 'cache.probe')).toBe(1);
    // ...one through the screen is.
    const { id } = await row('cache.probe');
    expect((await edit({ id, configValue: '3' })).success).toBe(true);
    expect(await configValue(db, 'cache.probe')).toBe(3);
    // And the copy is trusted for a limited time only.
    await adminDb(db)
      .updateTable('sysConfig')
      .set({ configValue: '4' })
      .where('configKey', '=', 'cache.probe')
      .execute();
    expect(await configValue(db, 'cache.probe', Date.now() + 31_000)).toBe(4);
  });
});
