/**
 * Scratch databases on the test PostgreSQL (TEST_DATABASE_URL) standing for an external data
 * source of the online reports, and the data source form that registers one.
 */
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** A client on the scratch database, for the test's own checks. */
  query<R extends pg.QueryResultRow>(sql: string, parameters?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

function onDatabase(url: string, database: string): pg.Client {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return new pg.Client({ connectionString: target.toString() });
}

/** A new database on the server of `url`, with `setup` run in it. */
export async function createScratchDatabase(
  url: string,
  prefix: string,
  setup: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = onDatabase(url, 'postgres');
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const query = async <R extends pg.QueryResultRow>(sql: string, parameters: unknown[] = []) => {
    const client = onDatabase(url, name);
    await client.connect();
    try {
      return (await client.query<R>(sql, parameters)).rows;
    } finally {
      await client.end();
    }
  };
  await query(setup);
  return {
    name,
    query,
    async drop() {
      const client = onDatabase(url, 'postgres');
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The 数据源管理 form for a database on the server of `url` (its user and password). */
export function sourceForm(url: string, code: string, database: string): Record<string, unknown> {
  const target = new URL(url);
  return {
    code,
    name: `报表库${code}`,
    host: target.hostname,
    port: Number(target.port || 5432),
    databaseName: database,
    username: decodeURIComponent(target.username || 'postgres'),
    ...(target.password ? { password: decodeURIComponent(target.password) } : {}),
  };
}
