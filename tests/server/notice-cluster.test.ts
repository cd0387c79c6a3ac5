import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { payloadsOf } from '../../server/bus/postgres.js';
import { parseEvent } from '../../server/bus/types.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import type { FastifyInstance } from 'fastify';
import { openSocket, settle, userId } from './notice-support.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';

describe('bus messages', () => {
  it('a long user list is split into NOTIFY payloads under the 8000-byte limit, each a valid event', () => {
    const userIds = Array.from({ length: 2000 }, (_, i) => `${i}`.padStart(32, '0'));
    const payloads = payloadsOf({
      to: 'users',
      userIds,
      message: { cmd: 'user', msgId: 'a', msgTxt: '标题' },
    });
    expect(payloads.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const p of payloads) {
      expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const event = parseEvent(p);
      if (event?.to !== 'users') throw new Error('not a users event');
      seen.push(...event.userIds);
    }
    expect(seen).toEqual(userIds);
  });

  it('garbage on the channel is ignored', () => {
    for (const text of [
      '',
      'x',
      '{}',
      '{"to":"users","userIds":[1],"message":{"cmd":"user","msgId":"a","msgTxt":"b"}}',
    ]) {
      expect(parseEvent(text)).toBeNull();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

/** Two server instances on one PostgreSQL database: a release on one reaches a socket on the other. */
if (!url)
  throw new Error('notice-cluster.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

describe('two instances on one PostgreSQL', () => {
  const name = `zj_test_notice_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = (sql: string) => withClient(url!, 'postgres', (c) => c.query(sql));
  let databases: DatabaseHandle[] = [];
  let apps: FastifyInstance[] = [];
  let bases: string[] = [];

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
    bases = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    // pg's pool.end() resolves before its connections finish closing; let them go before the drop.
    await settle(300);
    await admin(`drop database if exists ${name} with (force)`);
  });

  async function login(
    app: FastifyInstance,
    username: string,
    password: string,
  ): Promise<Record<string, string>> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username, password, captcha: '', checkKey: '' },
    });
    return { 'x-access-token': (res.json() as { result: { token: string } }).result.token, 'tenant-id': '1' };
  }

  it('a release and a reminder made on instance A reach a socket held by instance B, once', async () => {
    const [a, b] = apps;
    const adminHeaders = await login(a, 'admin', TEST_ADMIN_PASSWORD);
    const zhaoleiHeaders = await login(a, 'zhaolei', DEMO_PASSWORD);
    const managerHeaders = await login(a, 'zhangwei', DEMO_PASSWORD);
    const onB = await openSocket(bases[1], userId('zhaolei'), zhaoleiHeaders['x-access-token']);
    const onA = await openSocket(bases[0], userId('zhaolei'), zhaoleiHeaders['x-access-token']);

    await a.inject({
      method: 'POST',
      url: '/api/sys/annountCement/add',
      headers: adminHeaders,
      payload: { titile: '跨实例', msgCategory: '4', msgType: 'ALL' },
    });
    const list = await a.inject({
      method: 'GET',
      url: '/api/sys/annountCement/list?titile=跨实例',
      headers: adminHeaders,
    });
    const id = (list.json() as { result: { records: { id: string }[] } }).result.records[0].id;
    await a.inject({
      method: 'GET',
      url: `/api/sys/annountCement/doReleaseData?id=${id}`,
      headers: adminHeaders,
    });
    expect(await onB.next((m) => m.msgId === id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '跨实例' });
    expect(await onA.next((m) => m.msgId === id)).toMatchObject({ cmd: 'topic' });

    const urged = await a.inject({
      method: 'POST',
      url: '/api/sys/notice/urge',
      headers: managerHeaders,
      payload: { userIds: userId('zhaolei'), title: '跨实例催办', appType: 'project', appId: 'p1' },
    });
    expect(urged.json()).toMatchObject({ success: true });
    const pushed = await onB.next((m) => m.msgTxt === '跨实例催办');
    expect(pushed.cmd).toBe('user');
    // Instance B reads what instance A wrote.
    const view = await b.inject({
      method: 'GET',
      url: `/api/sys/notice/viewById?id=${pushed.msgId}`,
      headers: zhaoleiHeaders,
    });
    expect(view.json()).toMatchObject({ success: true, result: { appType: 'project', appId: 'p1' } });

    await settle();
    expect(onB.messages.filter((m) => m.msgId === id)).toHaveLength(1);
    expect(onA.messages.filter((m) => m.msgId === id)).toHaveLength(1);
    onA.close();
    onB.close();
  });
});

async function withClient<T>(base: string, database: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(base, database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function withDatabase(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}
