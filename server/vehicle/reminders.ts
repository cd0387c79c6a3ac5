/**
 * 车辆到期提醒 (docs/modules/vehicles.md, "Reminders"): insurance policies ending and annual
 * inspections falling due within N days tell the administration office (role office_admin) by a
 * bell notice, once per row: the row's remind_time is claimed with one conditional update, so a
 * second run, or a second server, finds nothing left to tell.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { JobHandler } from '../jobs/handlers/types.js';
import { todayIn } from '../workorder/rules.js';
import { OFFICE_ROLE } from './model.js';

interface Due {
  tenantId: number;
  plateNo: string;
  due: string;
  label: string;
}

/** Claims the rows due within `days` of `today` that were never reminded, and answers them. */
async function claimDue(
  trx: Db,
  today: string,
  days: number,
): Promise<{ insurance: Due[]; inspection: Due[] }> {
  const until = sql`${today}::date + ${days}::int`;
  const insurance = await sql<Due>`update oa_vehicle_insurance i set remind_time = now()
    from oa_vehicle v
    where v.id = i.vehicle_id and i.remind_time is null and i.end_date >= ${today}::date and i.end_date <= ${until}
    returning i.tenant_id as "tenantId", v.plate_no as "plateNo", to_char(i.end_date, 'YYYY-MM-DD') as due,
      i.company || ' ' || i.policy_no as label`.execute(trx);
  const inspection = await sql<Due>`update oa_vehicle_inspection i set remind_time = now()
    from oa_vehicle v
    where v.id = i.vehicle_id and i.remind_time is null and i.next_due_date >= ${today}::date
      and i.next_due_date <= ${until}
    returning i.tenant_id as "tenantId", v.plate_no as "plateNo", to_char(i.next_due_date, 'YYYY-MM-DD') as due,
      coalesce(i.station, '') as label`.execute(trx);
  return { insurance: insurance.rows, inspection: inspection.rows };
}

async function notifyOffice(trx: Db, tenantId: number, title: string, content: string, page: string) {
  const { rows } = await sql<{ id: string }>`select distinct u.id from sys_user u
    join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
    where r.role_code = ${OFFICE_ROLE} and u.del_flag = 0 and u.status = 1`.execute(trx);
  if (rows.length === 0) return;
  const id = newId();
  await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
      msg_category, msg_type, user_ids, send_status, send_time, bus_type, open_type, open_page, create_by)
    values (${id}, ${tenantId}, ${title}, ${content}, ${content}, '系统', 'M', '4', 'USER',
      ${rows.map((r) => r.id).join(',')}, '1', now(), 'vehicleExpiry', 'url', ${page}, 'system')`.execute(
    trx,
  );
  for (const r of rows)
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${id}, ${r.id}, '0')`.execute(trx);
}

/** One run: claims and tells in one transaction (a failed notice leaves the rows for the next run). */
export async function remindVehicleExpiry(db: Db, today: string, days = 30): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { insurance, inspection } = await claimDue(trx, today, days);
    for (const d of insurance)
      await notifyOffice(
        trx,
        d.tenantId,
        `保险即将到期：${d.plateNo}`,
        `车辆「${d.plateNo}」的保单（${d.label}）将于 ${d.due} 到期，请及时续保。`,
        '/office/vehicle/insurance',
      );
    for (const d of inspection)
      await notifyOffice(
        trx,
        d.tenantId,
        `年检即将到期：${d.plateNo}`,
        `车辆「${d.plateNo}」应于 ${d.due} 前完成年检，请及时安排。`,
        '/office/vehicle/annual',
      );
    return insurance.length + inspection.length;
  });
}

export const vehicleExpiryReminder: JobHandler = {
  name: 'vehicleExpiryReminder',
  title: '车辆到期提醒',
  params: {
    type: 'object',
    additionalProperties: false,
    properties: { days: { type: 'integer', minimum: 1, maximum: 365 } },
  },
  async run(ctx, params) {
    const days = typeof params.days === 'number' ? params.days : 30;
    const told = await remindVehicleExpiry(ctx.db, todayIn(ctx.config.timeZone), days);
    return `提醒保险和年检到期${told}条`;
  },
};
