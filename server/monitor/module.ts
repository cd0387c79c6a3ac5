/**
 * 系统监控 (docs/modules/monitor.md). installMonitor() goes at the root of the app before any route
 * (its hooks must see every request): it counts requests into HttpStats, samples the runtime and
 * the request rate every few seconds for the charts, registers the admin routes under the API
 * prefix and, with METRICS_TOKEN set, GET /metrics.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { HttpStats } from './http-stats.js';
import { registerMetricsRoute } from './metrics.js';
import { RedisMonitor } from './redis.js';
import { registerMonitorRoutes } from './routes.js';
import { runtimeWatch, SAMPLE_MS, SAMPLE_POINTS } from './runtime.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Left out of the request trace (the monitor's own polling, Prometheus scrapes). */
    monitorQuiet?: boolean;
  }
  interface FastifyRequest {
    /** Counted as in flight (set in onRequest, cleared when the request ends or is aborted). */
    monitorInFlight: boolean;
  }
}

export interface HttpPoint {
  time: number;
  /** Requests per second over the window. */
  rate: number;
  /** 4xx and 5xx answers per second. */
  clientErrors: number;
  serverErrors: number;
  inFlight: number;
}

export interface MonitorState {
  stats: HttpStats;
  series: HttpPoint[];
  redis: RedisMonitor;
}

function installRequestHooks(app: FastifyInstance, stats: HttpStats): void {
  app.decorateRequest('monitorInFlight', false);
  app.addHook('onRequest', (request, _reply, done) => {
    // A WebSocket handshake may never end as a response; sockets are counted as sockets instead.
    // (The header, not request.ws: the socket plugin sets that in a hook that runs after this one.)
    if (request.headers.upgrade === undefined) {
      stats.inFlight += 1;
      request.monitorInFlight = true;
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    if (request.monitorInFlight) {
      request.monitorInFlight = false;
      stats.inFlight -= 1;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.monitorInFlight) {
      request.monitorInFlight = false;
      stats.inFlight -= 1;
    }
    const options = request.routeOptions;
    const route = options.url ?? '';
    // Static files of the app ('/*') and the monitor's own calls would drown the requests of people.
    const traced = options.config?.monitorQuiet !== true && route !== '/*';
    stats.record(
      options.config ?? stats,
      request.method,
      route,
      reply.statusCode,
      reply.elapsedTime,
      request.url,
      request.auth?.username ?? '',
      traced,
    );
    done();
  });
}

/** Every SAMPLE_MS: the runtime's point (process-wide) and this app's request rate. */
function startSampler(state: MonitorState): () => void {
  let last = { total: state.stats.total, client: state.stats.clientErrors, server: state.stats.serverErrors };
  let lastTime = Date.now();
  const tick = () => {
    runtimeWatch().sample();
    const now = Date.now();
    const seconds = Math.max(0.001, (now - lastTime) / 1000);
    const { stats } = state;
    const per = (n: number) => Math.round((n / seconds) * 100) / 100;
    state.series.push({
      time: now,
      rate: per(stats.total - last.total),
      clientErrors: per(stats.clientErrors - last.client),
      serverErrors: per(stats.serverErrors - last.server),
      inFlight: stats.inFlight,
    });
    if (state.series.length > SAMPLE_POINTS) state.series.shift();
    last = { total: stats.total, client: stats.clientErrors, server: stats.serverErrors };
    lastTime = now;
  };
  // The first point a second after start (the loop has been measured by then), so the charts have
  // a line one period later; then one every SAMPLE_MS.
  let timer: NodeJS.Timeout = setTimeout(() => {
    tick();
    timer = setInterval(tick, SAMPLE_MS).unref();
  }, 1_000).unref();
  return () => clearTimeout(timer);
}

export function installMonitor(app: FastifyInstance, deps: AppDeps): MonitorState {
  runtimeWatch();
  const state: MonitorState = {
    stats: new HttpStats(),
    series: [],
    redis: new RedisMonitor(deps.config.redisUrl ?? ''),
  };
  installRequestHooks(app, state.stats);
  const stopSampler = startSampler(state);
  void app.register(async (api) => registerMonitorRoutes(api, deps, state), { prefix: deps.config.apiBase });
  if (deps.config.metricsToken)
    registerMetricsRoute(app, { app, stats: state.stats, database: deps.database }, deps.config.metricsToken);
  app.addHook('onClose', async () => {
    stopSampler();
    await state.redis.close();
  });
  return state;
}
