import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM, launchChromium, TEST_CONTEXT } from './chromium.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import { startServer, type StartedServer } from '../../server/start.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { CAPTCHA } from './fast-session.js';
import { templateDatabase } from './template-db.js';

export { CAPTCHA, signInFast } from './fast-session.js';
export const ADMIN_PASSWORD = 'Admin@123456';
/** The build the tests serve; TEST_WEB_DIR picks another (e.g. while ./dist is being rebuilt). */
export const WEB_DIR = path.resolve(process.env.TEST_WEB_DIR ?? 'dist');
export const STAFF_PASSWORD = 'Staff@123456';
export const SCREENSHOT_DIR = path.resolve('docs/screenshots');

export interface Harness {
  baseUrl: string;
  /** The latest SMS code the development provider 'sent' to a number (read from its log line). */
  smsCode(mobile: string): Promise<string>;
  server: StartedServer;
  browser: Browser;
  /** A fresh context (own localStorage) and page; closed by close(). */
  /**
   * A new page. By default in a fresh context (own storage and cache). `shared`: a new tab of one
   * desktop context kept for the whole file: the app's immutable assets come from its cache, so a
   * test that signs in again does not download the app again (signInFast clears localStorage first).
   */
  newPage(options?: { width?: number; height?: number; mobile?: boolean; shared?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A real server on a fresh copy of the seeded embedded database (port 0) serving ./dist, and Debian's
 * Chromium. The test command builds the app first (`vite build`); a missing build fails loudly here.
 */
export async function startHarness(overrides: Partial<ServerConfig> = {}): Promise<Harness> {
  const webDir = overrides.webDir ?? WEB_DIR;
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir}/index.html is missing: run \`npx vite build\` before the browser tests`);
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-browser-'));
  const defaults = loadConfig({});
  fs.cpSync(
    await templateDatabase(overrides.adminPassword ?? defaults.adminPassword),
    path.join(dataDir, 'pgdata'),
    {
      recursive: true,
    },
  );
  const config: ServerConfig = {
    ...defaults,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    captcha: { kind: 'fixed', code: CAPTCHA },
    webDir,
    logLevel: 'warn',
    ...overrides,
  };
  const sms = new LogSmsProvider(() => undefined);
  const server = await startServer(config, { sms });
  const browser = await runChromium();
  const contexts: BrowserContext[] = [];
  let sharedContext: BrowserContext | undefined;
  return {
    baseUrl: new URL(server.url).origin,
    smsCode: smsReader(sms),
    server,
    browser,
    async newPage({ width = 1440, height = 900, mobile = false, shared = false } = {}) {
      let context = shared ? sharedContext : undefined;
      if (!context) {
        context = await browser.newContext({
          viewport: { width, height },
          ...TEST_CONTEXT,
          timezoneId: 'Asia/Shanghai',
          deviceScaleFactor: mobile ? 2 : 1,
          isMobile: mobile,
          hasTouch: mobile,
        });
        contexts.push(context);
        if (shared) sharedContext = context;
      }
      // One tab of the shared context at a time: an old tab would keep running the app beside the new one.
      if (shared) for (const old of context.pages()) await old.close();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      pageErrors.set(page, errors);
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      // Keep-alive sockets (Node's fetch in signInFast) would hold close() for the 72 s keep-alive.
      server.app.server.closeAllConnections();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's shared Chromium (tests/browser/global-setup.ts), or one of this file's own. */
async function runChromium(): Promise<Browser> {
  // Outside a vitest run (the benches use this harness too) there is nothing to inject.
  const endpoint = process.env.VITEST ? inject('chromiumEndpoint') : undefined;
  return endpoint ? chromium.connect(endpoint) : launchChromium();
}

/** Reads the codes the development SMS provider was asked to send (the server runs in this process). */
function smsReader(provider: LogSmsProvider): (mobile: string) => Promise<string> {
  return async (mobile) => {
    for (let i = 0; i < 50; i += 1) {
      const sent = provider.sent.findLast((s) => s.mobile === mobile);
      if (sent) return sent.code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no SMS code was sent to ${mobile}`);
  };
}

const pageErrors = new WeakMap<Page, string[]>();

/** Uncaught errors and console errors the page reported so far (CSP violations included). */
export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

export interface SignInOptions {
  username: string;
  password: string;
  captcha?: string;
  /** Tenant to pick when the picker appears (admin belongs to two). */
  tenant?: string;
}

/** Fills the 账号密码登录 form on the current page and presses 登录. */
export async function submitAccountForm(page: Page, options: SignInOptions): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(options.username);
  await page.getByPlaceholder('请输入密码').fill(options.password);
  // The captcha image must have loaded: its request registers the checkKey on the server.
  await page.locator('.user-form__captcha img').waitFor();
  await page
    .getByPlaceholder('请输入验证码')
    .first()
    .fill(options.captcha ?? CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Picks a tenant in the 选择登录租户 dialog. */
export async function chooseTenant(page: Page, tenant: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '选择登录租户' });
  await dialog.waitFor();
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: tenant }).click();
  await dialog.getByRole('button', { name: '确认' }).click();
}

/** Opens /user/login, signs in, and waits for the workbench (or the redirect target). */
export async function signIn(page: Page, baseUrl: string, options: SignInOptions): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await submitAccountForm(page, options);
  if (options.tenant) await chooseTenant(page, options.tenant);
  await page.waitForURL((url) => !url.pathname.startsWith('/user/'));
}

/** The notification text that appeared after an action (failures show the server message). */
export async function notificationText(page: Page): Promise<string> {
  const notice = page.locator('.ant-notification-notice').last();
  await notice.waitFor();
  return (await notice.innerText()).replace(/\s+/g, ' ');
}

/** Closes open notifications (the welcome one covers the header in screenshots). */
export async function dismissNotifications(page: Page): Promise<void> {
  // DOM clicks: notices move while the stack animates, which pointer clicks would wait out.
  await page.evaluate(() =>
    document
      .querySelectorAll<HTMLElement>('.ant-notification-notice-close')
      .forEach((button) => button.click()),
  );
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}
