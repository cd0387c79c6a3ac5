/**
 * Cross-instance state (issue 21): two server instances on one PostgreSQL database; a change made
 * through instance A takes effect on instance B within 2 s, with no restart - a forced sign-out, a
 * sign-out, a frozen account, a permission taken from a role (B had it cached) and a dictionary
 * item's new text. (Notices: notice-cluster.test.ts; declarations: online-form-cluster.test.ts.)
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { roleId, userId } from '../../server/db/seed/organisation.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD } from './helpers.js';
import { withAdminClient, withDatabase } from './template-db.js';
import { settle } from './notice-support.js';

const url = process.env.TEST_DATABASE_URL;
if (!url)
  throw new Error('state-cluster.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

const name = `zj_test_state_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let databases: DatabaseHandle[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let adminToken = '';

interface Answer<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  result?: T;
}

async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  payload?: Record<string, unknown>,
): Promise<Answer<T>> {
  const res = await app.inject({ method, url: `/api${path}`, headers: { 'x-access-token': token }, payload });
  return res.json() as Answer<T>;
}

async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const password = username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password, captcha: '', checkKey: '' },
  });
  const body = res.json() as Answer<{ token: string }>;
  if (!body.success) throw new Error(`sign-in of ${username} failed: ${body.message}`);
  return body.result!.token;
}

/** Polls `probe` every 50 ms until it holds; answers the milliseconds it took (fails after 5 s). */
async function within(probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 5_000) {
    if (await probe()) return Date.now() - start;
    await settle(50);
  }
  throw new Error('not seen within 5 s');
}

/** A call any signed-in person may make: it answers while the session holds. */
const works = async (app: FastifyInstance, token: string) =>
  (await call(app, 'GET', '/sys/permission/getUserPermissionByToken', token)).success;

beforeAll(async () => {
  await admin(`create database ${name} template zj_test_template`);
  const databaseUrl = withDatabase(url, name);
  const config: ServerConfig = {
    ...loadConfig({}),
    apiBase: '/api',
    databaseUrl,
    captcha: { kind: 'off' },
    adminPassword: TEST_ADMIN_PASSWORD,
    webDir: '/nonexistent',
  };
  databases = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
  [a, b] = await Promise.all(databases.map((database) => buildApp({ config, database, logger: false })));
  await Promise.all([a.ready(), b.ready()]);
  adminToken = await signIn(a, 'admin');
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all(databases.map((d) => d.close()));
  await admin(`drop database if exists ${name} with (force)`);
});

describe('a change on one instance holds on the other within 2 s', () => {
  it('a forced sign-out', async () => {
    const token = await signIn(b, 'chenjing');
    expect(await works(b, token)).toBe(true);
    const online = await call<{ records: { id: string; username: string }[] }>(
      a,
      'GET',
      '/sys/online/list?pageSize=100',
      adminToken,
    );
    const sessions = online.result!.records.filter((r) => r.username === 'chenjing');
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions)
      expect((await call(a, 'POST', '/sys/online/forceLogout', adminToken, { id: s.id })).success).toBe(true);
    expect(await within(async () => !(await works(b, token)))).toBeLessThan(2_000);
    expect(await call(b, 'GET', '/sys/permission/getUserPermissionByToken', token)).toMatchObject({
      success: false,
    });
  });

  it('a sign-out', async () => {
    const token = await signIn(a, 'zhaolei');
    expect(await works(b, token)).toBe(true);
    await a.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': token } });
    expect(await within(async () => !(await works(b, token)))).toBeLessThan(2_000);
  });

  it('a frozen account', async () => {
    const token = await signIn(b, 'hugang');
    expect(await works(b, token)).toBe(true);
    const frozen = await call(a, 'PUT', '/sys/user/frozenBatch', adminToken, {
      ids: userId('hugang'),
      status: 2,
    });
    expect(frozen.success).toBe(true);
    expect(await within(async () => !(await works(b, token)))).toBeLessThan(2_000);
  });

  it('a permission taken from a role that instance B had cached', async () => {
    const permissionId = await permissionIdOf('depart:list');
    const staff = roleId('staff');
    const held = await call<string[]>(
      a,
      'GET',
      `/sys/permission/queryRolePermission?roleId=${staff}`,
      adminToken,
    );
    const before = held.result!;
    const save = (ids: string[]) =>
      call(a, 'POST', '/sys/permission/saveRolePermission', adminToken, {
        roleId: staff,
        permissionIds: ids.join(','),
      });
    expect((await save([...before, permissionId])).success).toBe(true);
    const token = await signIn(b, 'chenjing');
    const departs = () => call(b, 'GET', '/sys/sysDepart/rootList', token);
    expect((await departs()).success).toBe(true);
    expect((await save(before.filter((id) => id !== permissionId))).success).toBe(true);
    expect(await within(async () => (await departs()).code === 510)).toBeLessThan(2_000);
  });

  it("a dictionary item's new text", async () => {
    const [item] = await sql<{ id: string; item_text: string }>(
      `select i.id, i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
        where d.dict_code = 'urgent_level' and i.item_value = '3'`,
    );
    const items = async () =>
      (
        await call<{ value: string; text: string }[]>(
          b,
          'GET',
          '/sys/dict/getDictItems/urgent_level',
          adminToken,
        )
      ).result!;
    expect((await items()).find((i) => i.value === '3')?.text).toBe(item!.item_text);
    const record = await call<Record<string, unknown>>(
      a,
      'GET',
      `/sys/dictItem/queryById?id=${item!.id}`,
      adminToken,
    );
    const edited = await call(a, 'PUT', '/sys/dictItem/edit', adminToken, {
      ...record.result,
      itemText: '特急',
    });
    expect(edited.success, edited.message).toBe(true);
    expect(
      await within(async () => (await items()).find((i) => i.value === '3')?.text === '特急'),
    ).toBeLessThan(2_000);
  });
});

async function permissionIdOf(perms: string): Promise<string> {
  const [row] = await sql<{ id: string }>('select id from sys_permission where perms = $1', [perms]);
  return row!.id;
}

async function sql<R>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: withDatabase(url!, name) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}

async function admin(statement: string): Promise<void> {
  await withAdminClient(url!, (client) => client.query(statement));
}
