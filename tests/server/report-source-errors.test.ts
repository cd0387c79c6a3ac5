/**
 * A report's data source that cannot serve it, on either database (no real source needed): an
 * unknown or deleted source, one of a type reports cannot run on, a wrong password (a fake server
 * checking the password the report sent) and a closed port. Each gives its Chinese message, and no
 * answer carries the password. A connection that fails answers 测试连接's one message, whatever
 * failed and at the connect timeout (issue 31: no port scanner through reports); the log says why.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportSourcePools, SourceMessages } from '../../server/report/source-pools.js';
import { withSourceSession } from '../../server/report/source-session.js';
import { CONNECT_TIMEOUT_MS, ConnectMessages } from '../../server/sys/data-source/connect.js';
import { HostMessages } from '../../server/sys/data-source/hosts.js';
import { createSecretBox } from '../../server/sys/data-source/secret.js';
import { startFakePostgres, type FakePostgres } from './fake-postgres.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

const SECRET = 'Right#Secret-2026';
const KEY = randomBytes(32).toString('base64');
const WRONG = 'Wrong#Secret-2026';
let ctx: EntityTestContext;
let analyst: string;
let fake: FakePostgres;
/** The waits the server asked for (recorded, not spent). */
const waits: number[] = [];

const report = (code: string, dbSource: string) => ({
  head: { code, name: `报表${code}`, cgrSql: 'select region from sales', dbSource },
  items: [{ fieldName: 'region', fieldTxt: '区域', fieldType: 'String' }],
  params: [],
});
const source = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `数据源${code}`,
  host: '127.0.0.1',
  port: fake.port,
  databaseName: 'reports',
  username: 'reader',
  password: WRONG,
  ...extra,
});
const parse = (dbSource: string) =>
  ctx.send('POST', '/online/cgreport/head/parseSql', { sql: 'select region from sales', dbSource }, analyst);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  fake = await startFakePostgres({ password: SECRET });
  ctx = await createEntityContext({
    config: { dataSourceKey: KEY },
    pause: async (ms) => void waits.push(ms),
  });
  analyst = await ctx.login('fengyu', DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('a missing source', () => {
  it('refuses 解析SQL and a save naming a source that does not exist', async () => {
    expect(await parse('nowhere')).toMatchObject({
      success: false,
      message: SourceMessages.missing('nowhere'),
    });
    expect(
      await ctx.send('POST', '/online/cgreport/head/add', report('r_nowhere', 'nowhere'), analyst),
    ).toMatchObject({ success: false, message: '数据源不存在：nowhere' });
  });

  it('refuses a saved report whose source was deleted since', async () => {
    expect(await ctx.send('POST', '/sys/dataSource/add', source('gone'))).toMatchObject({ success: true });
    expect(
      await ctx.send('POST', '/online/cgreport/head/add', report('r_gone', 'gone'), analyst),
    ).toMatchObject({
      success: true,
    });
    const id = (await ctx.get<{ records: { id: string }[] }>('/sys/dataSource/list?code=gone')).result!
      .records[0].id;
    expect(await ctx.send('DELETE', `/sys/dataSource/delete?id=${id}`)).toMatchObject({ success: true });
    expect(await ctx.get('/online/cgreport/api/getData/r_gone', analyst)).toMatchObject({
      success: false,
      message: '数据源不存在：gone',
    });
  });
});

describe('a source reports cannot use', () => {
  it('says which types are supported', async () => {
    expect(await ctx.send('POST', '/sys/dataSource/add', source('legacy_mysql'))).toMatchObject({
      success: true,
    });
    // The column admits PostgreSQL only today; a source of another type (an older database, a
    // future type) must still be refused by the reports rather than tried.
    await sql`alter table sys_data_source drop constraint if exists sys_data_source_db_type_check`.execute(
      ctx.database.db,
    );
    await sql`update sys_data_source set db_type = 'mysql' where code = 'legacy_mysql'`.execute(
      ctx.database.db,
    );
    expect(await parse('legacy_mysql')).toMatchObject({
      success: false,
      message: '数据源legacy_mysql的类型为mysql，在线报表只支持 PostgreSQL 数据源',
    });
  });
});

describe('a source that does not connect', () => {
  it('answers a wrong password and a closed port alike, with 测试连接’s message, at the connect timeout', async () => {
    const port = await closedPort();
    for (const added of [source('bad_password'), source('closed_port', { port })])
      expect(await ctx.send('POST', '/sys/dataSource/add', added)).toMatchObject({ success: true });
    const before = waits.length;
    const wrong = await parse('bad_password');
    expect(wrong).toMatchObject({ success: false, message: ConnectMessages.unavailable });
    expect(JSON.stringify(wrong)).not.toContain(WRONG);
    // The report sent the stored password, decrypted: the fake server saw it.
    expect(fake.seen.at(-1)).toMatchObject({ user: 'reader', database: 'reports', password: WRONG });
    expect(await parse('closed_port')).toMatchObject({
      success: false,
      message: ConnectMessages.unavailable,
    });
    // A saved report run on the screen answers the same.
    expect(
      await ctx.send('POST', '/online/cgreport/head/add', report('r_closed', 'closed_port'), analyst),
    ).toMatchObject({ success: true });
    expect(await ctx.get('/online/cgreport/api/getData/r_closed', analyst)).toMatchObject({
      success: false,
      message: ConnectMessages.unavailable,
    });
    // Each failure waited out the rest of the connect timeout, as a silent host would take.
    const mine = waits.slice(before);
    expect(mine).toHaveLength(3);
    for (const ms of mine) expect(ms).toBeGreaterThan(CONNECT_TIMEOUT_MS - 2000);
  });

  it('logs why the connection failed, without the password', async () => {
    const logs: string[] = [];
    const pools = new ReportSourcePools(
      ctx.database.db,
      createSecretBox(KEY, '/nonexistent'),
      (message) => logs.push(message),
      undefined,
      async () => undefined,
    );
    try {
      for (const code of ['bad_password', 'closed_port']) {
        const run = withSourceSession(await pools.resolve(code), { timeoutMs: 1000, tenantId: 1 }, () =>
          Promise.resolve(null),
        );
        await expect(run).rejects.toThrow(ConnectMessages.unavailable);
      }
    } finally {
      await pools.close();
    }
    expect(logs).toEqual([
      `report data source bad_password: connection failed: ${ConnectMessages.password}`,
      `report data source closed_port: connection failed: ${ConnectMessages.refused}`,
    ]);
    expect(logs.join()).not.toContain(WRONG);
  });
});

describe('DATA_SOURCE_HOSTS', () => {
  it('refuses a report on a source saved before the list left its host out, before connecting', async () => {
    expect(await ctx.send('POST', '/sys/dataSource/add', source('before_list'))).toMatchObject({
      success: true,
    });
    const seen = fake.seen.length;
    const pools = new ReportSourcePools(ctx.database.db, createSecretBox(KEY, '/nonexistent'), () => {}, [
      'db1.internal',
    ]);
    try {
      await expect(pools.resolve('before_list')).rejects.toThrow(HostMessages.notAllowed('127.0.0.1'));
      expect(pools.size).toBe(0);
      expect(fake.seen.length).toBe(seen);
      // Listed, the same source is served.
      const open = new ReportSourcePools(ctx.database.db, createSecretBox(KEY, '/nonexistent'), () => {}, [
        '127.0.0.1',
      ]);
      expect((await open.resolve('before_list')).code).toBe('before_list');
      await open.close();
    } finally {
      await pools.close();
    }
  });
});
