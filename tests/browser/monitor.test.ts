/**
 * 系统监控 as the admin sees it, in one browser session: the runtime and HTTP pages with their
 * charts, the request trace, disks, system and database, Redis信息 and the read-only Redis终端 on
 * the local Redis. Each page is photographed into docs/screenshots/monitor-*.png.
 */
import net from 'node:net';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, screenshotPath, signInFast, startHarness, type Harness } from './harness';

const REDIS_URL = 'redis://127.0.0.1:6379/0';
const KEY = `zj-monitor-browser:${process.pid}`;

/** The machine's Redis (CI starts one); without it the Redis step is skipped, not failed. */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(6379, '127.0.0.1');
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness({ redisUrl: REDIS_URL });
  page = await h.newPage({ width: 1440, height: 1000 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, target: '/monitor/disk' });
});

afterAll(async () => {
  await h?.close();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: '.tmp/monitor-fail.png', fullPage: true });
});

const figure = (title: string) => page.locator(`[data-figure="${title}"] .ant-statistic-content`);

async function open(path: string, monitor: string): Promise<void> {
  if (!page.url().endsWith(path)) await page.goto(`${h.baseUrl}${path}`);
  await page.locator(`[data-monitor="${monitor}"]`).waitFor();
}

/** A chart has drawn once its canvas is there (two samples, five seconds apart). */
const chartDrawn = (title: string) => page.locator(`[data-chart="${title}"] canvas`).first().waitFor();

describe('系统监控 (admin)', () => {
  it('traces recent requests without query values', async () => {
    await open('/monitor/httpTrace', 'trace');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    const paths = await page.locator('.ant-table-row td:nth-child(3)').allInnerTexts();
    expect(paths.some((p) => p.startsWith('/api/sys/permission/getUserPermissionByToken'))).toBe(true);
    expect(paths.every((p) => !p.includes('='))).toBe(true);
    expect(await rows.first().locator('td').last().innerText()).toMatch(/admin|—/);
    await page.screenshot({ path: screenshotPath('monitor-trace.png'), fullPage: true });
  });

  it('shows disks, the system and the database', async () => {
    await open('/monitor/disk', 'disk');
    const data = page.locator('.zj-monitor__disk', { hasText: '数据目录' });
    await data.waitFor();
    expect(await data.innerText()).toMatch(/总空间：[\d.]+ [KMGT]?B/);
    await page.screenshot({ path: screenshotPath('monitor-disk.png'), fullPage: true });

    await open('/monitor/systemInfo', 'system');
    await expect.poll(() => figure('CPU').innerText()).toMatch(/^\d+ 核$/);
    await page.getByText('服务启动时间').waitFor();
    await page.screenshot({ path: screenshotPath('monitor-system.png'), fullPage: true });
    await page.getByRole('tab', { name: '数据库' }).click();
    await page.locator('[data-monitor="database"]').waitFor();
    await expect.poll(() => figure('数据库大小').innerText()).toMatch(/^[\d.]+ MB$/);
    await page.getByText('嵌入式 PostgreSQL（PGlite）', { exact: true }).waitFor();
    await page.locator('[data-state="no-statements"]').waitFor();
    await page.screenshot({ path: screenshotPath('monitor-database.png'), fullPage: true });
  });

  it.skipIf(!redisUp)('shows Redis and runs read-only commands in the terminal', async () => {
    await open('/monitor/redisInfo', 'redis-info');
    await expect.poll(() => figure('Redis 版本').innerText()).toMatch(/^\d+\.\d+/);
    await page.getByText('redis_version').waitFor();
    await chartDrawn('每秒操作与客户端');
    await page.screenshot({ path: screenshotPath('monitor-redis.png'), fullPage: true });

    const redis = new Redis(REDIS_URL);
    await redis.set(KEY, '示例值', 'EX', 300);
    redis.disconnect();
    await open('/monitor/redisTerminal', 'redis-terminal');
    const input = page.getByLabel('Redis命令');
    const screen = page.locator('[data-terminal="screen"]');
    await input.fill(`GET ${KEY}`);
    await input.press('Enter');
    await expect.poll(() => screen.innerText()).toContain('"示例值"');
    await input.fill('DBSIZE');
    await input.press('Enter');
    await expect.poll(() => screen.innerText()).toMatch(/127\.0\.0\.1:6379\/0> DBSIZE\n\(integer\) \d+/);
    await input.fill('INFO keyspace');
    await input.press('Enter');
    await expect.poll(() => screen.innerText()).toContain('# Keyspace');
    await input.fill('FLUSHALL');
    await input.press('Enter');
    await expect.poll(() => screen.innerText()).toContain('不允许执行命令 FLUSHALL：Redis终端只允许只读命令');
    await page.screenshot({ path: screenshotPath('monitor-redis-terminal.png'), fullPage: true });
  });

  it('shows the Node runtime and the HTTP server with refreshing charts', async () => {
    await open('/monitor/jvm', 'runtime');
    await expect.poll(() => figure('已用堆内存').innerText()).toMatch(/^\d+(\.\d)? MB$/);
    expect(await figure('Node.js 版本').innerText()).toBe(process.versions.node);
    await expect.poll(() => figure('事件循环延迟 P99').innerText()).toMatch(/^\d+(\.\d+)? ms$/);
    await chartDrawn('内存（MB）');
    await chartDrawn('事件循环延迟（ms）');
    await page.screenshot({ path: screenshotPath('monitor-runtime.png'), fullPage: true });

    await open('/monitor/tomcat', 'http');
    await expect.poll(async () => Number(await figure('请求总数').innerText())).toBeGreaterThan(5);
    await page.getByRole('cell', { name: '/api/sys/permission/getUserPermissionByToken' }).first().waitFor();
    await chartDrawn('每秒请求数');
    await page.screenshot({ path: screenshotPath('monitor-http.png'), fullPage: true });
  });
});
