/**
 * The read standby (DATABASE_READ_URL): a private primary (pg-private.ts) and a streaming-replication
 * standby made from it with pg_basebackup. A declared list, its export and an online report read the
 * standby (proved by pausing its replay), a write lands on the primary, the writer's own lists read
 * the primary for a while (read-your-own-writes), a standby further behind than MAX_LAG_MS is not
 * read, and a standby that is down is skipped. PostgreSQL pass only (vitest.config.ts).
 */
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { MAX_LAG_MS, PROBE_MS, readerFor, STICKY_MS } from '../../server/db/read-routing.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';
import { startPrivateCluster, type PrivateCluster } from './pg-private.js';
import { withDeclaredTables, withoutDeclaredDemo } from './template-db.js';

if (!process.env.TEST_DATABASE_URL)
  throw new Error('pg-standby.test.ts runs in the PostgreSQL pass only (vitest.config.ts)');

let primary: PrivateCluster;
let standby: PrivateCluster;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  primary = await startPrivateCluster();
  await query(primary.url(), 'create database zhihui');
  const setup = await openDatabase({ databaseUrl: primary.url('zhihui') });
  await migrateToLatest(setup.db);
  await seedIfEmpty(setup.db, TEST_ADMIN_PASSWORD);
  await withDeclaredTables(setup.db);
  await withoutDeclaredDemo(setup.db);
  await setup.close();
  standby = await primary.standby();
  database = await openDatabase({
    databaseUrl: primary.url('zhihui'),
    readDatabaseUrl: standby.url('zhihui'),
  });
  const config = {
    ...loadConfig({}),
    apiBase: '/api',
    captcha: { kind: 'off' as const },
    adminPassword: TEST_ADMIN_PASSWORD,
    webDir: '/nonexistent',
  };
  app = await buildApp({ config, database, logger: false });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await standby?.remove();
  await primary?.remove();
});

async function login(username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password, captcha: '', checkKey: '' },
  });
  return (res.json() as { result: { token: string } }).result.token;
}

