/**
 * The vehicle demo (docs/modules/vehicles.md, "Demo"), at the first start of a database marked
 * `vehicle-demo`: twelve vehicles, four months of bookings run through the real approval engine
 * (most driven and returned, a few waiting, rejected or withdrawn, some in the coming days),
 * fuel records, maintenance, insurance (some ending within 30 days) and inspections; then one
 * reminder run, so the office's bell shows the policies about to expire. Test databases drop the mark.
 */
import { sql } from 'kysely';
import { settleDemoTaskNotices } from '../workflow/notify.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { todayIn } from '../workorder/rules.js';
import { approveTask, rejectTask, withdrawInstance } from '../workflow/actions.js';
import type { Approvals } from '../workflow/approval.js';
import { startApprovalOf } from '../workflow/approval-routes.js';
import { BOOKERS, DEMO_VEHICLES, DESTINATIONS } from './demo-data.js';
import { actorOf, addRecords, dailyRecords, openTask, type DemoCtx } from './demo-records.js';
import { remindVehicleExpiry } from './reminders.js';

export const VEHICLE_DEMO_MARK = 'vehicle-demo';
const BOOKINGS = 34;

type Outcome = 'returned' | 'approved' | 'atManager' | 'atOffice' | 'rejected' | 'withdrawn';

/** Booking n: day offset (negative = past), vehicle index, outcome. Past ones never overlap (own day). */
function plan(n: number): { day: number; vehicle: number; outcome: Outcome } {
  const day = -118 + n * 4 + (n % 3);
  const vehicle = [0, 2, 4, 1, 6, 8, 3, 5, 11, 10][n % 10]!;
  if (day >= 0)
    return { day, vehicle, outcome: n % 3 === 0 ? 'atManager' : n % 3 === 1 ? 'atOffice' : 'approved' };
  const outcome: Outcome = n % 11 === 5 ? 'rejected' : n % 13 === 7 ? 'withdrawn' : 'returned';
  return { day, vehicle, outcome };
}

