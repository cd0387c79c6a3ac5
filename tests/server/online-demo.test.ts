/**
 * The online form designer's demo, 访客登记 (server/online/demo.ts), seeded as a first start does:
 * its 接待人 is a person - the list shows the real name (the user dictionary), never the account
 * (issue 33, item 6).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { ONLINE_DEMO_MARK } from '../../server/online/demo-mark.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { TEST_ADMIN_PASSWORD } from './helpers.js';

let t: EntityTestContext;
beforeAll(async () => {
  t = await createEntityContext();
});
afterAll(() => t.close());

describe('访客登记 (the online demo)', () => {
  it('lists its 接待人 by real name', async () => {
    await t.app.close();
    await sql`insert into sys_seed_pending (name) values (${ONLINE_DEMO_MARK})`.execute(t.database.db);
    const app = await buildApp({
      config: t.config,
      database: t.database,
      sms: new LogSmsProvider(() => {}),
      logger: false,
    });
    try {
      await app.ready();
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/sys/login',
        payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, captcha: '', checkKey: '' },
      });
      const token = (signIn.json() as { result: { token: string } }).result.token;
      const list = await app.inject({
        method: 'GET',
        url: '/api/online/data/visitorRegister/list?pageSize=50',
        headers: { 'x-access-token': token },
      });
      const page = (list.json() as { result: Page<Record<string, unknown>> }).result;
      expect(page.records.length).toBeGreaterThan(20);
      const hosts = new Set(page.records.map((r) => r.host_dictText));
      expect([...hosts].sort()).toEqual(['杨强', '赵磊', '陈静']);
      expect(page.records.every((r) => /^[a-z]+$/.test(String(r.host)))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
