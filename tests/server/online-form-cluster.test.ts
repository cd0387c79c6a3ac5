/**
 * Two server instances on one PostgreSQL database: a declaration saved on one is served, and its
 * generated routes answer, on the other within seconds, without a restart (the bus drops the other
 * instance's registry copy and rebuilds its runtime routes).
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { TEST_ADMIN_PASSWORD } from './helpers.js';
import { settle } from './notice-support.js';
import { visitLog, VISITOR, VISITS } from './online-form-helpers.js';

const url = process.env.TEST_DATABASE_URL;

function withDatabase(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url!, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Polls `probe` every 50 ms until it holds; answers the milliseconds it took (or fails after 5 s). */
async function within(probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 5_000) {
    if (await probe()) return Date.now() - start;
    await settle(50);
  }
  throw new Error('not seen within 5 s');
}

// Two instances need one shared server database: the embedded one belongs to a single process, so
// this file runs only when the suite runs on PostgreSQL (vitest.config.ts leaves it out otherwise).
describe('two instances on one PostgreSQL', () => {
  const name = `zj_test_online_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let databases: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];
  let token = '';
  const headers = () => ({ 'x-access-token': token });

  beforeAll(async () => {
    await admin(`create database ${name} template zj_test_template`);
    const databaseUrl = withDatabase(url!, name);
    const config: ServerConfig = {
      ...loadConfig({}),
      apiBase: '/api',
      databaseUrl,
      captcha: { kind: 'off' },
      adminPassword: TEST_ADMIN_PASSWORD,
      webDir: '/nonexistent',
    };
    databases = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
    apps = await Promise.all(databases.map((database) => buildApp({ config, database, logger: false })));
    await Promise.all(apps.map((app) => app.ready()));
    const login = await apps[0].inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: '' },
    });
    token = (login.json() as { result: { token: string } }).result.token;
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await settle(300);
    await admin(`drop database if exists ${name} with (force)`);
  });

  const served = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/online/cgform/api/declaration/visitLog', headers: headers() });

  it('a save on one instance reaches the other within seconds: its declaration and its routes', async () => {
    expect((await served(apps[1])).json()).toMatchObject({ success: false });
    const saved = await apps[0].inject({
      method: 'POST',
      url: '/api/online/cgform/head/add',
      headers: headers(),
      payload: { declaration: JSON.stringify(visitLog([VISITOR])), comment: '首版' },
    });
    expect(saved.json()).toMatchObject({ success: true });
    const id = (saved.json() as { result: { id: string } }).result.id;
    const seen = await within(async () => (await served(apps[1])).json<{ success: boolean }>().success);
    expect(seen).toBeLessThan(2_000);
    // The admin role gets the entity's codes with its menu (deny by default until then).
    const rows = await databases[0].db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/online')
      .execute();
    const menu = await apps[0].inject({
      method: 'POST',
      url: '/api/online/cgform/head/addMenu',
      headers: headers(),
      payload: { id, parentId: rows[0].id },
    });
    expect(menu.json()).toMatchObject({ success: true });
    const added = await apps[1].inject({
      method: 'POST',
      url: '/api/online/data/visitLog/add',
      headers: headers(),
      payload: { visitor: '周芷若' },
    });
    expect(added.json()).toMatchObject({ success: true, message: '添加成功！' });

    const etag = (await served(apps[1])).headers.etag;
    const edited = await apps[0].inject({
      method: 'PUT',
      url: '/api/online/cgform/head/edit',
      headers: headers(),
      payload: {
        id,
        rowVersion: 0,
        declaration: JSON.stringify(visitLog([VISITOR, VISITS])),
        comment: '加字段',
      },
    });
    expect(edited.json()).toMatchObject({ success: true });
    await within(async () => (await served(apps[1])).headers.etag !== etag);
    const list = await apps[1].inject({
      method: 'GET',
      url: '/api/online/data/visitLog/list',
      headers: headers(),
    });
    const records = (list.json() as { result: { records: Record<string, unknown>[] } }).result.records;
    expect(records).toEqual([expect.objectContaining({ visitor: '周芷若', visits: null })]);
  });
});
