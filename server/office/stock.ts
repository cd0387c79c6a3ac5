/**
 * Every stock change of the catalogue (docs/modules/office.md, "Stock"): one conditional update that
 * never lets the stock go below zero, also with concurrent transactions (the row lock serialises
 * them and the second re-checks the condition against the first's result), the ledger row with the
 * quantities before and after, and the low-stock notice when the stock falls below the safety stock.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { OFFICE_ROLE } from './model.js';

/** office_move_type: 1 采购入库, 2 领用出库, 3 归还入库. */
export type MoveType = '1' | '2' | '3';

export interface StockMove {
  itemId: string;
  /** Positive in, negative out. */
  delta: number;
  type: MoveType;
  operator: string;
  sourceNo: string | null;
  sourceId: string;
  tenantId: number;
  /** The ledger time (the demo's months); default now. */
  at?: string;
}

interface Moved {
  name: string;
  unit: string;
  after: number;
  safety: number;
}

export async function moveStock(trx: Db, move: StockMove): Promise<number> {
  const { rows } = await sql<Moved>`update oa_supply_item
    set stock = stock + ${move.delta},
      low_stock = case when stock + ${move.delta} < safety_stock then '1' else '0' end,
      row_version = row_version + 1, update_time = now()
    where id = ${move.itemId} and tenant_id = ${move.tenantId} and stock + ${move.delta} >= 0
    returning name, unit, stock as after, safety_stock as safety`.execute(trx);
  const moved = rows[0];
  if (!moved) {
    const now = await sql<{ name: string; unit: string; stock: number }>`select name, unit, stock
      from oa_supply_item where id = ${move.itemId} and tenant_id = ${move.tenantId}`.execute(trx);
    const item = now.rows[0];
    if (!item) throw new ApiError('办公用品不存在');
    throw new ApiError(
      `库存不足：「${item.name}」仅剩 ${item.stock}${item.unit}，本次需要 ${-move.delta}${item.unit}`,
    );
  }
  const before = moved.after - move.delta;
  await sql`insert into oa_supply_ledger (id, item_id, move_type, quantity, before_qty, after_qty, operator,
      move_time, source_no, source_id, tenant_id, create_by, create_time)
    values (${newId()}, ${move.itemId}, ${move.type}, ${move.delta}, ${before}, ${moved.after}, ${move.operator},
      ${move.at ?? sql`now()`}, ${move.sourceNo}, ${move.sourceId}, ${move.tenantId}, ${move.operator},
      ${move.at ?? sql`now()`})`.execute(trx);
  if (moved.after < moved.safety && before >= moved.safety) await warnLowStock(trx, moved, move.tenantId);
  return moved.after;
}

/**
 * The bell notice to the administration office (role office_admin) in the same transaction; the
 * bell's 6-second poll shows it (no live push from inside another module's transaction).
 */
async function warnLowStock(trx: Db, item: Moved, tenantId: number): Promise<void> {
  const { rows } = await sql<{ id: string }>`select distinct u.id from sys_user u
    join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
    where r.role_code = ${OFFICE_ROLE} and u.del_flag = 0 and u.status = 1`.execute(trx);
  if (rows.length === 0) return;
  const title = `库存预警：${item.name}`;
  const content = `「${item.name}」库存 ${item.after}${item.unit}，已低于安全库存 ${item.safety}${item.unit}，请及时采购入库。`;
  const id = newId();
  await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
      msg_category, msg_type, user_ids, send_status, send_time, bus_type, open_type, open_page, create_by)
    values (${id}, ${tenantId}, ${title}, ${content}, ${content}, '系统', 'M', '4', 'USER',
      ${rows.map((r) => r.id).join(',')}, '1', now(), 'officeStock', 'url', '/office/supplyItem', 'system')`.execute(
    trx,
  );
  for (const r of rows)
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${id}, ${r.id}, '0')`.execute(trx);
}
