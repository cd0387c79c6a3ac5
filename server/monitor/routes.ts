/**
 * The admin routes of 系统监控 under {apiBase}/sys/monitor/. Each declares 'authenticated' for the
 * session check and is then held to holders of the admin role, like the other system pages'
 * admin-only calls (server/sys/user/guards.ts); anyone else gets the usual 510 没有权限.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import { AuthMessages } from '../http/authenticate.js';
import { fail, ok, ResultCode } from '../result.js';
import { holdsAdminRole } from '../sys/user/guards.js';
import { databaseInfo } from './database.js';
import { TRACE_SIZE } from './http-stats.js';
import type { MonitorState } from './module.js';
import { ALLOWED_COMMANDS } from './redis-terminal.js';
import { runtimeSnapshot } from './runtime.js';
import { diskInfo, systemInfo } from './system.js';

const BASE = '/sys/monitor';

export function registerMonitorRoutes(app: FastifyInstance, deps: AppDeps, state: MonitorState): void {
  const { db } = deps.database;
  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = request.auth?.userId;
    if (!userId || !(await holdsAdminRole(db, userId)))
      return reply.status(200).send(fail(AuthMessages.noPermission, ResultCode.NO_AUTH));
  };
  const options = { config: { access: 'authenticated' as const, monitorQuiet: true }, preHandler: adminOnly };

  app.get(`${BASE}/runtime`, options, async () => ok(runtimeSnapshot()));

  app.get(`${BASE}/http`, options, async () => {
    const { stats } = state;
    let sum = 0;
    let count = 0;
    const byStatus = new Map<number, number>();
    const routes = [...stats.routes.values()].map((route) => {
      let routeCount = 0;
      let routeSum = 0;
      let routeMax = 0;
      let errors = 0;
      for (const s of route.byStatus) {
        byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + s.count);
        routeCount += s.count;
        routeSum += s.sum;
        if (s.max > routeMax) routeMax = s.max;
        if (s.status >= 500) errors += s.count;
      }
      sum += routeSum;
      count += routeCount;
      return {
        method: route.method,
        route: route.route || '（未匹配路由）',
        count: routeCount,
        errors,
        avgMs: routeCount ? Math.round((routeSum / routeCount) * 10_000) / 10 : 0,
        maxMs: Math.round(routeMax * 10_000) / 10,
      };
    });
    const connections = await new Promise<number>((resolve) =>
      app.server.getConnections((_error, n) => resolve(n ?? 0)),
    );
    return ok({
      total: stats.total,
      inFlight: stats.inFlight,
      clientErrors: stats.clientErrors,
      serverErrors: stats.serverErrors,
      connections,
      websockets: app.websocketServer?.clients.size ?? 0,
      avgMs: count ? Math.round((sum / count) * 10_000) / 10 : 0,
      recent: stats.recentPercentiles(),
      byStatus: [...byStatus].sort((a, b) => a[0] - b[0]).map(([status, n]) => ({ status, count: n })),
      routes: routes.sort((a, b) => b.count - a.count).slice(0, 20),
      series: state.series,
    });
  });

  app.get(`${BASE}/trace`, options, async () =>
    ok({ size: TRACE_SIZE, records: state.stats.traceEntries() }),
  );

  app.get(`${BASE}/disk`, options, async () => ok(await diskInfo(deps.config.dataDir)));

  app.get(`${BASE}/system`, options, async () => {
    const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
    return ok({
      ...systemInfo(deps.config.timeZone),
      database: { kind: deps.database.kind, version: rows[0]?.v ?? '' },
    });
  });

  app.get(`${BASE}/database`, options, async () => ok(await databaseInfo(deps.database)));

  app.get(`${BASE}/redis/info`, options, async () => ok(await state.redis.info()));

  app.post(`${BASE}/redis/command`, options, async (request) => {
    const body = (request.body ?? {}) as { command?: unknown };
    const answer = await state.redis.command(
      typeof body.command === 'string' ? body.command.slice(0, 2000) : '',
    );
    return answer.ok ? ok(answer) : fail(answer.message);
  });

  app.get(`${BASE}/redis/commands`, options, async () =>
    ok({ configured: state.redis.configured, commands: ALLOWED_COMMANDS }),
  );
}
