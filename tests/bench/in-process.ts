/**
 * A server in the bench's own process on a given data directory or PostgreSQL, with a capture of
 * the statements it runs, so a figure can replay a route's exact SQL directly on the same database
 * and print the route as a ratio to it. Shared by the entity and administration benches.
 */
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import { buildApp } from '../../server/app.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

export interface Target {
  label: string;
  databaseUrl?: string;
}

export interface Running {
  url: string;
  database: DatabaseHandle;
  config: ServerConfig;
  /** Statements the server ran, with parameters, while capturing. */
  captured: { sql: string; parameters: readonly unknown[] }[];
  capturing: boolean;
  /**
   * Each answered request's own time in the server (Fastify's elapsedTime at onResponse: from the
   * request's arrival to the answer written, as the monitor's request log measures it), in order.
   */
  served: number[];
  /** A GET answered by the server's router in this process, without a socket (Fastify's inject). */
  inject(url: string, headers: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export async function startInProcess(target: Target, dataDir: string): Promise<Running> {
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: target.databaseUrl ?? '',
    captcha: { kind: 'off' },
    logLevel: 'warn',
    loginMaxFailures: 1_000_000,
  };
  const running = { captured: [], capturing: false, served: [] } as unknown as Running;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(dataDir, 'pgdata'),
    onQuery: (text, parameters) => {
      if (running.capturing) running.captured.push({ sql: text, parameters });
    },
  });
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, config.adminPassword);
  const app = await buildApp({ config, database, logger: false });
  app.addHook('onResponse', (_request, reply, done) => {
    running.served.push(reply.elapsedTime);
    done();
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(running, {
    url: address.replace('0.0.0.0', '127.0.0.1'),
    database,
    config,
    async inject(url: string, headers: Record<string, string>) {
      return (await app.inject({ method: 'GET', url, headers })).body;
    },
    async close() {
      await app.close();
      await database.close();
    },
  });
}

export async function signInAt(
  url: string,
  password: string,
  username = 'admin',
): Promise<{ token: string; tenantId: number }> {
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha: '', checkKey: '' }),
  });
  const body = (await res.json()) as {
    code: number;
    result: { token: string; tenantList?: { id: number }[] };
  };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { token: body.result.token, tenantId: body.result.tenantList?.[0]?.id ?? 0 };
}

/**
 * A GET route next to its own statements on `table` replayed directly, in order: the route is
 * called once while the server's statements are captured, then both are timed in turn for `rounds`
 * rounds.
 */
export async function routeVersusSql(
  r: Running,
  call: () => Promise<unknown>,
  table: string,
  rounds: number,
  label: { figure: string; p95: string },
  /** Other tables whose statements count as the route's own (a list's dictionary texts). */
  alsoTables: readonly string[] = [],
): Promise<BenchRow[]> {
  await call();
  r.captured = [];
  r.capturing = true;
  await call();
  r.capturing = false;
  const names = [table, ...alsoTables];
  const statements = r.captured.filter(
    (q) =>
      !q.sql.includes('"sys_session"') &&
      names.some((name) => q.sql.includes(`"${name}"`) || q.sql.includes(` ${name} `)),
  );
  if (statements.length === 0) throw new Error(`no statement on ${table} captured`);
  // One after the other, as the route runs them: on PostgreSQL's pool, running them side by side
  // would compare the route with a parallelism it does not use.
  const direct = async () => {
    for (const q of statements) await r.database.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
  };
  await direct();
  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await call();
    api.push(performance.now() - t);
    t = performance.now();
    await direct();
    raw.push(performance.now() - t);
  }
  return [
    {
      figure: label.figure,
      value: fmtMs(median(api)),
      baseline: `same ${statements.length} statements directly ${fmtMs(median(raw))}`,
      ratio: ratio(median(api), median(raw)),
    },
    {
      figure: label.p95,
      value: fmtMs(percentile(api, 95)),
      baseline: `directly, p95 ${fmtMs(percentile(raw, 95))}`,
      ratio: ratio(percentile(api, 95), percentile(raw, 95)),
    },
  ];
}

/** A scratch database on the PostgreSQL server, so a bench never touches another one's data. */
export async function scratchPostgres(name: string): Promise<string | undefined> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