async function runBooking(ctx: DemoCtx, n: number, vehicleIds: string[], mileage: number[]): Promise<void> {
  const entry = ctx.approvals.entryOfBase('/office/vehicleBooking');
  if (!entry) return;
  const { db, tz } = ctx;
  const { day, vehicle, outcome } = plan(n);
  const who = BOOKERS[n % BOOKERS.length]!;
  const actor = await actorOf(db, who);
  const [destination, reason] = DESTINATIONS[n % DESTINATIONS.length]!;
  const date = new Date(Date.parse(`${ctx.today}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = n % 2 ? ['08:30', '12:00'] : ['13:30', '18:00'];
  const id = newId();
  const bookingNo = `YC${date.replaceAll('-', '')}-${String(n + 1).padStart(3, '0')}`;
  await sql`insert into oa_vehicle_booking (id, booking_no, applicant, department, vehicle_id, start_time, end_time,
      destination, passengers, driver, reason, status, trip_status, tenant_id, create_by, sys_org_code)
    values (${id}, ${bookingNo}, ${who}, ${actor.orgCode}, ${vehicleIds[vehicle]!},
      ${`${date} ${from}`}::timestamp at time zone ${tz}, ${`${date} ${to}`}::timestamp at time zone ${tz},
      ${destination}, ${Math.min(1 + (n % 4), DEMO_VEHICLES[vehicle]![4])}, ${DEMO_VEHICLES[vehicle]![5]}, ${reason}, '0', '0', 0, ${who}, ${actor.orgCode})`.execute(
    db,
  );
  const bindings = ctx.approvals.bindings();
  await startApprovalOf({ db, bindings, approvals: ctx.approvals }, entry, id, actor);
  const { rows } = await sql<{ procInsId: string }>`select proc_ins_id as "procInsId" from oa_vehicle_booking
    where id = ${id}`.execute(db);
  const instanceId = rows[0]!.procInsId;
  if (outcome === 'withdrawn') await withdrawInstance(db, bindings, instanceId, actor);
  else if (outcome === 'rejected') {
    const task = await openTask(db, instanceId);
    await rejectTask(
      db,
      bindings,
      task!.id,
      await actorOf(db, task!.who),
      '该时段车辆已安排接待任务，请改约其他车辆',
    );
  } else if (outcome !== 'atManager') {
    const first = await openTask(db, instanceId);
    await approveTask(db, bindings, first!.id, await actorOf(db, first!.who), '同意');
    if (outcome !== 'atOffice') {
      const second = await openTask(db, instanceId);
      await approveTask(db, bindings, second!.id, await actorOf(db, second!.who), '已派车');
    }
  }
  if (outcome === 'returned') {
    const start = mileage[vehicle]!;
    const end = start + 30 + ((n * 37) % 180);
    mileage[vehicle] = end;
    await sql`update oa_vehicle_booking set trip_status = '2', start_mileage = ${start}, end_mileage = ${end},
        distance = ${end - start}, depart_time = start_time, return_time = end_time where id = ${id}`.execute(
      db,
    );
  }
  // Everything the booking wrote, back to a day before its trip.
  const back = `${Math.max(-day + 2, 0)} days`;
  await sql`update wf_instance set create_time = create_time - ${back}::interval,
      end_time = end_time - ${back}::interval where id = ${instanceId}`.execute(db);
  await sql`update wf_task set create_time = create_time - ${back}::interval,
      done_time = done_time - ${back}::interval where instance_id = ${instanceId}`.execute(db);
  await sql`update wf_history set create_time = create_time - ${back}::interval
    where instance_id = ${instanceId}`.execute(db);
  await sql`update oa_vehicle_booking set create_time = create_time - ${back}::interval where id = ${id}`.execute(
    db,
  );
}

/** A booking the engine refuses is left out; the rest of the demo still runs. */
async function runSafely(ctx: DemoCtx, n: number, ids: string[], mileage: number[]): Promise<void> {
  await runBooking(ctx, n, ids, mileage).catch(() => undefined);
}

async function seedFleet(db: Db): Promise<{ ids: string[]; mileage: number[] }> {
  const ids: string[] = [];
  for (const [plate, brand, model, type, seats, driver, dept, bought, price, km, status] of DEMO_VEHICLES) {
    const id = newId();
    ids.push(id);
    await sql`insert into oa_vehicle (id, plate_no, brand, model, vehicle_type, seats, driver, department,
        purchase_date, purchase_price, mileage, status, tenant_id, create_by, create_time)
      values (${id}, ${plate}, ${brand}, ${model}, ${type}, ${seats}, ${driver}, ${dept}, ${bought}, ${price},
        ${km}, ${status}, 0, 'xuming', now() - interval '130 days')`.execute(db);
  }
  return { ids, mileage: DEMO_VEHICLES.map((v) => v[9]) };
}

/** Takes the mark and seeds once; a booking that fails is skipped (the others still run). */
export async function seedVehicleDemo(db: Db, approvals: Approvals, tz: string): Promise<void> {
  const taken =
    await sql`delete from sys_seed_pending where name = ${VEHICLE_DEMO_MARK} returning name`.execute(db);
  if (taken.rows.length === 0) return;
  const today = todayIn(tz);
  const ctx: DemoCtx = { db, approvals, tz, today, lastFuel: new Map(), lastService: new Map() };
  const { ids, mileage } = await seedFleet(db);
  // Day by day, so bookings, fuel and maintenance read one growing odometer per vehicle.
  let n = 0;
  for (let day = -120; day < 0; day += 1) {
    await dailyRecords(ctx, ids, mileage, day);
    while (n < BOOKINGS && plan(n).day === day) await runSafely(ctx, n++, ids, mileage);
  }
  for (; n < BOOKINGS; n += 1) await runSafely(ctx, n, ids, mileage);
  await addRecords(ctx, ids, mileage);
  await remindVehicleExpiry(db, today, 30);
  await settleDemoTaskNotices(db);
}
