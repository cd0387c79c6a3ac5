/**
 * GET /metrics for Prometheus (prom-client), served only when METRICS_TOKEN is set and answered
 * only to `Authorization: Bearer <token>`. The request figures come from HttpStats (counted in the
 * request hook without prom-client's per-call label hashing) and are turned into prom-client's
 * counter and histogram when scraped; the rest is read at scrape time: sockets, job runs, the
 * database's connections and pool, and prom-client's default Node metrics.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.js';
import { fail } from '../result.js';
import { poolFigures } from './database.js';
import { DURATION_BUCKETS, type HttpStats } from './http-stats.js';

type Labels = Record<string, string | number>;
interface Value {
  labels: Labels;
  value: number;
  metricName: string;
}

const DURATION_HELP = 'HTTP request durations by route pattern, method and status';

/** A histogram whose values are HttpStats' buckets, read at scrape time. */
class RequestDurations extends Histogram<string> {
  constructor(
    registry: Registry,
    private readonly stats: HttpStats,
  ) {
    super({
      name: 'http_request_duration_seconds',
      help: DURATION_HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: [...DURATION_BUCKETS],
      registers: [registry],
    });
  }

  private snapshot() {
    const values: Value[] = [];
    const name = 'http_request_duration_seconds';
    for (const route of this.stats.routes.values()) {
      for (const s of route.byStatus) {
        const labels = { method: route.method, route: route.route || 'not_found', status_code: s.status };
        let acc = 0;
        DURATION_BUCKETS.forEach((le, i) => {
          acc += s.buckets[i];
          values.push({ labels: { ...labels, le }, value: acc, metricName: `${name}_bucket` });
        });
        values.push({ labels: { ...labels, le: '+Inf' }, value: s.count, metricName: `${name}_bucket` });
        values.push({ labels, value: s.sum, metricName: `${name}_sum` });
        values.push({ labels, value: s.count, metricName: `${name}_count` });
      }
    }
    return { name, help: DURATION_HELP, type: 'histogram' as const, values, aggregator: 'sum' as const };
  }

  // The registry reads getForPromString when there is one, else get().
  async getForPromString() {
    return this.snapshot();
  }

  override async get() {
    return this.snapshot() as unknown as Awaited<ReturnType<Histogram<string>['get']>>;
  }
}

export interface MetricsSources {
  app: FastifyInstance;
  stats: HttpStats;
  database: DatabaseHandle;
}

export function createMetricsRegistry({ app, stats, database }: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new RequestDurations(registry, stats);
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
    collect() {
      this.reset();
      for (const route of stats.routes.values())
        for (const s of route.byStatus)
          this.inc(
            { method: route.method, route: route.route || 'not_found', status_code: s.status },
            s.count,
          );
    },
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being answered',
    registers: [registry],
    collect() {
      this.set(stats.inFlight);
    },
  });
  new Gauge({
    name: 'zj_http_connections',
    help: 'Open HTTP connections of this server',
    registers: [registry],
    async collect() {
      const n = await new Promise<number>((resolve) =>
        app.server.getConnections((_e, count) => resolve(count ?? 0)),
      );
      this.set(n);
    },
  });
  new Gauge({
    name: 'zj_websocket_connections',
    help: 'Open WebSockets (notice bell and live table sync) of this server',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: 'zj_job_runs_last_24h',
    help: 'Scheduled job runs started in the last 24 hours, by job and status (all servers)',
    labelNames: ['job', 'status'],
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ job: string | null; status: string; n: number }>`
        select job_name as job, status, count(*)::int as n from sys_quartz_job_log
        where start_time > now() - interval '24 hours' group by job_name, status`.execute(database.db);
      this.reset();
      for (const r of rows) this.set({ job: r.job ?? '', status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'zj_db_pool_connections',
    help: "The app's database pool: total, idle and waiting (the embedded database is one connection)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolFigures(database) ?? { total: 1, idle: 0, waiting: 0, max: 1 };
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });
  new Gauge({
    name: 'zj_db_connections',
    help: 'Connections to the database by state (pg_stat_activity)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        state: string | null;
        n: number;
      }>`select coalesce(state, 'unknown') as state,
        count(*)::int as n from pg_stat_activity where datname = current_database() group by 1`.execute(
        database.db,
      );
      this.reset();
      for (const r of rows) this.set({ state: r.state ?? 'unknown' }, Number(r.n));
    },
  });
  new Gauge({
    name: 'zj_db_size_bytes',
    help: 'Size of the database',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        n: number;
      }>`select pg_database_size(current_database())::float8 as n`.execute(database.db);
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
  return registry;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token check, in constant time whatever the length of what was sent. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** GET /metrics (at the root, where Prometheus looks), only when a token is configured. */
export function registerMetricsRoute(app: FastifyInstance, sources: MetricsSources, token: string): void {
  let registry: Registry | null = null;
  app.get(
    '/metrics',
    // 'public' at the session level: a scraper has no session; the bearer token is checked here.
    { config: { access: 'public', monitorQuiet: true } },
    async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send(fail('未授权：需要 METRICS_TOKEN', 401));
      registry ??= createMetricsRegistry(sources);
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
