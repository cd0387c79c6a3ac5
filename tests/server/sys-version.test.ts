import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { demoVersions, UPCOMING_VERSION } from '../../server/db/seed/versions.js';
import { versionDb } from '../../server/sys/version.js';
import { createTestContext, type TestContext } from './helpers.js';
import { authGet, tokenFor } from './sys-session.js';

interface VersionRow {
  id: string;
  versionNumber: string;
  versionTime: string;
  remarks: string;
}

let ctx: TestContext;
let faulty: TestContext;
let token: string;

beforeAll(async () => {
  [ctx, faulty] = await Promise.all([createTestContext(), createTestContext({ faultInjection: true })]);
  token = await tokenFor(ctx, 'chenjing');
});
afterAll(async () => {
  await Promise.all([ctx.close(), faulty.close()]);
});

describe('GET /sys/version/queryReminder', () => {
  it('answers the active seeded reminder', async () => {
    const res = await ctx.call<{ status: string; content: string }>(
      authGet(token, '/api/sys/version/queryReminder'),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      status: '1',
      content: expect.stringContaining(`升级到 ${UPCOMING_VERSION}`),
    });
  });

  it('is not open without a session', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/version/queryReminder' });
    expect(res.status).toBe(401);
  });

  it("answers status '0' once the reminder is switched off", async () => {
    const db = versionDb(ctx.database.db);
    await db.updateTable('sysVersionReminder').set({ status: '0' }).where('id', '=', 1).execute();
    try {
      const res = await ctx.call<{ status: string }>(authGet(token, '/api/sys/version/queryReminder'));
      expect(res.body.result?.status).toBe('0');
    } finally {
      await db.updateTable('sysVersionReminder').set({ status: '1' }).where('id', '=', 1).execute();
    }
  });
});

describe('GET /sys/version/listAll', () => {
  it('lists the versions newest first with the contract fields', async () => {
    const res = await ctx.call<VersionRow[]>(
      authGet(token, '/api/sys/version/listAll?pageNo=1&pageSize=200'),
    );
    expect(res.body.success).toBe(true);
    const rows = res.body.result!;
    expect(rows.map((r) => r.versionNumber)).toEqual(['v1.3.0', 'v1.2.0', 'v1.1.0', 'v1.0.0']);
    expect(rows[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      versionNumber: 'v1.3.0',
      // Releases go out on Saturday nights at 22:00 (Beijing time), the upcoming one included.
      versionTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 22:00:00$/),
      remarks: demoVersions(new Date()).find((v) => v.versionNumber === 'v1.3.0')!.remarks,
    });
  });

  it('pages, and never returns more than 200 rows at once', async () => {
    const second = await ctx.call<VersionRow[]>(
      authGet(token, '/api/sys/version/listAll?pageNo=2&pageSize=2'),
    );
    expect(second.body.result!.map((r) => r.versionNumber)).toEqual(['v1.1.0', 'v1.0.0']);
    const rows = Array.from({ length: 205 }, (_, i) => ({
      id: `bulk${String(i).padStart(28, '0')}`,
      versionNumber: `v0.0.${i}`,
      versionTime: new Date(Date.UTC(2020, 0, 1, 0, i)),
      remarks: '',
    }));
    const db = versionDb(ctx.database.db);
    await db.insertInto('sysVersion').values(rows).execute();
    try {
      const res = await ctx.call<VersionRow[]>(authGet(token, '/api/sys/version/listAll?pageSize=5000'));
      expect(res.body.result).toHaveLength(200);
      const junk = await ctx.call(authGet(token, '/api/sys/version/listAll?pageNo=abc&pageSize=-1'));
      expect(junk.body.success).toBe(true);
    } finally {
      await db.deleteFrom('sysVersion').where('id', 'like', 'bulk%').execute();
    }
  });

  it('is not open without a session', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/sys/version/listAll' });
    expect(res.status).toBe(401);
  });
});

describe('fault injection (browser tests only)', () => {
  it('does not exist by default, and no environment variable switches it on', async () => {
    const res = await ctx.call(authGet(token, '/api/test/fault/500'));
    expect(res.status).toBe(404);
    expect(loadConfig({ FAULT_INJECTION: 'true', faultInjection: 'true' }).faultInjection).toBeUndefined();
  });

  it('answers each status of the error catalogue when the config enables it', async () => {
    const faultyToken = await tokenFor(faulty, 'chenjing');
    for (const status of [403, 404, 500, 504]) {
      const res = await faulty.call(authGet(faultyToken, `/api/test/fault/${status}`));
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
    }
    const business = await faulty.call(authGet(faultyToken, '/api/test/fault/510'));
    expect([business.status, business.body.code]).toEqual([200, 510]);
    const unknown = await faulty.call(authGet(faultyToken, '/api/test/fault/302'));
    expect([unknown.status, unknown.body.success]).toEqual([200, false]);
  });

  it('still requires a session', async () => {
    const res = await faulty.call({ method: 'GET', url: '/api/test/fault/500' });
    expect(res.status).toBe(401);
  });
});
