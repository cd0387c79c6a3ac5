/**
 * Vehicle records (docs/modules/vehicles.md): insurance and inspections due within 30 days (the
 * list tab and the office's bell notice, once per row), fuel records and the consumption summary,
 * the grants of the office and of staff. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../server/workorder/rules.js';
import { remindVehicleExpiry } from '../../server/vehicle/reminders.js';
import type { Page } from './entity-helpers.js';
import { createVehicleTest, type VehicleTest } from './vehicle-helpers.js';

let t: VehicleTest;
let today: string;
beforeAll(async () => {
  t = await createVehicleTest();
  today = todayIn(t.config.timeZone);
});
afterAll(() => t.close());

const day = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

let policy = 0;
async function insure(vehicleId: string, endOffset: number): Promise<string> {
  const policyNo = `PDAA${Date.now()}${(policy += 1)}`;
  const res = await t.send(
    'POST',
    '/office/vehicleInsurance/add',
    {
      vehicleId,
      company: '中国人民财产保险',
      policyNo,
      insuranceType: '2',
      startDate: day(endOffset - 365),
      endDate: day(endOffset),
      premium: 4520.5,
    },
    t.tokens.xuming,
  );
  if (!res.success) throw new Error(res.message);
  return policyNo;
}

const bellTitles = async (token: string) =>
  JSON.stringify((await t.get('/sys/annountCement/listByUser', token)).result);

describe('insurance and inspections', () => {
  it('即将到期 lists policies ending within 30 days; the office is told once per policy', async () => {
    const car = await t.vehicle();
    const soon = await insure(car.id, 12);
    const later = await insure(car.id, 90);
    const lapsed = await insure(car.id, -3);
    const list = await t.get<Page<{ policyNo: string }>>(
      '/office/vehicleInsurance/list?due=soon&pageSize=100',
      t.tokens.xuming,
    );
    const numbers = list.result!.records.map((r) => r.policyNo);
    expect(numbers).toContain(soon);
    expect(numbers).not.toContain(later);
    expect(numbers).not.toContain(lapsed);
    const all = await t.get<Page<{ policyNo: string }>>(
      '/office/vehicleInsurance/list?due=all&pageSize=100',
      t.tokens.xuming,
    );
    expect(all.result!.records.map((r) => r.policyNo)).toEqual(expect.arrayContaining([soon, later, lapsed]));
    expect((await t.get('/office/vehicleInsurance/list?due=x', t.tokens.xuming)).message).toBe(
      '参数不识别：due=x',
    );

    const inspected = await t.send(
      'POST',
      '/office/vehicleInspection/add',
      { vehicleId: car.id, inspectDate: day(-340), result: '1', nextDueDate: day(25), station: '北苑检测场' },
      t.tokens.xuming,
    );
    expect(inspected.success).toBe(true);
    const dueInspections = await t.get<Page<{ vehicleId: string }>>(
      '/office/vehicleInspection/list?due=soon',
      t.tokens.xuming,
    );
    expect(dueInspections.result!.records.map((r) => r.vehicleId)).toContain(car.id);

    expect(await remindVehicleExpiry(t.database.db, today, 30)).toBe(2);
    const bell = await bellTitles(t.tokens.xuming);
    expect(bell).toContain(`保险即将到期：${car.plateNo}`);
    expect(bell).toContain(`年检即将到期：${car.plateNo}`);
    // Staff outside the office are not told.
    expect(await bellTitles(t.tokens.chenjing)).not.toContain(car.plateNo);
    // A second run (or a second server) finds nothing left to tell.
    expect(await remindVehicleExpiry(t.database.db, today, 30)).toBe(0);
  });

  it('refuses an end before the start and a duplicate policy number', async () => {
    const car = await t.vehicle();
    const no = await insure(car.id, 200);
    const twice = await t.send(
      'POST',
      '/office/vehicleInsurance/add',
      {
        vehicleId: car.id,
        company: 'x',
        policyNo: no,
        insuranceType: '1',
        startDate: day(0),
        endDate: day(365),
        premium: 950,
      },
      t.tokens.xuming,
    );
    expect(twice.success).toBe(false);
    const reversed = await t.send(
      'POST',
      '/office/vehicleInsurance/add',
      {
        vehicleId: car.id,
        company: 'x',
        policyNo: 'PD-REV-001',
        insuranceType: '1',
        startDate: day(10),
        endDate: day(0),
        premium: 950,
      },
      t.tokens.xuming,
    );
    expect(reversed.message).toBe('到期日期须晚于起保日期');
  });
});

describe('fuel', () => {
  it('the summary gives litres per 100 km from the fills after the first', async () => {
    const car = await t.vehicle({ mileage: 10000 });
    for (const [offset, litres, amount, mileage] of [
      [-30, 45, 342, 10000],
      [-20, 40, 304, 10500],
      [-10, 38, 292.6, 11000],
    ] as const) {
      const res = await t.send(
        'POST',
        '/office/vehicleFuel/add',
        { vehicleId: car.id, fuelDate: day(offset), litres, amount, mileage },
        t.tokens.xuming,
      );
      expect(res.success, res.message).toBe(true);
    }
    const fuel = await t.get<Page<{ unitPrice: number }>>(
      `/office/vehicleFuel/list?vehicleId=${car.id}`,
      t.tokens.xuming,
    );
    expect(fuel.result!.records.map((r) => r.unitPrice)).toEqual([7.7, 7.6, 7.6]);
    const stat = await t.get<Page<Record<string, unknown>>>(
      `/office/vehicleFuelStat/list?vehicleId=${car.id}`,
      t.tokens.xuming,
    );
    expect(stat.result!.records).toEqual([
      expect.objectContaining({
        vehicleId: car.id,
        vehicleId_dictText: car.plateNo,
        fuelCount: 3,
        totalLitres: 123,
        distance: 1000,
        consumption: 7.8,
        costPerKm: 0.6,
      }),
    ]);
    // In a window holding only the last fill there is no distance, so no figure.
    const one = await t.get<Page<Record<string, unknown>>>(
      `/office/vehicleFuelStat/list?vehicleId=${car.id}&fuelDate_begin=${day(-12)}`,
      t.tokens.xuming,
    );
    expect(one.result!.records[0]).toMatchObject({ fuelCount: 1, consumption: null });
    expect((await t.get('/office/vehicleFuelStat/list', t.tokens.chenjing)).success).toBe(false);
  });
});