async function names(token: string, like: string): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/sys/mailList/list?pageSize=60&name=${encodeURIComponent(`*${like}*`)}`,
    headers: { 'x-access-token': token },
  });
  const body = res.json() as { success: boolean; result: { records: { name: string }[] } };
  expect(body.success).toBe(true);
  return body.result.records.map((r) => r.name).sort();
}

const replay = (action: 'pause' | 'resume') => query(standby.url(), `select pg_wal_replay_${action}()`);

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('DATABASE_READ_URL', () => {
  it('lists read the standby, writes go to the primary, the writer reads its own writes', async () => {
    const admin = await login('admin', TEST_ADMIN_PASSWORD);
    const other = await login('chenjing', DEMO_PASSWORD);
    expect((await query(standby.url('zhihui'), 'select pg_is_in_recovery() as r'))[0].r).toBe(true);

    expect(await names(other, 'SB-')).toEqual([]);

    // Replay paused: a write through the API is stored on the primary, and its writer sees it at once
    // (its lists read the primary for STICKY_MS), while someone else reads the standby: not there yet.
    await replay('pause');
    const added = await app.inject({
      method: 'POST',
      url: '/api/sys/mailList/add',
      headers: { 'x-access-token': admin },
      payload: { name: 'SB-api', company: 'x', post: '' },
    });
    expect(added.json()).toMatchObject({ success: true });
    const onPrimary = await query(
      primary.url('zhihui'),
      `select name from sys_mail_list where name like 'SB-%'`,
    );
    expect(onPrimary.map((r) => r.name)).toEqual(['SB-api']);
    expect(await names(admin, 'SB-')).toEqual(['SB-api']);
    expect(await names(other, 'SB-')).toEqual([]);

    // Replay resumes: the standby catches up and every reader sees both.
    await replay('resume');
    await until(async () => (await names(other, 'SB-')).length === 1);
    expect(await names(other, 'SB-')).toEqual(['SB-api']);
    expect(STICKY_MS).toBeLessThanOrEqual(5_000);
  }, 60_000);

  it('an export and an online report read the standby too', async () => {
    const admin = await login('admin', TEST_ADMIN_PASSWORD);
    const added = await app.inject({
      method: 'POST',
      url: '/api/online/cgreport/head/add',
      headers: { 'x-access-token': admin },
      payload: {
        head: {
          code: 'sb_customers',
          name: '备库客户',
          cgrSql: "select c.name from biz_customer c where c.code like 'SB%'",
        },
        items: [{ fieldName: 'name', fieldTxt: '名称', fieldType: 'String' }],
        params: [],
      },
    });
    expect(added.json()).toMatchObject({ success: true });
    const reportId = (
      await query(primary.url('zhihui'), `select id from onl_cgreport_head where code = 'sb_customers'`)
    )[0].id as string;
    // The admin wrote a moment ago: its reads stay on the primary until STICKY_MS has passed.
    await new Promise((r) => setTimeout(r, STICKY_MS + 100));
    await until(async () => readerFor(database.db, null) !== database.db);

    // Rows written on the primary while replay is paused: the standby, still within MAX_LAG_MS,
    // answers without them.
    await replay('pause');
    try {
      await query(
        primary.url('zhihui'),
        `insert into sys_mail_list (id, name, company, tenant_id)
           select 'sbexport1', 'SB-export', 'x', tenant_id from sys_mail_list where name = 'SB-api';
         insert into biz_customer (id, name, code) values ('sbcustomer1', 'SB客户', 'SB01')`,
      );
      const exported = await app.inject({
        method: 'GET',
        url: `/api/sys/mailList/exportXls?name=${encodeURIComponent('*SB-*')}`,
        headers: { 'x-access-token': admin },
      });
      expect(exported.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const names = book.worksheets[0].getColumn(1).values.slice(2);
      expect(names).toEqual(['SB-api']);
      const report = await app.inject({
        method: 'GET',
        url: `/api/online/cgreport/api/getData/${reportId}?pageSize=10`,
        headers: { 'x-access-token': admin },
      });
      expect(report.json()).toMatchObject({ success: true, result: { total: 0 } });
    } finally {
      await replay('resume');
    }
  }, 60_000);

  it('a standby further behind than MAX_LAG_MS is not read until it catches up', async () => {
    const reader = await login('chenjing', DEMO_PASSWORD);
    await until(async () => readerFor(database.db, null) !== database.db);
    // Everything written so far (the sign-in's session, the jobs' claims) replayed, and a probe run
    // since: the standby counts as fresh until the pause, not from some earlier probe.
    const [{ lsn }] = await query(primary.url('zhihui'), 'select pg_current_wal_lsn()::text as lsn');
    await until(
      async () =>
        (await query(standby.url('zhihui'), `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as ok`))[0]
          .ok === true,
    );
    await new Promise((r) => setTimeout(r, PROBE_MS + 300));
    await replay('pause');
    try {
      await query(
        primary.url('zhihui'),
        `insert into sys_mail_list (id, name, company, tenant_id)
           select 'sblag1', 'SB-lag', 'x', tenant_id from sys_mail_list where name = 'SB-api'`,
      );
      const paused = Date.now();
      // Within MAX_LAG_MS the standby answers (without the row); past it the primary does.
      await until(async () => (await names(reader, 'SB-lag')).length === 1, MAX_LAG_MS + PROBE_MS + 5_000);
      // The standby was read for a while: the last fresh probe is at most a probe (and a late timer
      // on a busy machine) before the pause.
      expect(Date.now() - paused).toBeGreaterThanOrEqual(MAX_LAG_MS - 2 * PROBE_MS);
      const onStandby = await query(
        standby.url('zhihui'),
        `select name from sys_mail_list where name = 'SB-lag'`,
      );
      expect(onStandby).toEqual([]);
    } finally {
      await replay('resume');
    }
    // Caught up: the standby is read again, and has the row.
    await until(async () => readerFor(database.db, null) !== database.db);
    expect(await names(reader, 'SB-lag')).toEqual(['SB-lag']);
  }, 60_000);

  it('a standby that is down is skipped: lists read the primary', async () => {
    const token = await login('chenjing', DEMO_PASSWORD);
    // Caught up first (the rows of the tests above are on both), then stopped.
    await until(async () => readerFor(database.db, null) !== database.db);
    await standby.stop('fast');
    try {
      expect(await names(token, 'SB-')).toEqual(['SB-api', 'SB-export', 'SB-lag']);
    } finally {
      await standby.start();
    }
  }, 60_000);
});

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
