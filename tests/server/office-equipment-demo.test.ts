/**
 * The equipment demo (server/office/equipment-demo.ts): at the first start after the mark, 30
 * numbered pieces in tenant 1 with repairs, scrapped ones and borrow requests in every status run
 * through the engine over months, the lent pieces naming their borrowers; a second start adds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { EQUIPMENT_DEMO_MARK } from '../../server/office/equipment-demo.js';
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

describe('equipment demo', () => {
  it('fills the register, repairs and borrows in every status, once', async () => {
    const db = t.database.db;
    await t.app.close();
    await sql`insert into sys_seed_pending (name) values (${EQUIPMENT_DEMO_MARK})`.execute(db);
    await start();
    await start();
    const groups = async (query: ReturnType<typeof sql<{ k: string; n: number }>>) =>
      Object.fromEntries((await query.execute(db)).rows.map((r) => [r.k, r.n]));
    expect(
      await groups(sql<{ k: string; n: number }>`select status as k, count(*)::int as n from oa_equipment
        where tenant_id = 1 group by status`),
    ).toEqual({ '1': 24, '2': 3, '3': 1, '4': 2 });
    expect(
      await groups(sql<{
        k: string;
        n: number;
      }>`select status as k, count(*)::int as n from oa_equipment_borrow
        where tenant_id = 1 group by status`),
    ).toEqual({ '0': 1, '1': 2, '2': 10, '3': 1, '4': 1 });
    // Every lent piece names the borrower of its one open loan.
    const mismatched = await sql<{ n: number }>`select count(*)::int as n from oa_equipment e
      where e.status = '2' and not exists (select 1 from oa_equipment_borrow b where b.equipment_id = e.id
        and b.borrower = e.borrower and b.status = '2' and b.returned_time is null)`.execute(db);
    expect(mismatched.rows[0]!.n).toBe(0);
    const numbers = await sql<{
      assetNo: string;
    }>`select asset_no as "assetNo" from oa_equipment order by asset_no`.execute(db);
    expect(numbers.rows[0]!.assetNo).toMatch(/^ZC\d{6}$/);
    const span = await sql<{ days: number }>`select extract(day from now() - min(create_time))::int as days
      from oa_equipment_borrow`.execute(db);
    expect(span.rows[0]!.days).toBeGreaterThanOrEqual(100);
    const repairs = await groups(sql<{ k: string; n: number }>`select status as k, count(*)::int as n
      from oa_equipment_repair group by status`);
    expect(repairs).toEqual({ '1': 1, '2': 5 });
  });
});
