/**
 * The office supplies demo (server/office/demo.ts): at the first start after the seed marked it,
 * the catalogue gets months of stock-ins and requests in every status run through the engine, the
 * stock agrees with the ledger; a second start adds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { OFFICE_DEMO_MARK } from '../../server/office/demo.js';
import { createOfficeTest, type OfficeTest } from './office-supplies-helpers.js';

let t: OfficeTest;
beforeAll(async () => {
  t = await createOfficeTest();
});
afterAll(() => t.close());

const start = async () => {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    sms: new LogSmsProvider(() => {}),
    logger: false,
  });
  await app.ready();
  await app.close();
};

describe('office supplies demo', () => {
  it('fills the catalogue, stock-ins and requests in every status, once', async () => {
    const db = t.database.db;
    await t.app.close();
    await sql`insert into sys_seed_pending (name) values (${OFFICE_DEMO_MARK})`.execute(db);
    await start();
    await start();
    const count = async (table: string) =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
    expect(await count('oa_supply_item')).toBe(41);
    // In the tenant staff sign in to: demo rows of another tenant would be in nobody's lists.
    const tenants = await sql<{
      tenantId: number;
      n: number;
    }>`select tenant_id as "tenantId", count(*)::int as n
      from oa_supply_item group by tenant_id`.execute(db);
    expect(tenants.rows).toEqual([{ tenantId: 1, n: 41 }]);
    const statuses = await sql<{ status: string; n: number }>`select status, count(*)::int as n
      from oa_supply_request group by status order by status`.execute(db);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.status, r.n]))).toEqual({
      '0': 1,
      '1': 3,
      '2': 9,
      '3': 1,
      '4': 1,
    });
    // Every item's stock is the sum of its ledger, and the ledger chains before → after.
    const drift = await sql<{ n: number }>`select count(*)::int as n from oa_supply_item s
      where s.stock <> (select coalesce(sum(quantity), 0) from oa_supply_ledger l where l.item_id = s.id)`.execute(
      db,
    );
    expect(drift.rows[0]!.n).toBe(0);
    const low = await sql<{
      n: number;
    }>`select count(*)::int as n from oa_supply_item where low_stock = '1'`.execute(db);
    expect(low.rows[0]!.n).toBeGreaterThan(0);
    const span = await sql<{
      days: number;
    }>`select extract(day from max(move_time) - min(move_time))::int as days
      from oa_supply_ledger`.execute(db);
    expect(span.rows[0]!.days).toBeGreaterThan(100);
  });
});
