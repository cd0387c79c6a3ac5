/**
 * The vehicle demo's records besides bookings (demo.ts): daily driving with a fuel stop every two
 * weeks and a service every 5,000 km, then insurance and inspections, some due within 30 days.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { Approvals } from '../workflow/approval.js';
import type { Actor } from '../workflow/service.js';
import { DEMO_VEHICLES, GARAGES, INSURERS, STATIONS } from './demo-data.js';

export interface DemoCtx {
  db: Db;
  approvals: Approvals;
  tz: string;
  /** YYYY-MM-DD in the app's time zone. */
  today: string;
  /** Odometer at each vehicle's last fuel stop and last service. */
  lastFuel: Map<number, number>;
  lastService: Map<number, number>;
}

export async function actorOf(db: Db, username: string): Promise<Actor> {
  const { rows } = await sql<{ realname: string; orgCode: string | null }>`select realname,
      org_code as "orgCode" from sys_user where username = ${username}`.execute(db);
  return {
    username,
    realname: rows[0]?.realname ?? username,
    orgCode: rows[0]?.orgCode ?? null,
    tenantId: 0,
  };
}

export async function openTask(db: Db, instanceId: string) {
  const { rows } = await sql<{ id: string; who: string }>`select id, coalesce(assignee,
      split_part(trim(both ',' from candidates), ',', 1)) as who
    from wf_task where instance_id = ${instanceId} and status = 'todo' limit 1`.execute(db);
  return rows[0];
}

export const dayOf = (today: string, offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** L/100km by vehicle (0: electric, never fuelled). */
const RATE = [8.2, 8.9, 11.5, 10.8, 0, 6.1, 11.9, 9.3, 14.8, 24.5, 12.6, 9.6];

/** One day of driving for every vehicle in use, its fuel stop and its service when due. */
export async function dailyRecords(
  ctx: DemoCtx,
  ids: string[],
  mileage: number[],
  day: number,
): Promise<void> {
  const date = dayOf(ctx.today, day);
  const { lastFuel, lastService } = ctx;
  for (const [v, vehicle] of DEMO_VEHICLES.entries()) {
    const status = vehicle[10];
    if (status === '0' || (status === '3' && day > -3)) continue;
    mileage[v] = mileage[v]! + 18 + ((((v * 7 + day * 3) % 25) + 25) % 25);
    if (!lastFuel.has(v)) lastFuel.set(v, mileage[v]!);
    if (!lastService.has(v)) lastService.set(v, mileage[v]! - 4000 + v * 300);
    if (RATE[v]! > 0 && (day + 120 + v) % 14 === 0) {
      const litres = Math.round(((mileage[v]! - lastFuel.get(v)!) * RATE[v]!) / 10) / 10;
      const price = 7.62 + (day % 5) * 0.03;
      await sql`insert into oa_vehicle_fuel (id, vehicle_id, fuel_date, litres, amount, unit_price, mileage, station,
          handler, tenant_id, create_by, create_time)
        values (${newId()}, ${ids[v]!}, ${date}, ${litres}, ${Math.round(litres * price * 100) / 100},
          ${Math.round(price * 100) / 100}, ${mileage[v]!}, ${STATIONS[v % STATIONS.length]!}, ${vehicle[5]}, 0,
          ${vehicle[5]}, ${date}::date)`.execute(ctx.db);
      lastFuel.set(v, mileage[v]!);
    }
    if (mileage[v]! - lastService.get(v)! >= 5000) {
      await maintenance(ctx, ids[v]!, date, mileage[v]!, '1', 420 + v * 35, '更换机油、机滤，常规检查');
      lastService.set(v, mileage[v]!);
    }
  }
}

async function maintenance(
  ctx: DemoCtx,
  vehicleId: string,
  date: string,
  km: number,
  type: string,
  cost: number,
  content: string,
): Promise<void> {
  const next = type === '1' ? dayOf(date, 180) : null;
  await sql`insert into oa_vehicle_maintenance (id, vehicle_id, maint_type, maint_date, mileage, cost, garage,
      content, next_due_date, next_due_mileage, handler, tenant_id, create_by, create_time)
    values (${newId()}, ${vehicleId}, ${type}, ${date}, ${km}, ${cost}, ${GARAGES[km % GARAGES.length]!}, ${content},
      ${next}, ${type === '1' ? km + 5000 : null}, 'xuming', 0, 'xuming', ${date}::date)`.execute(ctx.db);
}

/** Days from today to each vehicle's insurance end (a few within 30 days, one lapsed: the retired bus). */
const INSURANCE_END = [6, 143, 12, 201, 25, 268, 88, 47, 310, -5, 173, 230];
/** Days from today to each vehicle's next inspection. */
const INSPECTION_DUE = [97, 18, 240, 150, 412, 530, 61, 9, 118, 75, 205, 630];

export async function addRecords(ctx: DemoCtx, ids: string[], mileage: number[]): Promise<void> {
  const { db, today } = ctx;
  for (const [v, vehicle] of DEMO_VEHICLES.entries()) {
    const end = dayOf(today, INSURANCE_END[v]!);
    const start = dayOf(end, -365);
    for (const [type, premium, prefix] of [
      ['1', vehicle[4] > 9 ? 1980 : 950, 'JQ'],
      ['2', Math.round(vehicle[8] * 0.021), 'SY'],
    ] as const)
      await sql`insert into oa_vehicle_insurance (id, vehicle_id, company, policy_no, insurance_type, start_date,
          end_date, premium, tenant_id, create_by, create_time)
        values (${newId()}, ${ids[v]!}, ${INSURERS[v % INSURERS.length]!},
          ${`${prefix}${start.replaceAll('-', '')}${String(v + 1).padStart(4, '0')}`}, ${type}, ${start}, ${end},
          ${premium}, 0, 'xuming', ${start}::date)`.execute(db);
    const due = dayOf(today, INSPECTION_DUE[v]!);
    const inspected = dayOf(due, INSPECTION_DUE[v]! > 365 ? -730 : -365);
    await sql`insert into oa_vehicle_inspection (id, vehicle_id, inspect_date, result, station, cost, next_due_date,
        handler, tenant_id, create_by, create_time)
      values (${newId()}, ${ids[v]!}, ${inspected}, '1', '北京市机动车检测场（北苑）', ${vehicle[4] > 9 ? 480 : 260},
        ${due}, 'xuming', 0, 'xuming', ${inspected}::date)`.execute(db);
    await sql`update oa_vehicle set mileage = ${mileage[v]!} where id = ${ids[v]!}`.execute(db);
  }
  // The SUV in the garage now, and two earlier repairs.
  await maintenance(
    ctx,
    ids[7]!,
    dayOf(today, -2),
    mileage[7]!,
    '2',
    3860,
    '右前悬挂异响，更换减震器及下摆臂',
  );
  await maintenance(
    ctx,
    ids[3]!,
    dayOf(today, -64),
    mileage[3]! - 2100,
    '2',
    1280,
    '更换前刹车片、刹车盘打磨',
  );
  await maintenance(ctx, ids[8]!, dayOf(today, -37), mileage[8]! - 1600, '2', 2350, '空调压缩机维修');
}
