import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig, type ServerConfig } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import type { Pause } from '../../server/auth/sign-in-throttle.js';
import type { Result } from '../../server/result.js';
import { openTestDatabase, TEST_ADMIN_PASSWORD } from './template-db.js';

export { TEST_ADMIN_PASSWORD };
export { DEMO_PASSWORD } from '../../server/db/seed/organisation.js';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  sms: LogSmsProvider;
  /** inject() that parses the Result envelope. */
  call<T = unknown>(options: InjectOptions): Promise<{ status: number; body: Result<T> }>;
  /** Signs in with the captcha off; returns the token. */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Replaces the sign-in throttle's timer, so a test observes the wait instead of spending it. */
  pause?: Pause;
}

/** A server on its own copy of the seeded database. Captcha is off unless the test turns it on. */
export async function createTestContext(
  overrides: Partial<ServerConfig> = {},
  { pause }: TestContextOptions = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config: ServerConfig = {
    ...loadConfig({}),
    apiBase: '/api',
    captcha: { kind: 'off' },
    adminPassword: TEST_ADMIN_PASSWORD,
    webDir: '/nonexistent',
    // Tests stand behind a trusted proxy so X-Forwarded-For can play different client addresses.
    trustProxy: true,
    ...overrides,
  };
  const sms = new LogSmsProvider(() => {});
  const app = await buildApp({ config, database, sms, pause, logger: false });
  await app.ready();
  const call = async <T>(options: InjectOptions) => {
    const res = await app.inject(options);
    return { status: res.statusCode, body: res.json() as Result<T> };
  };
  return {
    app,
    database,
    config,
    sms,
    call,
    async login(username, password) {
      const res = await call<{ token: string }>({
        method: 'POST',
        url: '/api/sys/login',
        payload: { username, password, captcha: '', checkKey: '' },
      });
      if (res.body.code !== 200 || !res.body.result) throw new Error(`login failed: ${res.body.message}`);
      return res.body.result.token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
