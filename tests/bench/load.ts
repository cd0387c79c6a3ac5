// `npm run bench -- load`: 200 users for 60 s (LOAD_USERS, LOAD_SECONDS) against one server on the
// embedded database (the baseline column) and two servers on PostgreSQL behind nginx (the value
// column): requests per second, p50/p95/p99 per request kind, errors, lost and duplicated writes.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from '../../scripts/cluster.js';
import { LoadRecorder, figuresByKind, type KindFigures } from '../load/recorder.js';
import { runLoad } from '../load/scenario.js';
import { checkWrites, contactsInDatabase, contactsThroughApi, type WriteCheck } from '../load/verify.js';
import { fmtMs, ratio, type BenchRow } from './stats.js';

const POSTGRES = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_ENV = { CAPTCHA: 'off', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Admin@123456' };

interface Outcome {
  /** Written into the run's contacts (their company): how verify finds them. */
  marker: string;
  seconds: number;
  recorder: LoadRecorder;
  check: WriteCheck;
}

export async function benchLoad(): Promise<BenchRow[]> {
  const users = Number(process.env.LOAD_USERS || 200);
  const seconds = Number(process.env.LOAD_SECONDS || 60);
  // 200 sign-ins (scrypt, ~110 ms of CPU each) arrive over 20 s: 10 per second.
  const rampSeconds = Number(process.env.LOAD_RAMP_SECONDS ?? users / 10);
  const pglite = await onEmbedded(users, seconds, rampSeconds);
  const postgres = await onPostgres(users, seconds, rampSeconds);
  return rowsOf(pglite, postgres, users);
}

async function onEmbedded(users: number, seconds: number, ramp: number): Promise<Outcome> {
  const dir = path.resolve(`.tmp/bench-load-pglite-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const cluster = await startCluster({
    servers: 1,
    proxy: false,
    databaseUrl: '',
    dir,
    env: SERVER_ENV,
    quiet: true,
  });
  try {
    const outcome = await measure('PGlite, 1 server', cluster, users, seconds, ramp);
    const admin = await adminHeaders(cluster.url);
    outcome.check = checkWrites(
      outcome.recorder.writes,
      await contactsThroughApi(cluster.url, admin, outcome.marker),
    );
    return outcome;
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(users: number, seconds: number, ramp: number): Promise<Outcome> {
  const name = `zj_bench_load_${process.pid}`;
  const databaseUrl = withDatabase(POSTGRES, name);
  await adminSql(`drop database if exists ${name} with (force)`);
  await adminSql(`create database ${name}`);
  const dir = path.resolve(`.tmp/bench-load-pg-${process.pid}`);
  let cluster: Cluster | null = null;
  try {
    cluster = await startCluster({ servers: 2, databaseUrl, dir, env: SERVER_ENV, quiet: true });
    const outcome = await measure('PostgreSQL, 2 servers, nginx', cluster, users, seconds, ramp);
    outcome.check = checkWrites(
      outcome.recorder.writes,
      await contactsInDatabase(databaseUrl, outcome.marker),
    );
    return outcome;
  } finally {
    await cluster?.stop();
    await adminSql(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(
  label: string,
  cluster: Cluster,
  users: number,
  seconds: number,
  ramp: number,
): Promise<Outcome> {
  const recorder = new LoadRecorder();
  const marker = `L${Date.now().toString(36)}`;
  const durationMs = seconds * 1000;
  await runLoad({
    baseUrl: cluster.url,
    users,
    durationMs,
    rampMs: ramp * 1000,
    thinkMs: 0,
    marker,
    recorder,
  });
  const outcome: Outcome = {
    marker,
    seconds,
    recorder,
    check: checkWrites([], []),
  };
  console.error(`load: ${label}: ${recorder.requests()} requests, ${recorder.failures.length} failed`);
  for (const failure of recorder.failures.slice(0, 5)) console.error(`  ${JSON.stringify(failure)}`);
  return outcome;
}

function rowsOf(baseline: Outcome, value: Outcome, users: number): BenchRow[] {
  const rps = (o: Outcome) => o.recorder.steadyRequests() / o.seconds;
  const rows: BenchRow[] = [
    {
      figure: `requests per second after the sign-in ramp (${users} users, no think time)`,
      value: rps(value).toFixed(0),
      baseline: rps(baseline).toFixed(0),
      ratio: ratio(rps(value), rps(baseline)),
    },
  ];
  const base = new Map(figuresByKind(baseline.recorder).map((f) => [f.kind, f]));
  for (const figures of figuresByKind(value.recorder)) {
    const other = base.get(figures.kind);
    rows.push({
      figure: `${figures.kind}: p50 / p95 / p99 (n=${figures.count} / ${other?.count ?? 0})`,
      value: spread(figures),
      baseline: other ? spread(other) : '-',
      ratio: other ? ratio(figures.p95, other.p95) : '-',
    });
  }
  const count = (o: Outcome, what: 'errors' | 'lost' | 'duplicated') =>
    what === 'errors'
      ? o.recorder.failures.length
      : what === 'lost'
        ? o.check.lost.length
        : o.check.duplicated.length + o.check.unexpected.length;
  for (const what of ['errors', 'lost', 'duplicated'] as const) {
    rows.push({
      figure: what,
      value: String(count(value, what)),
      baseline: String(count(baseline, what)),
      ratio: '-',
    });
  }
  rows.push({
    figure: 'acknowledged adds / edits checked',
    value: `${value.check.acknowledgedAdds} / ${value.check.acknowledgedEdits}`,
    baseline: `${baseline.check.acknowledgedAdds} / ${baseline.check.acknowledgedEdits}`,
    ratio: '-',
  });
  return rows;
}

const spread = (f: KindFigures) => `${fmtMs(f.p50)} / ${fmtMs(f.p95)} / ${fmtMs(f.p99)}`;

async function adminHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@123456', captcha: '', checkKey: '' }),
  });
  const body = (await res.json()) as { result: { token: string } };
  return { 'x-access-token': body.result.token, 'tenant-id': '1' };
}

async function adminSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(POSTGRES, 'postgres') });
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
