import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect.js';
import { registerStandby } from './read-routing.js';
import { initdbInChild, needsInitdb } from './pglite-initdb.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (dumps for tests, LISTEN for the event bus). */
  pglite?: PGlite;
  /** The PostgreSQL pool, when there is one (reports read column types its answers carry). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; 'memory://' for a throwaway one. */
  pgliteDir?: string;
  /** A dumped embedded data directory to start from (tests clone one prepared database). */
  pgliteLoadFrom?: Blob;
  /** A streaming-replication standby for the declared lists' reads (DATABASE_READ_URL). */
  readDatabaseUrl?: string;
  /** Sees every statement with its parameters (the bench replays a route's own SQL with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

// timestamptz comes back as a Date on both drivers; int8 (count) as a string from pg: make it a number.
pg.types.setTypeParser(20, (v: string) => Number(v));

/**
 * The embedded server lives in this process's WebAssembly memory, which grows but never shrinks:
 * PostgreSQL's default 128 MB of shared buffers end up resident once a big table has been read or
 * written. 16 MB keeps an embedded server at rest near 170 MiB instead of 300 MiB; the pages it no
 * longer caches are still in the operating system's file cache.
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log });
    if (!options.readDatabaseUrl) return { db, kind: 'postgres', pool, close: () => db.destroy() };
    // The read standby (read-routing.ts): lists, exports and reports read from it, the rest the primary.
    const readPool = openPool(options.readDatabaseUrl);
    const readDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }), plugins, log });
    const stopProbe = registerStandby(db, readDb, readPool);
    return {
      db,
      kind: 'postgres',
      pool,
      close: async () => {
        stopProbe();
        await Promise.all([db.destroy(), readDb.destroy()]);
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    if (!options.pgliteLoadFrom && needsInitdb(dir)) await initdbInChild(dir, PGLITE_CONF);
  }
  const pglite = new PGlite(dir, {
    postgresqlconf: PGLITE_CONF,
    ...(options.pgliteLoadFrom ? { loadDataDir: options.pgliteLoadFrom } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: createPgliteDialect(pglite), plugins, log });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}

function openPool(connectionString: string): pg.Pool {
  // A request waits at most 10 s for a connection (a free one from the pool, or a new one while the
  // database restarts): then it answers 数据库暂时不可用 (server/http/db-errors.ts) instead of hanging.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle pooled connection the server ends (a restart, an administrator, a dropped database)
  // emits 'error' on the pool; unhandled, that would end the whole process. The pool replaces it
  // on the next query, so it is only reported.
  pool.on('error', (error) => {
    console.warn(`database connection lost: ${error.message}`);
  });
  // The pool listens for that only while a connection is idle. One a request holds (a query running,
  // or a transaction between two statements) emits 'error' with no listener when the database goes
  // away (a restart's fast shutdown: 57P01), and that too would end the process: every connection
  // keeps a listener of its own. Its query fails (数据库暂时不可用), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`database connection error: ${error.message}`));
  });
  return pool;
}
