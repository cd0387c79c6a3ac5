import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../server/db/schema.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { reportLoginRole } from '../../server/report/report-login.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { ensureEntityTables } from '../../server/entity/ddl.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { linkModels } from '../../server/entity/graph.js';
import { syncDeclaredMenus } from '../../server/entity/menu-sync.js';

/** Admin password of every test database. */
export const TEST_ADMIN_PASSWORD = 'Admin@123456';
export const TEMPLATE_FILE = path.resolve('.tmp/test-db-template.tar.gz');
const PG_TEMPLATE = 'zj_test_template';

/**
 * One migrated and seeded database is prepared per run; each test file gets its own copy
 * (a loaded PGlite dump, or a PostgreSQL database created from a template).
 */
export async function prepareTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await withAdminClient(url, async (client) => {
      await client.query(`drop database if exists ${PG_TEMPLATE} with (force)`);
      await client.query(`create database ${PG_TEMPLATE}`);
    });
    const handle = await openDatabase({ databaseUrl: withDatabase(url, PG_TEMPLATE) });
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, TEST_ADMIN_PASSWORD);
    await withDeclaredTables(handle.db);
    await withoutDeclaredDemo(handle.db);
    await handle.close();
    return;
  }
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, TEST_ADMIN_PASSWORD);
  await withDeclaredTables(handle.db);
  await withoutDeclaredDemo(handle.db);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  // Written aside and renamed: another run reading the template never sees half a file.
  const partial = `${TEMPLATE_FILE}.${process.pid}-${Date.now()}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, TEMPLATE_FILE);
  await handle.close();
}

/**
 * The declared tables and menus, as a first server start makes them: each server a test starts then
 * finds them up to date instead of creating ~100 tables (seconds on the embedded database).
 */
export async function withDeclaredTables(db: Kysely<Database>): Promise<void> {
  const loaded = loadDeclarationFiles();
  linkModels(loaded.map((item) => item.model)); // as the server does: a child reads with its parent's code
  await ensureEntityTables(db, loaded);
  await syncDeclaredMenus(
    db,
    loaded.map((item) => item.model),
  );
}

/**
 * Tests start from the organisation, menus and notices but without the declared screens' demo
 * rows, so each test file knows exactly what its lists hold (declared-demo.test.ts covers them).
 */
export async function withoutDeclaredDemo(db: Kysely<Database>): Promise<void> {
  await sql`delete from sys_seed_pending`.execute(db);
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `zj_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await withAdminClient(url, (client) => client.query(`create database ${name} template ${PG_TEMPLATE}`));
    const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        await withAdminClient(url, async (client) => {
          await client.query(`drop database if exists ${name} with (force)`);
          // The report login a server made for this database (a role outlives its database).
          await client.query(`drop role if exists ${reportLoginRole(name)}`);
        });
      },
    };
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_FILE)]);
  return openDatabase({ pgliteDir: 'memory://', pgliteLoadFrom: blob });
}

/** Runs `fn` with a client of the server's `postgres` database (create / drop a scratch database). */
export async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The same server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
