/**
 * The database part of 系统信息: kind and version, size, connections, cache hit ratio, the largest
 * tables, and the slowest statements when pg_stat_statements is installed (else a sentence saying
 * why there are none). The same statements run on PGlite and PostgreSQL (one SQL dialect).
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { DatabaseInfo, SlowStatement } from '../../runtime/model/contract/monitor.js';

export type { DatabaseInfo, SlowStatement };

/** Tables up to this size get an exact count(*) (a few milliseconds); bigger ones the estimate. */
const EXACT_COUNT_BYTES = 16 * 1024 * 1024;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The pool figures of the app's PostgreSQL pool (also /metrics). */
export function poolFigures(handle: DatabaseHandle): DatabaseInfo['pool'] {
  const pool = handle.pool;
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

async function slowStatements(
  db: Kysely<Database>,
  kind: DatabaseHandle['kind'],
): Promise<Pick<DatabaseInfo, 'slowStatements' | 'slowStatementsNote'>> {
  const installed = await sql<{ n: number }>`select count(*)::int as n from pg_extension
    where extname = 'pg_stat_statements'`.execute(db);
  if (num(installed.rows[0]?.n) === 0) {
    const note =
      kind === 'pglite'
        ? '嵌入式数据库（PGlite）不提供 pg_stat_statements 扩展，无法列出慢语句'
        : '未安装 pg_stat_statements 扩展（需在 shared_preload_libraries 中加载并执行 CREATE EXTENSION pg_stat_statements），无法列出慢语句';
    return { slowStatements: null, slowStatementsNote: note };
  }
  try {
    const { rows } = await sql<{
      query: string;
      calls: number;
      meanMs: number;
      totalMs: number;
      rows: number;
    }>`
      select left(query, 500) as query, calls::float8 as calls, mean_exec_time as mean_ms,
        total_exec_time as total_ms, rows::float8 as rows
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by mean_exec_time desc limit 10`.execute(db);
    return {
      slowStatements: rows.map((r) => ({
        query: r.query,
        calls: num(r.calls),
        meanMs: Math.round(num(r.meanMs) * 100) / 100,
        totalMs: Math.round(num(r.totalMs) * 100) / 100,
        rows: num(r.rows),
      })),
      slowStatementsNote: '',
    };
  } catch (error) {
    return {
      slowStatements: null,
      slowStatementsNote: `pg_stat_statements 已安装但无法读取：${(error as Error).message}`,
    };
  }
}

export async function databaseInfo(handle: DatabaseHandle): Promise<DatabaseInfo> {
  // One connection, statements in turn: a page polled every few seconds must not take the pool.
  return handle.db.connection().execute(async (db) => {
    const version = await sql<{ v: string; short: string }>`select version() as v,
      current_setting('server_version') as short`.execute(db);
    const [size, activity, max, stat, tables] = [
      await sql<{ name: string; bytes: number }>`select current_database() as name,
      pg_database_size(current_database())::float8 as bytes`.execute(db),
      await sql<{ state: string | null; n: number }>`select state, count(*)::int as n from pg_stat_activity
      where datname = current_database() group by state`.execute(db),
      await sql<{ setting: string }>`select setting from pg_settings where name = 'max_connections'`.execute(
        db,
      ),
      await sql<{ hit: number; read: number; commits: number; rollbacks: number; deadlocks: number }>`
      select blks_hit::float8 as hit, blks_read::float8 as read, xact_commit::float8 as commits,
        xact_rollback::float8 as rollbacks, deadlocks::float8 as deadlocks
      from pg_stat_database where datname = current_database()`.execute(db),
      await sql<{ name: string; rows: number; bytes: number }>`
      select c.relname as name, greatest(c.reltuples, 0)::float8 as rows,
        pg_total_relation_size(c.oid)::float8 as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema()
      order by pg_total_relation_size(c.oid) desc limit 10`.execute(db),
    ];
    // Small tables are counted exactly: their planner estimate is often 0 before an ANALYZE.
    const counted = await Promise.all(
      tables.rows.map(async (t) => {
        if (num(t.bytes) > EXACT_COUNT_BYTES) return { ...t, estimated: true };
        const exact = await sql<{
          n: number;
        }>`select count(*)::float8 as n from ${sql.table(t.name)}`.execute(db);
        return { ...t, rows: num(exact.rows[0]?.n), estimated: false };
      }),
    );
    const states = activity.rows;
    const total = states.reduce((sum, r) => sum + num(r.n), 0);
    const s = stat.rows[0];
    const hit = num(s?.hit);
    const read = num(s?.read);
    return {
      kind: handle.kind,
      version: version.rows[0]?.v ?? '',
      serverVersion: version.rows[0]?.short ?? '',
      name: size.rows[0]?.name ?? '',
      sizeBytes: num(size.rows[0]?.bytes),
      connections: {
        active: num(states.find((r) => r.state === 'active')?.n),
        idle: num(states.find((r) => r.state === 'idle')?.n),
        total,
        max: num(max.rows[0]?.setting),
      },
      pool: poolFigures(handle),
      cacheHitRatio: hit + read > 0 ? Math.round((hit / (hit + read)) * 10000) / 100 : null,
      commits: num(s?.commits),
      rollbacks: num(s?.rollbacks),
      deadlocks: num(s?.deadlocks),
      tables: counted.map((t) => ({
        name: t.name,
        rows: num(t.rows),
        estimated: t.estimated,
        sizeBytes: num(t.bytes),
      })),
      ...(await slowStatements(db, handle.kind)),
    };
  });
}
