/**
 * An equipment borrow request as an approval (docs/modules/office.md, "Equipment"). Before start
 * the equipment row is locked, so two requests for one piece wait for each other: the second sees
 * the first in approval and is refused. When the office approves, the equipment turns 借出 with the
 * borrower in the approval's own transaction, only if it is still 在库 (repaired or scrapped in the
 * meantime: the approval is refused and nothing changes).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { ApprovalHooks } from '../workflow/approval.js';
import { EQUIPMENT_STATUS, EQUIPMENT_STATUS_TEXT } from './equipment-model.js';

interface Equipment {
  label: string;
  status: string;
}

/** The equipment row, locked until the transaction ends; refused unless it is 在库. */
export async function lockAvailable(trx: Db, id: string, tenantId: number, verb: string): Promise<Equipment> {
  const { rows } = await sql<Equipment>`select coalesce(label, name) as label, status from oa_equipment
    where id = ${id} and tenant_id = ${tenantId} for update`.execute(trx);
  const found = rows[0];
  if (!found) throw new ApiError('设备不存在');
  if (found.status !== EQUIPMENT_STATUS.inStock)
    throw new ApiError(`「${found.label}」${EQUIPMENT_STATUS_TEXT[found.status] ?? '不可用'}，不能${verb}`);
  return found;
}

export const BORROW_HOOKS: ApprovalHooks = {
  async beforeStart({ trx, row, actor }) {
    const equipment = await lockAvailable(trx, String(row.equipmentId), actor.tenantId, '申请借用');
    const { rows } = await sql<{ borrowNo: string }>`select borrow_no as "borrowNo" from oa_equipment_borrow
      where equipment_id = ${String(row.equipmentId)} and status = '1' and id <> ${String(row.id)}
      limit 1`.execute(trx);
    if (rows[0])
      throw new ApiError(`「${equipment.label}」已有借用申请在审批中（${rows[0].borrowNo}），不能重复申请`);
  },

  async onApproved({ trx, row, instance }) {
    const lent =
      await sql`update oa_equipment set status = ${EQUIPMENT_STATUS.lent}, borrower = ${String(row.borrower)},
        row_version = row_version + 1, update_time = now()
      where id = ${String(row.equipmentId)} and tenant_id = ${instance.tenantId}
        and status = ${EQUIPMENT_STATUS.inStock}`.execute(trx);
    if (Number(lent.numAffectedRows ?? 0) === 0) {
      await lockAvailable(trx, String(row.equipmentId), instance.tenantId, '借出');
      throw new ApiError('设备不可借出');
    }
    await sql`update oa_equipment_borrow set lent_time = now() where id = ${instance.businessKey}`.execute(
      trx,
    );
  },
};
