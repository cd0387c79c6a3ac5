import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../server/sys/config/tables.js';
import { CONNECT_TIMEOUT_MS, ConnectMessages } from '../../server/sys/data-source/connect.js';
import { HostMessages, parseDataSourceHosts } from '../../server/sys/data-source/hosts.js';
import { DataSourceMessages } from '../../server/sys/data-source/routes.js';
import { createSecretBox, KEY_FILE, parseKey, SecretKeyError } from '../../server/sys/data-source/secret.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { startFakePostgres, type FakePostgres } from './fake-postgres.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Source {
  id: string;
  code: string;
  name: string;
  host: string;
  port: number;
  dbType_dictText: string;
}

const SECRET = 'Report#Reader-2026';
let ctx: TestContext;
let admin: string;
let staff: string;
let dataDir: string;
let fake: FakePostgres;
const waits: number[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-ds-'));
  // Failed tests wait out the connect timeout: recorded here instead of spent.
  ctx = await createTestContext({ dataDir }, { pause: async (ms) => void waits.push(ms) });
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
  fake = await startFakePostgres({ password: SECRET });
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const list = async (query = '') =>
  (await api<Page<Source>>(ctx, 'GET', `/sys/dataSource/list${query}`, { token: admin })).result!;
const byCode = async (code: string) => (await list(`?code=${code}`)).records[0];
const add = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/dataSource/add', { token, payload });
const edit = (payload: Record<string, unknown>) =>
  api(ctx, 'PUT', '/sys/dataSource/edit', { token: admin, payload });
const test = (id: string, token = admin) =>
  api(ctx, 'POST', '/sys/dataSource/testConnection', { token, payload: { id } });
const stored = (code: string) =>
  adminDb(ctx.database.db)
    .selectFrom('sysDataSource')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
const source = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `数据源${code}`,
  host: '127.0.0.1',
  port: fake.port,
  databaseName: 'reports',
  username: 'reader',
  password: SECRET,
  ...extra,
});

