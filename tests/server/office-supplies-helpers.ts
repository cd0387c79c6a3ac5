/** Shared by the office supplies server tests: catalogue items with stock, requests, approvals. */
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

export interface RequestRow {
  id: string;
  requestNo: string;
  status: string;
  status_dictText: string;
  currentNode: string | null;
  procInsId: string | null;
}

export interface ItemRow {
  id: string;
  stock: number;
  lowStock: string;
}

export interface OfficeTest extends EntityTestContext {
  /** chenjing and majun (A01A02A01) request; zhangwei manages them; xuming is the office. */
  tokens: { admin: string; chenjing: string; majun: string; zhangwei: string; xuming: string };
  /** A new catalogue item with `stock` confirmed in; answers its id. */
  item(stock: number, safetyStock?: number): Promise<string>;
  itemRow(id: string): Promise<ItemRow>;
  /** A saved (draft) request of `token` for the lines. */
  request(token: string, lines: [string, number][]): Promise<RequestRow>;
  requestRow(id: string, token: string): Promise<RequestRow>;
  start(id: string, token: string): Promise<{ success: boolean; message: string }>;
  /** The open task of the request's instance for `token`, approved. */
  approve(row: RequestRow, token: string): Promise<{ success: boolean; message: string }>;
}

let serial = 0;
const mark = () => `${Date.now().toString(36)}${(serial += 1)}`;

export async function createOfficeTest(): Promise<OfficeTest> {
  const ctx = await createEntityContext();
  const tokens = {
    admin: ctx.adminToken,
    chenjing: ctx.staffToken,
    majun: await ctx.login('majun', DEMO_PASSWORD),
    zhangwei: await ctx.login('zhangwei', DEMO_PASSWORD),
    xuming: await ctx.login('xuming', DEMO_PASSWORD),
  };
  const requestRow = async (id: string, token: string) =>
    (await ctx.get<RequestRow>(`/office/supplyRequest/queryById?id=${id}`, token)).result!;
  const itemRow = async (id: string) =>
    (await ctx.get<ItemRow>(`/office/supplyItem/queryById?id=${id}`, tokens.xuming)).result!;
  return {
    ...ctx,
    tokens,
    itemRow,
    requestRow,
    async item(stock, safetyStock = 0) {
      const code = `T-${mark()}`;
      const added = await ctx.send(
        'POST',
        '/office/supplyItem/add',
        {
          code,
          name: `测试物品${code}`,
          category: '1',
          unit: '包',
          safetyStock,
          status: '1',
        },
        tokens.xuming,
      );
      if (!added.success) throw new Error(`item: ${added.message}`);
      const page = await ctx.get<Page<{ id: string }>>(`/office/supplyItem/list?code=${code}`, tokens.xuming);
      const id = page.result!.records[0]!.id;
      if (stock > 0) {
        const inAdded = await ctx.send(
          'POST',
          '/office/supplyStockIn/add',
          { itemId: id, quantity: stock },
          tokens.xuming,
        );
        if (!inAdded.success) throw new Error(`stock-in: ${inAdded.message}`);
        const ins = await ctx.get<Page<{ id: string }>>(
          `/office/supplyStockIn/list?itemId=${id}`,
          tokens.xuming,
        );
        const confirmed = await ctx.send(
          'PUT',
          '/office/supplyStockIn/confirmIn',
          { id: ins.result!.records[0]!.id },
          tokens.xuming,
        );
        if (!confirmed.success) throw new Error(`confirm: ${confirmed.message}`);
      }
      return id;
    },
    async request(token, lines) {
      const reason = `测试领用${mark()}`;
      const res = await ctx.send(
        'POST',
        '/office/supplyRequest/add',
        {
          reason,
          officeRequestItem: { added: lines.map(([itemId, quantity]) => ({ itemId, quantity })) },
        },
        token,
      );
      if (!res.success) throw new Error(`request: ${res.message}`);
      const page = await ctx.get<Page<RequestRow & { reason: string }>>(
        '/office/supplyRequest/list?type=1&pageSize=200',
        token,
      );
      const row = page.result!.records.find((r) => r.reason === reason);
      if (!row) throw new Error('request not listed');
      return row;
    },
    start: (id, token) => ctx.send('PUT', '/office/supplyRequest/startProcess', { id }, token),
    async approve(row, token) {
      const instance = (await requestRow(row.id, token === tokens.chenjing ? token : tokens.admin)).procInsId;
      const page = await ctx.get<Page<{ id: string; instanceId: string }>>(
        '/workflow/task/list?type=1&pageSize=200',
        token,
      );
      const task = page.result!.records.find((t) => t.instanceId === instance);
      if (!task) throw new Error('no open task');
      return ctx.send('PUT', '/workflow/task/approve', { id: task.id, comment: '同意' }, token);
    },
  };
}
