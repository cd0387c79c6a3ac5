/**
 * The equipment actions a declaration cannot perform itself (docs/modules/office.md, "Equipment"):
 * 归还, 送修, 报废 on the register and 完成维修 on a repair record, each one transaction that
 * changes the equipment only from the status it must be in (a conditional update on the locked
 * row), and the register's 使用记录 view.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { lockAvailable } from './equipment-borrow.js';
import { date, money, rowId, text, type Body } from './equipment-input.js';
import { EQUIPMENT_STATUS, EQUIPMENT_STATUS_TEXT } from './equipment-model.js';

const who = (request: FastifyRequest) => ({
  username: request.auth!.username,
  tenantId: request.auth!.tenantId,
});
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Body;

/** The equipment locked, in `status`, or refused naming what it is now. */
async function lockIn(trx: Db, id: string, tenantId: number, status: string, verb: string) {
  const { rows } = await sql<{ label: string; status: string }>`select coalesce(label, name) as label, status
    from oa_equipment where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
  const found = rows[0];
  if (!found) throw new ApiError('设备不存在');
  if (found.status !== status)
    throw new ApiError(
      `「${found.label}」当前${EQUIPMENT_STATUS_TEXT[found.status] ?? '不可用'}，不能${verb}`,
    );
  return found;
}

async function setStatus(trx: Db, id: string, status: string, extra = sql``): Promise<void> {
  await sql`update oa_equipment set status = ${status}${extra}, row_version = row_version + 1, update_time = now()
    where id = ${id}`.execute(trx);
}

export function registerEquipmentRoutes(app: FastifyInstance, db: Db): void {
  app.put('/office/equipment/giveBack', access('equipment:giveBack'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const id = rowId(body);
      const note = text(body, 'returnNote', '归还说明', 200, false);
      const { tenantId } = who(request);
      await db.transaction().execute(async (trx) => {
        await lockIn(trx, id, tenantId, EQUIPMENT_STATUS.lent, '归还');
        await setStatus(trx, id, EQUIPMENT_STATUS.inStock, sql`, borrower = null`);
        await sql`update oa_equipment_borrow set returned_time = now(), return_note = ${note},
            row_version = row_version + 1
          where equipment_id = ${id} and status = '2' and lent_time is not null and returned_time is null`.execute(
          trx,
        );
      });
      return okMessage('归还成功');
    }),
  );

  app.put('/office/equipment/sendRepair', access('equipment:sendRepair'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const id = rowId(body);
      const fault = text(body, 'fault', '故障描述', 200);
      const vendor = text(body, 'vendor', '维修单位', 100);
      const sendDate = date(body, 'sendDate', '送修日期');
      const { username, tenantId } = who(request);
      await db.transaction().execute(async (trx) => {
        await lockAvailable(trx, id, tenantId, '送修');
        await setStatus(trx, id, EQUIPMENT_STATUS.repair);
        await sql`insert into oa_equipment_repair (id, equipment_id, fault, vendor, send_date, handler, status,
            tenant_id, create_by, create_time)
          values (${newId()}, ${id}, ${fault}, ${vendor}, ${sendDate}, ${username}, '1', ${tenantId}, ${username},
            now())`.execute(trx);
      });
      return okMessage('已送修');
    }),
  );

  app.put('/office/equipment/scrap', access('equipment:scrap'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const id = rowId(body);
      const reason = text(body, 'scrapReason', '报废原因', 200);
      const scrapDate = date(body, 'scrapDate', '报废日期');
      const { tenantId } = who(request);
      await db.transaction().execute(async (trx) => {
        await lockAvailable(trx, id, tenantId, '报废');
        await setStatus(
          trx,
          id,
          EQUIPMENT_STATUS.scrapped,
          sql`, scrap_reason = ${reason}, scrap_date = ${scrapDate}`,
        );
      });
      return okMessage('已报废');
    }),
  );

  app.put('/office/equipmentRepair/finish', access('equipmentRepair:finish'), (request) =>
    guarded(async () => {
      const body = bodyOf(request);
      const id = rowId(body);
      const finishDate = date(body, 'finishDate', '完成日期');
      const cost = money(body, 'cost', '维修费用', 1_000_000);
      const result = text(body, 'result', '维修结果', 200);
      const { tenantId } = who(request);
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ equipmentId: string; status: string; sendDate: string }>`select
            equipment_id as "equipmentId", status, to_char(send_date, 'YYYY-MM-DD') as "sendDate"
          from oa_equipment_repair where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
        const repair = rows[0];
        if (!repair) throw new ApiError('维修记录不存在');
        if (repair.status !== '1') throw new ApiError('该维修记录已完成');
        if (finishDate < repair.sendDate) throw new ApiError('完成日期不能早于送修日期');
        await lockIn(trx, repair.equipmentId, tenantId, EQUIPMENT_STATUS.repair, '完成维修');
        await sql`update oa_equipment_repair set status = '2', finish_date = ${finishDate}, cost = ${cost},
            result = ${result}, row_version = row_version + 1, update_time = now() where id = ${id}`.execute(
          trx,
        );
        await setStatus(trx, repair.equipmentId, EQUIPMENT_STATUS.inStock);
      });
      return okMessage('维修已完成，设备已回到在库');
    }),
  );

  app.get('/office/equipment/history', access('equipment:list'), (request) =>
    guarded(async () => {
      const id = rowId(request.query as Body);
      const { tenantId } = who(request);
      const borrows =
        await sql`select b.borrow_no as "borrowNo", coalesce(u.realname, b.borrower) as borrower,
          b.purpose, coalesce(d.item_text, b.status) as status,
          to_char(b.lent_time, 'YYYY-MM-DD HH24:MI') as "lentTime",
          to_char(b.returned_time, 'YYYY-MM-DD HH24:MI') as "returnedTime"
        from oa_equipment_borrow b left join sys_user u on u.username = b.borrower
        left join sys_dict_item d on d.item_value = b.status
          and d.dict_id = (select id from sys_dict where dict_code = 'approval_status')
        where b.equipment_id = ${id} and b.tenant_id = ${tenantId} order by b.create_time desc`.execute(db);
      const repairs = await sql`select to_char(send_date, 'YYYY-MM-DD') as "sendDate", fault, vendor,
          to_char(finish_date, 'YYYY-MM-DD') as "finishDate", cost,
          case status when '1' then '维修中' else '已完成' end as status
        from oa_equipment_repair where equipment_id = ${id} and tenant_id = ${tenantId}
        order by send_date desc`.execute(db);
      return ok({ borrows: borrows.rows, repairs: repairs.rows });
    }),
  );
}
