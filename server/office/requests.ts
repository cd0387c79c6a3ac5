/**
 * The office supplies request as an approval (docs/modules/office.md, "Requests"): before start the
 * items are checked against the catalogue; when the office approves, every item is issued from
 * stock in the approval's own transaction, so a shortage refuses the approval and nothing moves.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { ApprovalHooks } from '../workflow/approval.js';
import { lastActor } from '../workflow/approval.js';
import { moveStock } from './stock.js';

interface Line {
  itemId: string;
  quantity: number;
  name: string;
  unit: string;
  stock: number;
  status: string;
}

/** The request's lines with their catalogue rows, in item id order (the lock order of every issue). */
export async function requestLines(trx: Db, requestId: string): Promise<Line[]> {
  const { rows } = await sql<Line>`select l.item_id as "itemId", l.quantity, s.name, s.unit, s.stock, s.status
    from oa_supply_request_item l join oa_supply_item s on s.id = l.item_id
    where l.request_id = ${requestId} order by l.item_id`.execute(trx);
  return rows;
}

export const REQUEST_HOOKS: ApprovalHooks = {
  async beforeStart({ trx, row }) {
    const lines = await requestLines(trx, String(row.id));
    if (lines.length === 0) throw new ApiError('请至少填写一种领用物品');
    for (const line of lines) {
      if (line.status !== '1') throw new ApiError(`「${line.name}」已停用，不能申领`);
      if (line.quantity > line.stock)
        throw new ApiError(
          `「${line.name}」库存不足：仅剩 ${line.stock}${line.unit}，申领 ${line.quantity}${line.unit}`,
        );
    }
    // What a model's conditions may read besides the form's fields.
    return {
      itemCount: lines.length,
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    };
  },

  async onApproved({ trx, row, instance }) {
    const operator = (await lastActor(trx, instance.id)) ?? 'system';
    for (const line of await requestLines(trx, instance.businessKey))
      await moveStock(trx, {
        itemId: line.itemId,
        delta: -line.quantity,
        type: '2',
        operator,
        sourceNo: typeof row.requestNo === 'string' ? row.requestNo : null,
        sourceId: instance.businessKey,
        tenantId: instance.tenantId,
      });
    await sql`update oa_supply_request set issued_time = now() where id = ${instance.businessKey}`.execute(
      trx,
    );
  },
};
