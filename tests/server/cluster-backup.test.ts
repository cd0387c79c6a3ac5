import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { startServer, type StartedServer } from '../../server/start.js';
import { TEMPLATE_FILE, TEST_ADMIN_PASSWORD } from './template-db.js';

/**
 * The backup commands of docs/OPERATIONS.md, run for the database this suite runs on: the embedded
 * one (a copy of the stopped server's data directory) or PostgreSQL (pg_dump / pg_restore). A
 * contact added before the backup is there after the restore, and admin signs in on the copy.
 */
const url = process.env.TEST_DATABASE_URL;
const work = path.resolve(`.tmp/backup-test-${process.pid}`);
const databases: string[] = [];

afterAll(async () => {
  for (const name of databases) await adminSql(`drop database if exists ${name} with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it(`restores a backup of the ${url ? 'PostgreSQL' : 'embedded'} database into a new one and signs in`, async () => {
    fs.mkdirSync(work, { recursive: true });
    const contact = `备份${Date.now().toString(36)}`;
    const restored = url ? await throughPgDump(contact) : await throughDataDirectory(contact);
    try {
      const token = await signIn(restored.url);
      const res = await fetch(`${restored.url}/api/sys/mailList/list?name=${encodeURIComponent(contact)}`, {
        headers: { 'x-access-token': token, 'tenant-id': '1' },
      });
      const body = (await res.json()) as { result: { records: { name: string }[] } };
      expect(body.result.records.map((r) => r.name)).toEqual([contact]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});

/** Embedded: stop the server, archive its data directory, unpack the archive as a new one. */
async function throughDataDirectory(contact: string): Promise<StartedServer> {
  const original = path.join(work, 'data');
  // The seeded test database as the original server's data directory.
  const seeded = await openDatabase({
    pgliteDir: path.join(original, 'pgdata'),
    pgliteLoadFrom: new Blob([fs.readFileSync(TEMPLATE_FILE)]),
  });
  await seeded.close();
  const server = await startServer(config({ dataDir: original }), { logger: false });
  await addContact(server.url, contact);
  await server.close();

  const archive = path.join(work, 'backup.tar.gz');
  execFileSync('tar', ['-C', original, '-czf', archive, '.']);
  const copy = path.join(work, 'data-restored');
  fs.mkdirSync(copy);
  execFileSync('tar', ['-C', copy, '-xzf', archive]);
  fs.rmSync(original, { recursive: true });
  return startServer(config({ dataDir: copy }), { logger: false });
}

/** PostgreSQL: pg_dump of the live database (a consistent snapshot), pg_restore into a new one. */
async function throughPgDump(contact: string): Promise<StartedServer> {
  const [from, to] = [`zj_backup_${process.pid}_a`, `zj_backup_${process.pid}_b`];
  databases.push(from, to);
  await adminSql(`create database ${from} template zj_test_template`);
  const server = await startServer(config({ databaseUrl: withDatabase(url!, from) }), { logger: false });
  try {
    await addContact(server.url, contact);
    const dump = path.join(work, 'backup.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, withDatabase(url!, from)]);
    await adminSql(`create database ${to}`);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${withDatabase(url!, to)}`, dump]);
  } finally {
    await server.close();
  }
  return startServer(config({ databaseUrl: withDatabase(url!, to) }), { logger: false });
}

function config(overrides: Partial<ServerConfig>): ServerConfig {
  return {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: '',
    captcha: { kind: 'off' },
    adminPassword: TEST_ADMIN_PASSWORD,
    webDir: '/nonexistent',
    dataDir: work,
    ...overrides,
  };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: '' }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result: { token: string } };
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  return body.result.token;
}

async function addContact(base: string, name: string): Promise<void> {
  const res = await fetch(`${base}/api/sys/mailList/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': await signIn(base), 'tenant-id': '1' },
    body: JSON.stringify({ name }),
  });
  expect(await res.json()).toMatchObject({ success: true });
}

async function adminSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url!, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}
