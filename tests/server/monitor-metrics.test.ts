/**
 * 系统监控 without REDIS_URL (the pages say so) and GET /metrics with METRICS_TOKEN: 401 without the
 * bearer token, else Prometheus text that a strict parser of the format reads, with requests by
 * route pattern (never a raw path) and status, durations, sockets, jobs, the pool and Node.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { createSession } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import { createTestContext, type TestContext } from './helpers.js';
import { parsePrometheusText } from './monitor-prometheus.js';

const METRICS_TOKEN = 'metrics-test-token-3f9a';

let ctx: TestContext;
let metricsApp: FastifyInstance;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSession(ctx.database.db, ctx.config, userId('admin'), 0, null);
  // A second app on the same database, as a server started with METRICS_TOKEN.
  metricsApp = await buildApp({
    config: { ...ctx.config, metricsToken: METRICS_TOKEN },
    database: ctx.database,
    logger: false,
  });
});
afterAll(async () => {
  await metricsApp?.close();
  await ctx?.close();
});

describe('without REDIS_URL and METRICS_TOKEN', () => {
  it('says Redis is not configured, refuses commands, and serves no /metrics', async () => {
    const headers = { 'x-access-token': admin };
    const info = (
      await ctx.app.inject({ method: 'GET', url: '/api/sys/monitor/redis/info', headers })
    ).json();
    expect(info.result).toEqual({ configured: false, message: expect.stringContaining('未配置 Redis') });
    const command = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/sys/monitor/redis/command',
        headers,
        payload: { command: 'INFO' },
      })
    ).json();
    expect(command).toMatchObject({ success: false, message: expect.stringContaining('未配置 Redis') });
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('GET /metrics', () => {
  it('answers 401 without the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
      const res = await metricsApp.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
    }
  });

  it('serves Prometheus text: requests by route pattern and status, durations, sockets, jobs, pool, Node', async () => {
    await metricsApp.inject({ method: 'GET', url: '/api/sys/randomImage/SECRETKEY42' });
    const res = await metricsApp.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).not.toContain('SECRETKEY42');
    const families = parsePrometheusText(res.body);
    const route = { method: 'GET', route: '/api/sys/randomImage/:key', status_code: '200' };
    const requests = families.get('http_requests_total')!;
    expect(requests.type).toBe('counter');
    expect(requests.samples).toContainEqual({ name: 'http_requests_total', labels: route, value: 1 });
    const durations = families.get('http_request_duration_seconds')!;
    expect(durations.type).toBe('histogram');
    const of = (suffix: string, le?: string) =>
      durations.samples.find(
        (s) => s.name.endsWith(suffix) && s.labels.route === route.route && s.labels.le === le,
      )?.value;
    expect(of('_count')).toBe(1);
    expect(of('_bucket', '+Inf')).toBe(1);
    expect(of('_sum')).toBeGreaterThan(0);
    for (const name of [
      'http_requests_in_flight',
      'zj_http_connections',
      'zj_websocket_connections',
      'zj_job_runs_last_24h',
      'zj_db_pool_connections',
      'zj_db_connections',
      'zj_db_size_bytes',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(families.has(name), name).toBe(true);
    expect(families.get('zj_db_pool_connections')!.samples.map((m) => m.labels.state)).toContain('total');
  });
});
