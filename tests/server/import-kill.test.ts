/**
 * kill -9 during a 100,000-row import (issue 21, docs/OPERATIONS.md "Faults"): a real server process
 * (the `npm start` bundle, scripts/cluster.ts without nginx) on a scratch PostgreSQL database is
 * killed with SIGKILL while the import's one transaction is inserting. PostgreSQL rolls the dead
 * connection's transaction back: not one row of the file is stored. The restarted server answers and
 * imports the same codes (so nothing of them was left behind to clash with).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type ClusterServer } from '../../scripts/cluster.js';
import { multipart, workbook } from './entity-xlsx.js';
import { withAdminClient, withDatabase } from './template-db.js';
import { connect, signIn, until, type Sql } from './workflow-kill-support.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('import-kill.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

const ROWS = 100_000;
const name = `zj_import_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const databaseUrl = withDatabase(url, name);
const dir = path.resolve(`.tmp/import-kill-${process.pid}`);
let cluster: Cluster;
let server: ClusterServer;
let db: { sql: Sql; end: () => Promise<void> };
const at = (s: ClusterServer) => `http://127.0.0.1:${s.port}`;

beforeAll(async () => {
  await admin(`create database ${name} template zj_test_template`);
  cluster = await startCluster({
    servers: 1,
    databaseUrl,
    dir,
    proxy: false,
    quiet: true,
    env: { CAPTCHA: 'off', LOG_LEVEL: 'warn' },
  });
  server = cluster.servers[0];
  db = await connect(databaseUrl);
}, 90_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A customer sheet: 客户名称, 客户编码 `${prefix}1` ... */
async function sheet(prefix: string, rows: number): Promise<Buffer> {
  const lines: string[][] = [['客户名称', '客户编码']];
  for (let i = 1; i <= rows; i++) lines.push([`导入客户${i}`, `${prefix}${i}`]);
  return workbook(lines);
}

function importSheet(base: string, token: string, file: Buffer): Promise<Response> {
  const body = multipart([{ name: 'files[]', filename: 'customers.xlsx', value: file }]);
  return fetch(`${base}/api/sys/customer/importExcel`, {
    method: 'POST',
    headers: { ...body.headers, 'x-access-token': token },
    body: new Uint8Array(body.payload),
  });
}

const stored = async (prefix: string) =>
  (
    await db.sql<{ n: number }>('select count(*)::int as n from biz_customer where code like $1', [
      `${prefix}%`,
    ])
  )[0]!.n;

/** The server's connection is inside the import's transaction, inserting customers. */
const inserting = async () =>
  (
    await db.sql<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state in ('active', 'idle in transaction')
          and query ilike '%insert into "biz_customer"%'`,
    )
  )[0]!.n > 0;

describe('kill -9 during a big import', () => {
  it('stores nothing of a 100,000-row import killed while inserting; the restarted server imports the codes', async () => {
    const prefix = `KI${Date.now().toString(36).toUpperCase()}`;
    const file = await sheet(prefix, ROWS);
    const token = await signIn(at(server), 'admin');
    const answer = importSheet(at(server), token, file).then(
      (res) => `answered ${res.status}`,
      () => 'connection lost',
    );
    await until(inserting, 120_000, 'the import to insert rows');
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGKILL');
    await exited;
    expect(await answer).toBe('connection lost');

    // PostgreSQL notices the dead connection and rolls its transaction back.
    await until(async () => !(await inserting()), 30_000, 'the killed transaction to end');
    expect(await stored(prefix)).toBe(0);

    server = await cluster.startServer(server.port);
    const again = await signIn(at(server), 'admin');
    const res = await importSheet(at(server), again, await sheet(prefix, 20));
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body).toMatchObject({ success: true });
    expect(await stored(prefix)).toBe(20);
  }, 300_000);
});

async function admin(statement: string): Promise<void> {
  await withAdminClient(url!, (client) => client.query(statement));
}
