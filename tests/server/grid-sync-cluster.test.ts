import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { parseEvent } from '../../server/bus/types.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { parseDelivery } from '../../server/grid-sync/delivery.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';
import { settle, userId } from './notice-support.js';
import { gridUrl, letStaffReadCustomers, openGrid, updates } from './grid-sync-support.js';

describe('grid sync on the bus', () => {
  it('a grid event survives the wire; a malformed one is dropped, values never pass', () => {
    const update = { table: 'customer', action: 'edit', ids: ['r1'], fields: ['name'], origin: null };
    const event = parseEvent(
      JSON.stringify({ to: 'grid', payload: { kind: 'table', tenantId: null, update } }),
    );
    if (event?.to !== 'grid') throw new Error('not a grid event');
    expect(parseDelivery(event.payload)).toEqual({ kind: 'table', tenantId: null, update });
    expect(
      parseDelivery({ kind: 'table', tenantId: null, update: { ...update, values: { name: '伪造' } } }),
    ).toEqual({ kind: 'table', tenantId: null, update });
    // An older instance's relay of a browser's frame (with its page as origin) is not delivered.
    expect(parseDelivery({ kind: 'table', tenantId: null, update: { ...update, origin: 'p1' } })).toBeNull();
    expect(parseDelivery({ kind: 'table', tenantId: 'x', update })).toBeNull();
    expect(parseDelivery({ kind: 'table', tenantId: 1, update: { ...update, ids: ['a b'] } })).toBeNull();
    expect(parseDelivery({ kind: 'page', userId: 'u', pageId: 'p', exceptConn: 'c', key: '' })).toBeNull();
    expect(parseEvent('{"to":"grid","payload":[]}')).toBeNull();
  });
});

const url = process.env.TEST_DATABASE_URL;
if (!url)
  throw new Error('grid-sync-cluster.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

/** Two server instances on one PostgreSQL: a change seen by A reaches a grid socket held by B. */
describe('two instances on one PostgreSQL', () => {
  const name = `zj_test_grid_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
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
    await settle(300);
    await admin(`drop database if exists ${name} with (force)`);
  });

  async function login(app: FastifyInstance, username: string, password: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username, password, captcha: '', checkKey: '' },
    });
    return { 'x-access-token': (res.json() as { result: { token: string } }).result.token, 'tenant-id': '1' };
  }

  it("an API edit on A reaches a grid on B, once; a grid's frame sent to A reaches nobody", async () => {
    const [a] = apps;
    for (const database of databases) await letStaffReadCustomers(database.db);
    const adminHeaders = await login(a, 'admin', TEST_ADMIN_PASSWORD);
    const staff = await login(a, 'chenjing', DEMO_PASSWORD);
    const manager = await login(a, 'zhangwei', DEMO_PASSWORD);
    const onB = await openGrid(
      gridUrl(bases[1], userId('chenjing'), 'cj-b', 'customer'),
      staff['x-access-token'],
    );
    const sender = await openGrid(
      gridUrl(bases[0], userId('zhangwei'), 'zw-a', 'customer'),
      manager['x-access-token'],
    );

    await a.inject({
      method: 'POST',
      url: '/api/sys/customer/add',
      headers: adminHeaders,
      payload: { name: '跨实例客户', code: 'CLUSTER1' },
    });
    const list = await a.inject({
      method: 'GET',
      url: '/api/sys/customer/list?code=CLUSTER1',
      headers: adminHeaders,
    });
    const id = (list.json() as { result: { records: { id: string }[] } }).result.records[0].id;
    await a.inject({
      method: 'PUT',
      url: '/api/sys/customer/edit',
      headers: adminHeaders,
      payload: { id, remark: '跨' },
    });
    const edited = await onB.next((m) => m.data.action === 'edit' && m.data.origin === null);
    expect(edited.data).toMatchObject({ table: 'customer', ids: [id] });

    sender.send({ type: 'update-table', data: { id, values: { name: '对端值' } } });
    sender.send({ type: 'heartbeat' });
    await sender.next((m) => m.type === 'heartbeat');

    await settle();
    expect(updates(onB).filter((m) => m.data.action === 'edit')).toHaveLength(1);
    expect(JSON.stringify([...onB.messages, ...sender.messages])).not.toContain('对端值');
    onB.close();
    sender.close();
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