describe('passwords', () => {
  it('are stored sealed, never answered, and the key is made once in the data directory (0600)', async () => {
    expect(await add(source('fake_ok'))).toMatchObject({ success: true, message: '添加成功！' });
    const row = await stored('fake_ok');
    expect(row.passwordCipher).toMatch(/^v1:/);
    expect(row.passwordCipher).not.toContain(SECRET);
    const keyFile = path.join(dataDir, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(createSecretBox(undefined, dataDir).open(row.passwordCipher!)).toBe(SECRET);
    const page = JSON.stringify(await api(ctx, 'GET', '/sys/dataSource/list', { token: admin }));
    const one = JSON.stringify(
      await api(ctx, 'GET', `/sys/dataSource/queryById?id=${row.id}`, { token: admin }),
    );
    for (const answer of [page, one]) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain(row.passwordCipher!);
      expect(answer).not.toMatch(/"password/);
    }
    expect(await byCode('fake_ok')).toMatchObject({ dbType_dictText: 'PostgreSQL', port: fake.port });
  });

  it('an edit without a password keeps the stored one; a new one replaces it', async () => {
    const before = await stored('fake_ok');
    expect(await edit({ id: before.id, name: '报表库', password: '' })).toMatchObject({ success: true });
    expect((await stored('fake_ok')).passwordCipher).toBe(before.passwordCipher);
    expect(await edit({ id: before.id, password: 'Other#1' })).toMatchObject({ success: true });
    const after = await stored('fake_ok');
    expect(createSecretBox(undefined, dataDir).open(after.passwordCipher!)).toBe('Other#1');
    await edit({ id: before.id, password: SECRET });
  });

  it('a value sealed under another key does not open', () => {
    const sealed = createSecretBox(randomBytes(32).toString('base64'), dataDir).seal('x');
    expect(createSecretBox(undefined, dataDir).open(sealed)).toBeNull();
    expect(() => parseKey('too-short')).toThrow(SecretKeyError);
    expect(parseKey('ab'.repeat(32))).toHaveLength(32);
  });
});

describe('测试连接', () => {
  it('connects with the stored settings and the decrypted password', async () => {
    const { id } = await byCode('fake_ok');
    expect(await test(id)).toMatchObject({ success: true, message: ConnectMessages.ok });
    expect(fake.seen.at(-1)).toEqual({ user: 'reader', database: 'reports', password: SECRET });
  });

  it('answers one message for a wrong password, a closed port and a silent server, each after the timeout', async () => {
    // Before issue 31 each said why (用户名或密码错误, 连接被拒绝, 连接超时): a port scanner for admins.
    await add(source('fake_wrong', { password: 'Wrong#1' }));
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await add(source('fake_closed', { port: closed }));
    const silent = await startFakePostgres({ password: null, hang: true });
    try {
      await add(source('fake_silent', { port: silent.port }));
      waits.length = 0;
      const answers = await Promise.all(
        ['fake_wrong', 'fake_closed', 'fake_silent'].map(async (code) => test((await byCode(code)).id)),
      );
      for (const answer of answers)
        expect(answer).toMatchObject({ success: false, message: ConnectMessages.unavailable });
      // The two quick failures were held back to the connect timeout; the silent one took it.
      expect(waits.filter((ms) => ms > CONNECT_TIMEOUT_MS - 1000)).toHaveLength(2);
    } finally {
      await silent.close();
    }
  }, 15_000);

  it('refuses a host outside DATA_SOURCE_HOSTS on save and on test, before connecting', async () => {
    const hosts = ctx.config.dataSourceHosts;
    const seen = fake.seen.length;
    try {
      ctx.config.dataSourceHosts = ['db1.internal', '10.0.0.5'];
      expect(await add(source('fake_far'))).toMatchObject({
        success: false,
        message: HostMessages.notAllowed('127.0.0.1'),
      });
      const { id } = await byCode('fake_ok');
      expect(await edit({ id, name: '报表库2' })).toMatchObject({
        success: false,
        message: HostMessages.notAllowed('127.0.0.1'),
      });
      expect(await test(id)).toMatchObject({ success: false, message: HostMessages.notAllowed('127.0.0.1') });
      expect(fake.seen.length).toBe(seen);
      expect(await edit({ id, host: 'DB1.Internal' })).toMatchObject({ success: true });
      expect(await add(source('fake_near', { host: '10.0.0.5' }))).toMatchObject({ success: true });
      ctx.config.dataSourceHosts = [...parseDataSourceHosts(' 127.0.0.1 , db1.internal ')];
      expect(await edit({ id, host: '127.0.0.1' })).toMatchObject({ success: true });
      expect(await test(id)).toMatchObject({ success: true, message: ConnectMessages.ok });
    } finally {
      ctx.config.dataSourceHosts = hosts;
    }
  });

  it('is the admin’s, and an unknown id is refused', async () => {
    const { id } = await byCode('fake_ok');
    expect(await test(id, staff)).toMatchObject(NO_PERMISSION);
    expect(await test('nosuchsource')).toMatchObject({
      success: false,
      message: DataSourceMessages.notFound,
    });
  });
});

describe('the list', () => {
  it('refuses a duplicate code, a bad host and a port out of range', async () => {
    expect(await add(source('fake_ok'))).toMatchObject({
      success: false,
      message: DataSourceMessages.codeTaken,
    });
    expect(await add(source('bad_host', { host: 'db.example.cn; rm -rf /' }))).toMatchObject({
      success: false,
      message: '主机只能是域名或IP地址',
    });
    expect((await add(source('bad_port', { port: 70000 }))).success).toBe(false);
    expect((await list('?code=bad_*')).total).toBe(0);
  });

  it('deletes, and refuses staff everything', async () => {
    const { id } = await byCode('fake_closed');
    expect(await api(ctx, 'DELETE', `/sys/dataSource/delete?id=${id}`, { token: admin })).toMatchObject({
      success: true,
    });
    expect(await byCode('fake_closed')).toBeUndefined();
    expect(await api(ctx, 'GET', '/sys/dataSource/list', { token: staff })).toMatchObject(NO_PERMISSION);
    expect(await add(source('staff_src'), staff)).toMatchObject(NO_PERMISSION);
  });
});
