/**
 * 系统监控 (server/monitor/): every admin route's answer, the refusal of a non-admin, a trace that
 * keeps no token or query value, sockets and requests in flight, the Redis pages on the local Redis
 * and the terminal's allow-list. Without Redis and /metrics: monitor-metrics.test.ts.
 */
import os from 'node:os';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.js';
import { userId } from '../../server/db/seed/organisation.js';
import type { Result } from '../../server/result.js';
import { createTestContext, type TestContext } from './helpers.js';
import { openSocket, refusedStatus } from './notice-support.js';
import {
  redisAnswers,
  type DatabaseInfo,
  type DiskInfo,
  type HttpAnswer,
  type Json,
  type RedisInfoAnswer,
  type runtimeSnapshot,
  type systemInfo,
} from './monitor-support.js';

const REDIS_URL = 'redis://127.0.0.1:6379/0';
const KEY = `zj-monitor-test:${process.pid}`;

const redisUp = await redisAnswers();

let ctx: TestContext;
let admin: string;
let staff: string;

async function call<T>(token: string, url: string, options: Partial<InjectOptions> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': token }, ...options });
  return res.json() as Result<T>;
}

beforeAll(async () => {
  ctx = await createTestContext({ redisUrl: REDIS_URL });
  admin = await createSession(ctx.database.db, ctx.config, userId('admin'), 0, null);
  staff = await createSession(ctx.database.db, ctx.config, userId('chenjing'), 0, null);
  if (redisUp) {
    const redis = new Redis(REDIS_URL);
    await redis.set(KEY, 'hello');
    await redis.expire(KEY, 300);
    redis.disconnect();
  }
});
afterAll(() => ctx.close());

const ROUTES = ['runtime', 'http', 'trace', 'disk', 'system', 'database', 'redis/info', 'redis/commands'];

describe('系统监控 routes', () => {
  it('refuse a signed-in user without the admin role (510) and a caller without a session (401)', async () => {
    for (const route of ROUTES) {
      const answer = await call(staff, `/api/sys/monitor/${route}`);
      expect(answer, route).toMatchObject({
        success: false,
        code: 510,
        message: '没有权限，请联系管理员授权',
      });
    }
    const command = await call(staff, '/api/sys/monitor/redis/command', {
      method: 'POST',
      payload: { command: 'DBSIZE' },
    });
    expect(command.code).toBe(510);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/sys/monitor/runtime' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runtime: heap, RSS, event-loop delay, GC, uptime and versions', async () => {
    const r = (await call<Json<ReturnType<typeof runtimeSnapshot>>>(admin, '/api/sys/monitor/runtime'))
      .result!;
    expect(r.versions.node).toBe(process.versions.node);
    expect(r.memory.heapUsed).toBeGreaterThan(0);
    expect(r.memory.rss).toBeGreaterThan(r.memory.heapUsed);
    expect(r.memory.heapLimit).toBeGreaterThan(r.memory.heapTotal);
    expect(Object.keys(r.loopDelay).sort()).toEqual(['max', 'mean', 'min', 'p50', 'p99']);
    expect(Array.isArray(r.gc) && Array.isArray(r.series) && Array.isArray(r.heapSpaces)).toBe(true);
    expect(r.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(r.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('http: counts by status and route pattern, in flight, averages and percentiles', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/no/such/path' });
    const r = (await call<HttpAnswer>(admin, '/api/sys/monitor/http')).result!;
    expect(r.total).toBeGreaterThan(0);
    expect(r.inFlight).toBe(1); // this very request: every earlier one was counted out
    expect(r.byStatus.map((s: { status: number }) => s.status)).toEqual(expect.arrayContaining([200, 404]));
    expect(r.routes.map((x: { route: string }) => x.route)).toContain('/api/sys/monitor/runtime');
    expect(r.recent.count).toBeGreaterThan(0);
    expect(r.recent.p95).toBeGreaterThanOrEqual(r.recent.p50);
    expect(typeof r.websockets).toBe('number');
  });

  it('counts notice sockets, and neither an open nor a refused handshake stays in flight', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, userId('admin'), admin);
    expect(await refusedStatus(`${base.replace(/^http/, 'ws')}/api/websocket/x`, ['nope'])).toBe(401);
    const r = (await call<HttpAnswer>(admin, '/api/sys/monitor/http')).result!;
    expect(r.websockets).toBe(1);
    expect(r.inFlight).toBe(1);
    socket.close();
    await expect
      .poll(async () => (await call<HttpAnswer>(admin, '/api/sys/monitor/http')).result!.websockets)
      .toBe(0);
  });

  it('trace: recent requests with method, path, status, duration and user, never a token or a query value', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/user/list?username=SECRETVALUE&password=hunter2&token=abc123',
      headers: { 'x-access-token': admin },
    });
    const r = (
      await call<{ size: number; records: Record<string, unknown>[] }>(admin, '/api/sys/monitor/trace')
    ).result!;
    const entry = r.records.find((e) => String(e.path).startsWith('/api/sys/user/list'));
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/api/sys/user/list?username&password&token',
      route: '/api/sys/user/list',
      status: 200,
      user: 'admin',
    });
    expect(typeof entry!.durationMs).toBe('number');
    const text = JSON.stringify(r);
    for (const secret of ['SECRETVALUE', 'hunter2', 'abc123', admin, staff])
      expect(text).not.toContain(secret);
    // The monitor's own polling stays out of the trace.
    expect(text).not.toContain('/api/sys/monitor/');
  });

  it('disk, system and database', async () => {
    const disks = (await call<DiskInfo[]>(admin, '/api/sys/monitor/disk')).result!;
    expect(disks.length).toBeGreaterThan(0);
    expect(disks[0].total).toBeGreaterThan(0);
    expect(disks[0].used + disks[0].free).toBeLessThanOrEqual(disks[0].total);
    expect(disks.filter((d) => d.holdsData)).toHaveLength(1);
    const system = (await call<Json<ReturnType<typeof systemInfo>>>(admin, '/api/sys/monitor/system'))
      .result!;
    expect(system).toMatchObject({
      hostname: os.hostname(),
      cpuCount: os.cpus().length,
      nodeVersion: process.version,
    });
    expect(system.loadAverage).toHaveLength(3);
    const database = (await call<DatabaseInfo>(admin, '/api/sys/monitor/database')).result!;
    expect(database.kind).toBe(ctx.database.kind);
    expect(database.version).toMatch(/PostgreSQL/);
    expect(database.sizeBytes).toBeGreaterThan(0);
    expect(database.connections.total).toBeGreaterThan(0);
    expect(database.tables.length).toBeGreaterThan(0);
    if (database.slowStatements === null) expect(database.slowStatementsNote).toContain('pg_stat_statements');
    if (ctx.database.kind === 'postgres') expect(database.pool?.max).toBeGreaterThan(0);
  });
});

