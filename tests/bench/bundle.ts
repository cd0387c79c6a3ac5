import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { ADMIN_PASSWORD, signInFast, STAFF_PASSWORD, startHarness } from '../browser/harness.js';
import { fmtMs, median, ratio, type BenchRow } from './stats.js';

/**
 * What the browser downloads to show the sign-in page and the workbench, next to bare React + antd 6
 * pages with the same visible components (tests/bench/bare), all built in this run; and the time from
 * navigation to an interactive sign-in form. Sizes are the gzip of every script the page loaded.
 */
const ROUNDS = 5;
const BARE_DIR = path.resolve('tests/bench/bare');

async function buildApp(outDir: string): Promise<void> {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

async function buildBare(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: BARE_DIR,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        input: { login: path.join(BARE_DIR, 'login.html'), workbench: path.join(BARE_DIR, 'workbench.html') },
      },
    },
  });
}

/** A static server for the bare pages: /login and /workbench, assets from the build. */
async function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = pathname.startsWith('/assets/')
      ? path.join(dir, pathname)
      : path.join(dir, `${pathname.slice(1)}.html`);
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Gzip bytes of every script a page loads until it is ready and the network is idle. */
async function scriptBytes(page: Page, open: () => Promise<void>): Promise<number> {
  const pending: Promise<number>[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('.js')) {
      pending.push(
        res.body().then(
          (body) => zlib.gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
    }
  });
  await open();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).reduce((sum, n) => sum + n, 0);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  return context.newPage();
}

/** Navigation to a usable sign-in form: the user-name input is there and enabled, the 登录 button shown. */
async function timeToForm(browser: Browser, url: string): Promise<number> {
  const page = await freshPage(browser);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      const input = document.querySelector<HTMLInputElement>('input[placeholder="请输入用户名"]');
      const button = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === '登录');
      return Boolean(input && !input.disabled && button);
    },
    undefined,
    { polling: 'raf' },
  );
  const elapsed = performance.now() - started;
  await page.context().close();
  return elapsed;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function benchBundle(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-bundle-'));
  const appDir = path.join(tmp, 'app');
  const bareDir = path.join(tmp, 'bare');
  await buildApp(appDir);
  await buildBare(bareDir);
  const h = await startHarness({ webDir: appDir });
  const bare = await serveStatic(bareDir);
  try {
    const signInPage = await freshPage(h.browser);
    const appLogin = await scriptBytes(signInPage, async () => {
      await signInPage.goto(`${h.baseUrl}/user/login`);
      await signInPage.getByPlaceholder('请输入用户名').waitFor();
    });
    const bareLoginPage = await freshPage(h.browser);
    const bareLogin = await scriptBytes(bareLoginPage, async () => {
      await bareLoginPage.goto(`${bare.url}/login`);
      await bareLoginPage.getByPlaceholder('请输入用户名').waitFor();
    });
    const workbenchPage = await freshPage(h.browser);
    const appWorkbench = await scriptBytes(workbenchPage, async () => {
      await signInFast(workbenchPage, h.baseUrl, { username: 'zhangwei', password: STAFF_PASSWORD });
      await workbenchPage.getByText('欢迎使用智慧接待平台').waitFor();
    });
    // The workbench, then its first list: 客户管理 opened from the menu (the declared customer screen).
    const listPage = await freshPage(h.browser);
    const appWorkbenchList = await scriptBytes(listPage, async () => {
      await signInFast(listPage, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD });
      await listPage.getByText('欢迎使用智慧接待平台').waitFor();
      const menu = listPage.getByRole('navigation', { name: '主菜单' });
      await menu.getByText('客户与通讯录').click();
      await menu.getByText('客户管理').click();
      await listPage.locator('.zj-list .ant-table').waitFor();
    });
    const bareWorkbenchPage = await freshPage(h.browser);
    const bareWorkbench = await scriptBytes(bareWorkbenchPage, async () => {
      await bareWorkbenchPage.goto(`${bare.url}/workbench`);
      await bareWorkbenchPage.getByText('欢迎使用智慧接待平台').waitFor();
    });

    const appTimes: number[] = [];
    const bareTimes: number[] = [];
    await timeToForm(h.browser, `${h.baseUrl}/user/login`); // warm-up: server and browser caches of code paths
    for (let i = 0; i < ROUNDS; i++) {
      appTimes.push(await timeToForm(h.browser, `${h.baseUrl}/user/login`));
      bareTimes.push(await timeToForm(h.browser, `${bare.url}/login`));
    }
    return [
      {
        figure: 'JS to show /user/login (gzip)',
        value: kib(appLogin),
        baseline: `bare React + antd 6 sign-in page ${kib(bareLogin)}`,
        ratio: ratio(appLogin, bareLogin),
      },
      {
        figure: 'JS to show the workbench after sign-in (gzip)',
        value: kib(appWorkbench),
        baseline: `bare React + antd 6 workbench page ${kib(bareWorkbench)}`,
        ratio: ratio(appWorkbench, bareWorkbench),
      },
      {
        figure: 'JS to show the workbench and then its first list, 客户管理 (gzip)',
        value: kib(appWorkbenchList),
        baseline: `goal 450 KB = ${kib(450_000)}`,
        ratio: ratio(appWorkbenchList, 450_000),
      },
      {
        figure: `navigation to an interactive sign-in form, median of ${ROUNDS}`,
        value: fmtMs(median(appTimes)),
        baseline: `bare sign-in page ${fmtMs(median(bareTimes))}`,
        ratio: ratio(median(appTimes), median(bareTimes)),
      },
    ];
  } finally {
    await bare.close();
    await h.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
