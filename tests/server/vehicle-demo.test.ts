/**
 * The vehicle demo (server/vehicle/demo.ts): at the first start after the mark, twelve vehicles
 * with months of bookings run through the engine, fuel, maintenance, insurance (some ending within
 * 30 days, which the office is told about) and inspections; no two approved bookings of a vehicle
 * overlap; a second start adds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { VEHICLE_DEMO_MARK } from '../../server/vehicle/demo.js';
import { createVehicleTest, type VehicleTest } from './vehicle-helpers.js';

let t: VehicleTest;
beforeAll(async () => {
  t = await createVehicleTest();
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

describe('vehicle demo', () => {
  it('fills the fleet with months of use, once', async () => {
    const db = t.database.db;
    await t.app.close();
    await sql`insert into sys_seed_pending (name) values (${VEHICLE_DEMO_MARK})`.execute(db);
    await start();
    await start();
    const count = async (table: string, where = sql`true`) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
          db,
        )
      ).rows[0]!.n;
    expect(await count('oa_vehicle')).toBe(12);
    expect(await count('oa_vehicle_booking')).toBe(34);
    expect(await count('oa_vehicle_booking', sql`status = '2' and trip_status = '2'`)).toBeGreaterThan(20);
    expect(await count('oa_vehicle_booking', sql`status = '1'`)).toBeGreaterThan(0);
    expect(await count('oa_vehicle_booking', sql`status = '3'`)).toBeGreaterThan(0);
    expect(await count('oa_vehicle_fuel')).toBeGreaterThan(60);
    expect(await count('oa_vehicle_maintenance')).toBeGreaterThan(5);
    expect(await count('oa_vehicle_insurance')).toBe(24);
    const clashes = await count(
      'oa_vehicle_booking',
      sql`status = '2' and exists (select 1 from oa_vehicle_booking o where o.vehicle_id = oa_vehicle_booking.vehicle_id
        and o.id <> oa_vehicle_booking.id and o.status = '2' and o.start_time < oa_vehicle_booking.end_time
        and o.end_time > oa_vehicle_booking.start_time)`,
    );
    expect(clashes).toBe(0);
    const months = await sql<{ days: number }>`select (max(start_time)::date - min(start_time)::date) as days
      from oa_vehicle_booking`.execute(db);
    expect(months.rows[0]!.days).toBeGreaterThan(90);
    // Each vehicle's odometer is at least its last fuel stop and its last return.
    const behind = await count(
      'oa_vehicle',
      sql`mileage < greatest((select max(mileage) from oa_vehicle_fuel f where f.vehicle_id = oa_vehicle.id),
        (select max(end_mileage) from oa_vehicle_booking b where b.vehicle_id = oa_vehicle.id))`,
    );
    expect(behind).toBe(0);
    expect(await count('oa_vehicle_insurance', sql`remind_time is not null`)).toBeGreaterThan(2);
  });
});
