/**
 * The vehicle booking as an approval (docs/modules/vehicles.md, "No double booking"): on submit the
 * vehicle must be usable, big enough and free; when the office approves, the clash is checked again
 * inside the approval's transaction. Both checks first lock the vehicle's row, so two submits or
 * two approvals for the same vehicle run one after the other and the second sees the first.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { ApprovalHooks } from '../workflow/approval.js';

interface Vehicle {
  plateNo: string;
  seats: number;
  status: string;
}

interface Clash {
  who: string;
  span: string;
}

/** Locks the booking's vehicle (the serialisation point of every check) and answers it. */
async function lockVehicle(trx: Db, bookingId: string): Promise<Vehicle> {
  const { rows } = await sql<Vehicle>`select v.plate_no as "plateNo", v.seats, v.status
    from oa_vehicle v join oa_vehicle_booking b on b.vehicle_id = v.id and b.tenant_id = v.tenant_id
    where b.id = ${bookingId} for update of v`.execute(trx);
  const vehicle = rows[0];
  if (!vehicle) throw new ApiError('所选车辆不存在');
  return vehicle;
}

/**
 * The earliest other booking of the same vehicle, in one of `statuses`, whose time overlaps this
 * one's (touching ends do not clash), worded like 「张伟」的用车申请 11-26 09:00-12:00.
 */
export async function findClash(
  trx: Db,
  bookingId: string,
  statuses: readonly string[],
  timeZone: string,
): Promise<Clash | undefined> {
  const local = (column: string) => sql`(${sql.ref(column)} at time zone ${timeZone})`;
  const { rows } = await sql<Clash>`select coalesce(u.realname, o.applicant) as who,
      to_char(${local('o.start_time')}, 'MM-DD HH24:MI') || '-' ||
        case when ${local('o.start_time')}::date = ${local('o.end_time')}::date
          then to_char(${local('o.end_time')}, 'HH24:MI') else to_char(${local('o.end_time')}, 'MM-DD HH24:MI') end
        as span
    from oa_vehicle_booking s
    join oa_vehicle_booking o on o.vehicle_id = s.vehicle_id and o.tenant_id = s.tenant_id and o.id <> s.id
      and o.start_time < s.end_time and o.end_time > s.start_time
    left join sys_user u on u.username = o.applicant
    where s.id = ${bookingId} and o.status in (${sql.join(statuses)})
    order by o.start_time limit 1`.execute(trx);
  return rows[0];
}

const clashMessage = (clash: Clash) => `时间与「${clash.who}」的用车申请 ${clash.span} 冲突`;

export function bookingHooks(timeZone: string): ApprovalHooks {
  return {
    async beforeStart({ trx, row }) {
      const id = String(row.id);
      const vehicle = await lockVehicle(trx, id);
      if (vehicle.status === '0') throw new ApiError(`车辆「${vehicle.plateNo}」已停用，不能申请`);
      if (vehicle.status === '3') throw new ApiError(`车辆「${vehicle.plateNo}」维修中，不能申请`);
      if (Number(row.passengers) > vehicle.seats)
        throw new ApiError(`乘车人数超过车辆「${vehicle.plateNo}」的座位数（${vehicle.seats}座）`);
      // 1 审批中, 2 已通过: a booking waiting for approval holds the time as firmly as an approved one.
      const clash = await findClash(trx, id, ['1', '2'], timeZone);
      if (clash) throw new ApiError(clashMessage(clash));
      return { seats: vehicle.seats };
    },

    async onApproved({ trx, instance }) {
      await lockVehicle(trx, instance.businessKey);
      // The row already reads 已通过; another approved booking that overlaps means a race was lost.
      const clash = await findClash(trx, instance.businessKey, ['2'], timeZone);
      if (clash) throw new ApiError(clashMessage(clash));
    },
  };
}
