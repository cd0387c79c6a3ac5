/**
 * 出车 and 还车 of an approved booking (docs/modules/vehicles.md, "Trips"): PUT
 * /office/vehicleBooking/depart {id, startMileage} and /giveBack {id, endMileage}, both under
 * vehicleBooking:trip. Each locks the booking, then its vehicle, and changes both in one
 * transaction; the vehicle's mileage only ever moves forward.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, checkId, guarded } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';

interface Trip {
  id: string;
  vehicleId: string;
  status: string;
  tripStatus: string;
  startMileage: number | null;
  plateNo: string;
  mileage: number;
  vehicleStatus: string;
}

const MAX_MILEAGE = 5_000_000;

function mileageOf(value: unknown, title: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_MILEAGE)
    throw new ApiError(`请输入${title}（0-${MAX_MILEAGE}的整数）`);
  return n;
}

async function lockTrip(trx: Db, id: string, tenantId: number): Promise<Trip> {
  const booking = await sql<{ vehicleId: string }>`select vehicle_id as "vehicleId" from oa_vehicle_booking
    where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
  if (!booking.rows[0]) throw new ApiError('未找到对应数据');
  const { rows } =
    await sql<Trip>`select b.id, b.vehicle_id as "vehicleId", b.status, b.trip_status as "tripStatus",
      b.start_mileage as "startMileage", v.plate_no as "plateNo", v.mileage, v.status as "vehicleStatus"
    from oa_vehicle_booking b join oa_vehicle v on v.id = b.vehicle_id
    where b.id = ${id} for update of v`.execute(trx);
  const trip = rows[0];
  if (!trip) throw new ApiError('所选车辆不存在');
  return trip;
}

export function registerTripRoutes(app: FastifyInstance, db: Db): void {
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

  app.put('/office/vehicleBooking/depart', access('vehicleBooking:trip'), (request) =>
    guarded(async () => {
      const id = checkId(body(request).id);
      const start = mileageOf(body(request).startMileage, '出车里程');
      await db.transaction().execute(async (trx) => {
        const trip = await lockTrip(trx, id, request.auth!.tenantId);
        if (trip.status !== '2') throw new ApiError('用车申请审批通过后才能出车');
        if (trip.tripStatus !== '0') throw new ApiError('该用车申请已出车');
        if (trip.vehicleStatus !== '1')
          throw new ApiError(
            `车辆「${trip.plateNo}」当前不可用（${VEHICLE_STATUS[trip.vehicleStatus] ?? '未知状态'}）`,
          );
        if (start < trip.mileage) throw new ApiError(`出车里程不能小于车辆当前里程 ${trip.mileage}km`);
        await sql`update oa_vehicle_booking set trip_status = '1', depart_time = now(), start_mileage = ${start},
            row_version = row_version + 1, update_by = ${request.auth!.username}, update_time = now()
          where id = ${id}`.execute(trx);
        await sql`update oa_vehicle set status = '2', mileage = ${start}, row_version = row_version + 1,
            update_time = now() where id = ${trip.vehicleId}`.execute(trx);
      });
      return okMessage('已登记出车');
    }),
  );

  app.put('/office/vehicleBooking/giveBack', access('vehicleBooking:trip'), (request) =>
    guarded(async () => {
      const id = checkId(body(request).id);
      const end = mileageOf(body(request).endMileage, '还车里程');
      await db.transaction().execute(async (trx) => {
        const trip = await lockTrip(trx, id, request.auth!.tenantId);
        if (trip.tripStatus !== '1') throw new ApiError('该用车申请未出车，不能还车');
        const start = trip.startMileage ?? 0;
        if (end < start) throw new ApiError(`还车里程不能小于出车里程 ${start}km`);
        await sql`update oa_vehicle_booking set trip_status = '2', return_time = now(), end_mileage = ${end},
            distance = ${end - start}, row_version = row_version + 1, update_by = ${request.auth!.username},
            update_time = now()
          where id = ${id}`.execute(trx);
        // Forward only; a vehicle sent to the garage meanwhile stays 维修中.
        await sql`update oa_vehicle set mileage = greatest(mileage, ${end}),
            status = case when status = '2' then '1' else status end, row_version = row_version + 1,
            update_time = now() where id = ${trip.vehicleId}`.execute(trx);
      });
      return okMessage('已登记还车');
    }),
  );
}

const VEHICLE_STATUS: Readonly<Record<string, string>> = { '0': '停用', '2': '使用中', '3': '维修中' };
