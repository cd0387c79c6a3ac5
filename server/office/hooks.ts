/**
 * 确认入库 and 确认归还 (docs/modules/office.md, "Stock"): the stock and the ledger change in the
 * transition's own transaction, and confirmed documents can no longer be edited or deleted.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TransitionHook } from '../entity/transition-hooks.js';
import { ApiError } from '../result.js';
import { moveStock } from './stock.js';

const confirmed =
  (type: '1' | '3', noField: string | null): TransitionHook =>
  async (trx, event) => {
    const { row, caller } = event;
    const quantity = Number(row.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0) throw new ApiError('数量须为正整数');
    await moveStock(trx, {
      itemId: String(row.itemId),
      delta: quantity,
      type,
      operator: caller.username,
      sourceNo: noField && typeof row[noField] === 'string' ? (row[noField] as string) : null,
      sourceId: event.id,
      tenantId: caller.tenantId,
    });
  };

export const OFFICE_HOOKS: ReadonlyMap<string, TransitionHook> = new Map([
  ['officeStockIn', confirmed('1', 'inNo')],
  ['officeReturn', confirmed('3', 'requestNo')],
]);

const DOCUMENTS: Readonly<Record<string, string>> = {
  '/office/supplyStockIn': 'oa_supply_stock_in',
  '/office/supplyReturn': 'oa_supply_return',
};

/** Before the entity routes: edits and deletes of confirmed documents are refused. */
export function installOfficeGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const match = /^(\/office\/supply(?:StockIn|Return))\/(edit|delete)$/.exec(path);
    const table = match ? DOCUMENTS[match[1]!] : undefined;
    if (!match || !table) return;
    const guard: preHandlerAsyncHookHandler = async (request) => {
      const id =
        match[2] === 'edit'
          ? (request.body as { id?: unknown } | null)?.id
          : (request.query as { id?: unknown }).id;
      if (typeof id !== 'string') return;
      const { rows } = await sql<{ status: string }>`select status from ${sql.table(table)}
        where id = ${id}`.execute(db);
      if (rows[0]?.status === '1')
        throw new ApiError(`已确认的单据不能${match[2] === 'edit' ? '修改' : '删除'}`);
    };
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [guard] : [...(Array.isArray(existing) ? existing : [existing]), guard];
  });
}
