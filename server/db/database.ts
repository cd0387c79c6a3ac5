import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { createPgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (dumps for tests, LISTEN for the event bus). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; 'memory://' for a throwaway one. */
  pgliteDir?: string;
  /** A dumped embedded data directory to start from (tests clone one prepared database). */
  pgliteLoadFrom?: Blob;
  /** Sees every statement with its parameters (the bench replays a route's own SQL with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

// timestamptz comes back as a Date on both drivers; int8 (count) as a string from pg: make it a number.
pg.types.setTypeParser(20, (v: string) => Number(v));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle pooled connection the server ends (a restart, an administrator, a dropped database)
    // emits 'error' on the pool; unhandled, that would end the whole process. The pool replaces it
    // on the next query, so it is only reported.
    pool.on('error', (error) => {
      console.warn(`database connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = new PGlite(dir, options.pgliteLoadFrom ? { loadDataDir: options.pgliteLoadFrom } : {});
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: createPgliteDialect(pglite), plugins, log });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
