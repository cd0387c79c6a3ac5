/**
 * Vehicles (docs/modules/vehicles.md): registration checks, bookings through manager and office,
 * no double booking on submit and inside the approval, 出车 / 还车 moving the mileage forward.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (real concurrency there).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { createVehicleTest, freshPlate, type VehicleTest } from './vehicle-helpers.js';

let t: VehicleTest;
beforeAll(async () => {
  t = await createVehicleTest();
});
afterAll(() => t.close());

describe('vehicle registration', () => {
  it('checks the plate format and keeps plates unique, in Chinese', async () => {
    const bad = await t.send(
      'POST',
      '/office/vehicleInfo/add',
      { plateNo: 'AB12345', brand: '丰田', vehicleType: '1', seats: 5, mileage: 0, status: '1' },
      t.tokens.xuming,
    );
    expect(bad.message).toBe('车牌号格式不正确，如 京A12345，新能源车如 京AD12345');
    const ev = await t.vehicle({ plateNo: '京AD12345', vehicleType: '7' });
    expect(ev.plateNo).toBe('京AD12345');
    const twice = await t.send(
      'POST',
      '/office/vehicleInfo/add',
      { plateNo: '京AD12345', brand: '比亚迪', vehicleType: '7', seats: 5, mileage: 0, status: '1' },
      t.tokens.xuming,
    );
    expect(twice.success).toBe(false);
    expect(twice.message).toContain('车牌号');
    // Staff book cars; they do not register them.
    const staff = await t.send(
      'POST',
      '/office/vehicleInfo/add',
      { plateNo: freshPlate(), brand: '丰田', vehicleType: '1', seats: 5, mileage: 0, status: '1' },
      t.tokens.chenjing,
    );
    expect(staff.success).toBe(false);
  });
});

describe('bookings', () => {
  it('manager then office approve; 出车 and 还车 record the mileage and move the vehicle forward', async () => {
    const car = await t.vehicle({ mileage: 5000 });
    const row = await t.booking(t.tokens.chenjing, car.id, '2031-03-02 09:00:00', '2031-03-02 12:00:00');
    expect(row.bookingNo).toMatch(/^YC\d{8}-\d{3}$/);
    expect((await t.start(row.id, t.tokens.chenjing)).success).toBe(true);
    expect(await t.bookingRow(row.id)).toMatchObject({ status: '1', currentNode: '部门经理审批' });
    const edit = await t.send(
      'PUT',
      '/office/vehicleBooking/edit',
      { id: row.id, destination: '改' },
      t.tokens.chenjing,
    );
    expect(edit.message).toBe('审批中或已通过的用车申请不能修改');
    expect((await t.approve(row.id, t.tokens.zhangwei)).success).toBe(true);
    expect((await t.bookingRow(row.id)).currentNode).toBe('行政办公室派车');
    // Not yet approved: no trip.
    const early = await t.send(
      'PUT',
      '/office/vehicleBooking/depart',
      { id: row.id, startMileage: 5000 },
      t.tokens.xuming,
    );
    expect(early.message).toBe('用车申请审批通过后才能出车');
    expect((await t.approve(row.id, t.tokens.xuming)).success).toBe(true);
    expect(await t.bookingRow(row.id)).toMatchObject({ status: '2', status_dictText: '已通过' });

    const staffTrip = await t.send(
      'PUT',
      '/office/vehicleBooking/depart',
      { id: row.id, startMileage: 5000 },
      t.tokens.chenjing,
    );
    expect(staffTrip.success).toBe(false);
    const back = await t.send(
      'PUT',
      '/office/vehicleBooking/depart',
      { id: row.id, startMileage: 4999 },
      t.tokens.xuming,
    );
    expect(back.message).toBe('出车里程不能小于车辆当前里程 5000km');
    expect(
      (
        await t.send(
          'PUT',
          '/office/vehicleBooking/depart',
          { id: row.id, startMileage: 5010 },
          t.tokens.xuming,
        )
      ).success,
    ).toBe(true);
    expect(await t.vehicleRow(car.id)).toMatchObject({ status: '2', mileage: 5010 });
    const short = await t.send(
      'PUT',
      '/office/vehicleBooking/giveBack',
      { id: row.id, endMileage: 5009 },
      t.tokens.xuming,
    );
    expect(short.message).toBe('还车里程不能小于出车里程 5010km');
    expect(
      (
        await t.send(
          'PUT',
          '/office/vehicleBooking/giveBack',
          { id: row.id, endMileage: 5138 },
          t.tokens.xuming,
        )
      ).success,
    ).toBe(true);
    expect(await t.bookingRow(row.id)).toMatchObject({ tripStatus: '2', distance: 128 });
    expect(await t.vehicleRow(car.id)).toMatchObject({ status: '1', mileage: 5138 });
    const again = await t.send(
      'PUT',
      '/office/vehicleBooking/giveBack',
      { id: row.id, endMileage: 5200 },
      t.tokens.xuming,
    );
    expect(again.message).toBe('该用车申请未出车，不能还车');
  });

  it('refuses on submit a time that overlaps an approved or waiting booking, naming the clash', async () => {
    const car = await t.vehicle();
    const first = await t.booking(t.tokens.majun, car.id, '2031-11-26 09:00:00', '2031-11-26 12:00:00');
    expect((await t.start(first.id, t.tokens.majun)).success).toBe(true);
    const clash = await t.booking(t.tokens.chenjing, car.id, '2031-11-26 11:00:00', '2031-11-26 14:00:00');
    const refused = await t.start(clash.id, t.tokens.chenjing);
    expect(refused.message).toBe('时间与「马军」的用车申请 11-26 09:00-12:00 冲突');
    expect((await t.bookingRow(clash.id)).status).toBe('0');
    // Touching ends do not clash; another vehicle does not either.
    const after = await t.booking(t.tokens.chenjing, car.id, '2031-11-26 12:00:00', '2031-11-26 13:00:00');
    expect((await t.start(after.id, t.tokens.chenjing)).success).toBe(true);
    const other = await t.vehicle();
    const elsewhere = await t.booking(
      t.tokens.chenjing,
      other.id,
      '2031-11-26 10:00:00',
      '2031-11-26 11:00:00',
    );
    expect((await t.start(elsewhere.id, t.tokens.chenjing)).success).toBe(true);
    // Once the first is withdrawn its time is free again.
    expect(
      (await t.send('PUT', '/office/vehicleBooking/withdraw', { id: first.id }, t.tokens.majun)).success,
    ).toBe(true);
    const retry = await t.booking(t.tokens.chenjing, car.id, '2031-11-26 09:30:00', '2031-11-26 11:30:00');
    expect((await t.start(retry.id, t.tokens.chenjing)).success).toBe(true);
  });

  it('refuses a vehicle in the garage, too many passengers, bad times and someone else’s booking', async () => {
    const garage = await t.vehicle({ status: '3' });
    const b1 = await t.booking(t.tokens.chenjing, garage.id, '2031-05-01 09:00:00', '2031-05-01 10:00:00');
    expect((await t.start(b1.id, t.tokens.chenjing)).message).toBe(
      `车辆「${garage.plateNo}」维修中，不能申请`,
    );
    const small = await t.vehicle({ seats: 2 });
    const b2 = await t.booking(t.tokens.chenjing, small.id, '2031-05-01 09:00:00', '2031-05-01 10:00:00', {
      passengers: 4,
    });
    expect((await t.start(b2.id, t.tokens.chenjing)).message).toBe(
      `乘车人数超过车辆「${small.plateNo}」的座位数（2座）`,
    );
    expect((await t.start(b2.id, t.tokens.majun)).message).toBe('只能操作本人的用车申请');
    const reversed = await t.send(
      'POST',
      '/office/vehicleBooking/add',
      {
        vehicleId: small.id,
        startTime: '2031-05-01 10:00:00',
        endTime: '2031-05-01 09:00:00',
        destination: 'x',
        reason: 'x',
        passengers: 1,
      },
      t.tokens.chenjing,
    );
    expect(reversed.message).toBe('结束时间须晚于开始时间');
  });

  it('lists one’s own bookings; everyone’s only with vehicleBooking:all', async () => {
    const mine = await t.get<Page<{ applicant: string }>>(
      '/office/vehicleBooking/list?type=1&pageSize=200',
      t.tokens.chenjing,
    );
    expect(mine.result!.records.length).toBeGreaterThan(0);
    expect(mine.result!.records.every((r) => r.applicant === 'chenjing')).toBe(true);
    expect((await t.get('/office/vehicleBooking/list?type=2', t.tokens.chenjing)).success).toBe(false);
    expect((await t.get('/office/vehicleBooking/list', t.tokens.chenjing)).success).toBe(false);
    const all = await t.get<Page<{ applicant: string }>>(
      '/office/vehicleBooking/list?type=2&pageSize=200',
      t.tokens.xuming,
    );
    expect(new Set(all.result!.records.map((r) => r.applicant))).toEqual(new Set(['chenjing', 'majun']));
  });

  it('two submits for overlapping times: one wins, the other names it', async () => {
    const car = await t.vehicle();
    const a = await t.booking(t.tokens.chenjing, car.id, '2031-07-01 09:00:00', '2031-07-01 11:00:00');
    const b = await t.booking(t.tokens.majun, car.id, '2031-07-01 10:00:00', '2031-07-01 12:00:00');
    const results = await Promise.all([t.start(a.id, t.tokens.chenjing), t.start(b.id, t.tokens.majun)]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)!.message).toMatch(
      /^时间与「(陈静|马军)」的用车申请 07-01 (09:00-11:00|10:00-12:00) 冲突$/,
    );
  });

  it('two approvals for overlapping times: one wins, the other is refused and stays with the office', async () => {
    const car = await t.vehicle();
    const a = await t.booking(t.tokens.chenjing, car.id, '2031-08-01 09:00:00', '2031-08-01 11:00:00');
    const b = await t.booking(t.tokens.majun, car.id, '2031-08-02 09:00:00', '2031-08-02 11:00:00');
    for (const [row, token] of [
      [a, t.tokens.chenjing],
      [b, t.tokens.majun],
    ] as const) {
      expect((await t.start(row.id, token)).success).toBe(true);
      expect((await t.approve(row.id, t.tokens.zhangwei)).success).toBe(true);
    }
    // A race the submit check lost (both were waiting for the same hours): moved by hand to overlap.
    await sql`update oa_vehicle_booking set start_time = start_time - interval '1 day' + interval '1 hour',
        end_time = end_time - interval '1 day' + interval '1 hour' where id = ${b.id}`.execute(t.database.db);
    const results = await Promise.all([t.approve(a.id, t.tokens.xuming), t.approve(b.id, t.tokens.xuming)]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const loser = results.find((r) => !r.success)!;
    expect(loser.message).toMatch(/^时间与「(陈静|马军)」的用车申请 08-01 (09:00-11:00|10:00-12:00) 冲突$/);
    const rows = [await t.bookingRow(a.id), await t.bookingRow(b.id)];
    expect(rows.map((r) => r.status).sort()).toEqual(['1', '2']);
    expect(rows.find((r) => r.status === '1')!.currentNode).toBe('行政办公室派车');
  });
});
