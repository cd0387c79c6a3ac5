import type { Page } from 'playwright-core';

/** The fixed captcha of browser tests (the harness starts the server with it). */
export const CAPTCHA = '8888';

interface LoginAnswer {
  code: number;
  message: string;
  result: { token: string; userInfo: unknown; sysAllDictItems?: unknown; tenantList?: { id: number }[] };
}

/**
 * Signs in through the API and hands the session to the page the way the sign-in screen stores it,
 * then opens `target`. For tests about the shell, not about the sign-in form (login.test.ts covers it):
 * it saves the sign-in page's load on every test.
 */
export async function signInFast(
  page: Page,
  baseUrl: string,
  options: { username: string; password: string; tenantId?: number; target?: string },
): Promise<void> {
  const checkKey = `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  // Read the answer: an unread body keeps its connection busy.
  await (await fetch(`${baseUrl}/api/sys/randomImage/${checkKey}`)).arrayBuffer();
  const res = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: options.username,
      password: options.password,
      captcha: CAPTCHA,
      checkKey,
    }),
  });
  const body = (await res.json()) as LoginAnswer;
  if (body.code !== 200) throw new Error(`sign-in of ${options.username} failed: ${body.message}`);
  const tenantId = options.tenantId ?? body.result.tenantList?.[0]?.id ?? 0;
  const expire = Date.now() + 15 * 24 * 3600 * 1000;
  const entries: Record<string, unknown> = {
    'Access-Token': body.result.token,
    Login_Username: options.username,
    Login_Userinfo: body.result.userInfo,
    TENANT_ID: String(tenantId),
    UI_CACHE_DB_DICT_DATA: body.result.sysAllDictItems ?? {},
  };
  // Once per tab (sessionStorage flag): a later logout must not be undone by the next navigation.
  await page.addInitScript(
    ({ stored, until }) => {
      if (sessionStorage.getItem('__signed_in')) return;
      sessionStorage.setItem('__signed_in', '1');
      // A shared context may hold the previous test's session and preferences.
      localStorage.clear();
      for (const [key, value] of Object.entries(stored)) {
        localStorage.setItem(key, JSON.stringify({ value, expire: until }));
      }
    },
    { stored: entries, until: expire },
  );
  await page.goto(`${baseUrl}${options.target ?? '/HomePage/index'}`);
  try {
    await page.locator('.shell').waitFor({ timeout: 15_000 });
  } catch (error) {
    const text = await page.evaluate(() => document.body.innerText.slice(0, 200)).catch(() => '');
    throw new Error(`the shell did not show at ${page.url()}: ${text}`, { cause: error });
  }
}