describe.skipIf(!redisUp)('Redis on REDIS_URL', () => {
  it('answers INFO as a summary and sections, with an address without password', async () => {
    const r = (await call<Extract<RedisInfoAnswer, { error: '' }>>(admin, '/api/sys/monitor/redis/info'))
      .result!;
    expect(r).toMatchObject({ configured: true, address: '127.0.0.1:6379/0', error: '' });
    expect(r.summary.version).toMatch(/^\d+\./);
    expect(r.summary.totalKeys).toBeGreaterThan(0);
    expect(r.sections.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Server', 'Memory']),
    );
  });

  it('runs allow-listed read commands and refuses everything else in Chinese', async () => {
    const run = (command: string) =>
      call<{ output: string }>(admin, '/api/sys/monitor/redis/command', {
        method: 'POST',
        payload: { command },
      });
    expect((await run(`GET ${KEY}`)).result!.output).toBe('"hello"');
    expect((await run(`get "${KEY}"`)).result!.output).toBe('"hello"');
    expect((await run(`TTL ${KEY}`)).result!.output).toMatch(/^\(integer\) \d+$/);
    expect((await run(`KEYS ${KEY}*`)).result!.output).toBe(`1) "${KEY}"`);
    expect((await run(`HGETALL ${KEY}`)).result!.output).toMatch(/^\(error\) WRONGTYPE/);
    for (const command of [
      `SET ${KEY} x`,
      'FLUSHALL',
      'CONFIG GET requirepass',
      `DEL ${KEY}`,
      'EVAL "return 1" 0',
    ]) {
      const answer = await run(command);
      expect(answer.success, command).toBe(false);
      expect(answer.message, command).toMatch(/^不允许执行命令 [A-Z]+：Redis终端只允许只读命令/);
    }
    expect((await run('KEYS *')).message).toBe('KEYS 须带匹配模式（如 user:*），遍历全部键请用 SCAN');
    expect((await run(`GET ${KEY} extra`)).message).toBe('命令 GET 的参数个数有误');
    const redis = new Redis(REDIS_URL);
    expect(await redis.get(KEY)).toBe('hello'); // nothing was written
    redis.disconnect();
  });
});
