import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { createOfficeTest, type OfficeTest } from './office-supplies-helpers.js';

let t: OfficeTest;
beforeAll(async () => {
  t = await createOfficeTest();
});
afterAll(() => t.close());

interface LedgerRow {
  moveType: string;
  moveType_dictText: string;
  quantity: number;
  beforeQty: number;
  afterQty: number;
  operator: string;
  sourceNo: string | null;
}

const ledgerOf = async (itemId: string) =>
  (
    await t.get<Page<LedgerRow>>(
      `/office/supplyLedger/list?itemId=${itemId}&column=moveTime&order=asc`,
      t.tokens.xuming,
    )
  ).result!.records;

describe('office supplies', () => {
  it('a confirmed stock-in raises the stock, writes the ledger and can no longer change', async () => {
    const id = await t.item(12);
    expect((await t.itemRow(id)).stock).toBe(12);
    expect(await ledgerOf(id)).toMatchObject([
      { moveType_dictText: '采购入库', quantity: 12, beforeQty: 0, afterQty: 12, operator: 'xuming' },
    ]);
    const ins = await t.get<Page<{ id: string; status: string }>>(
      `/office/supplyStockIn/list?itemId=${id}`,
      t.tokens.xuming,
    );
    const stockIn = ins.result!.records[0]!;
    expect(stockIn.status).toBe('1');
    expect(
      (await t.send('PUT', '/office/supplyStockIn/edit', { id: stockIn.id, quantity: 99 }, t.tokens.xuming))
        .message,
    ).toBe('已确认的单据不能修改');
    expect(
      (await t.send('PUT', '/office/supplyStockIn/confirmIn', { id: stockIn.id }, t.tokens.xuming)).success,
    ).toBe(false);
    expect((await t.itemRow(id)).stock).toBe(12);
    expect(
      (
        await t.send(
          'POST',
          '/office/supplyItem/add',
          { code: 'X-1', name: 'x', category: '1', unit: '个', safetyStock: 0, status: '1' },
          t.tokens.chenjing,
        )
      ).success,
    ).toBe(false);
  });

  it('manager then office approve: the stock is issued, the ledger names the request, low stock warns the office', async () => {
    const id = await t.item(5, 4);
    const row = await t.request(t.tokens.chenjing, [[id, 2]]);
    expect(row.requestNo).toMatch(/^LY\d{8}-\d{3}$/);
    expect((await t.start(row.id, t.tokens.chenjing)).success).toBe(true);
    expect(await t.requestRow(row.id, t.tokens.chenjing)).toMatchObject({
      status: '1',
      status_dictText: '审批中',
      currentNode: '部门经理审批',
    });
    expect(
      (await t.send('PUT', '/office/supplyRequest/edit', { id: row.id, reason: '改' }, t.tokens.chenjing))
        .message,
    ).toBe('审批中或已通过的领用申请不能修改');
    expect((await t.approve(row, t.tokens.zhangwei)).success).toBe(true);
    expect((await t.requestRow(row.id, t.tokens.chenjing)).currentNode).toBe('行政办公室审批');
    expect((await t.itemRow(id)).stock).toBe(5);
    expect((await t.approve(row, t.tokens.xuming)).success).toBe(true);
    expect(await t.requestRow(row.id, t.tokens.chenjing)).toMatchObject({
      status: '2',
      status_dictText: '已通过',
    });
    expect(await t.itemRow(id)).toMatchObject({ stock: 3, lowStock: '1' });
    expect((await ledgerOf(id))[1]).toMatchObject({
      moveType_dictText: '领用出库',
      quantity: -2,
      beforeQty: 5,
      afterQty: 3,
      operator: 'xuming',
      sourceNo: row.requestNo,
    });
    const low = await t.get<Page<{ id: string }>>(
      '/office/supplyItem/list?lowStock=1&pageSize=200',
      t.tokens.xuming,
    );
    expect(low.result!.records.map((r) => r.id)).toContain(id);
    const notices = await t.get('/sys/annountCement/listByUser', t.tokens.xuming);
    expect(JSON.stringify(notices.result)).toContain('库存预警');
    expect(
      (await t.send('DELETE', `/office/supplyRequest/delete?id=${row.id}`, undefined, t.tokens.chenjing))
        .message,
    ).toBe('审批中或已通过的领用申请不能删除');
  });

  it('refuses a request over the stock, without items, or by someone else', async () => {
    const id = await t.item(3);
    const row = await t.request(t.tokens.chenjing, [[id, 5]]);
    const refused = await t.start(row.id, t.tokens.chenjing);
    expect(refused.message).toMatch(/^「测试物品T-.+」库存不足：仅剩 3包，申领 5包$/);
    expect((await t.requestRow(row.id, t.tokens.chenjing)).status).toBe('0');
    expect((await t.start(row.id, t.tokens.majun)).message).toBe('只能操作本人的领用申请');
    const empty = await t.send('POST', '/office/supplyRequest/add', { reason: '空单' }, t.tokens.chenjing);
    expect(empty.message).toBe('请至少填写一种领用物品');
  });

  it('two approvals for the last items: one wins, the other is told what is left, the stock is exact', async () => {
    const id = await t.item(3);
    const first = await t.request(t.tokens.chenjing, [[id, 2]]);
    const second = await t.request(t.tokens.majun, [[id, 2]]);
    for (const [row, token] of [
      [first, t.tokens.chenjing],
      [second, t.tokens.majun],
    ] as const) {
      expect((await t.start(row.id, token)).success).toBe(true);
      expect((await t.approve(row, t.tokens.zhangwei)).success).toBe(true);
    }
    const results = await Promise.all([
      t.approve(first, t.tokens.xuming),
      t.approve(second, t.tokens.xuming),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const loser = results.find((r) => !r.success)!;
    expect(loser.message).toMatch(/^库存不足：「测试物品T-.+」仅剩 1包，本次需要 2包$/);
    expect((await t.itemRow(id)).stock).toBe(1);
    const moves = await ledgerOf(id);
    expect(moves.map((m) => m.quantity)).toEqual([3, -2]);
    const statuses = [
      await t.requestRow(first.id, t.tokens.chenjing),
      await t.requestRow(second.id, t.tokens.majun),
    ]
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual(['1', '2']);
  });

  it('a confirmed return puts the items back', async () => {
    const id = await t.item(4);
    const added = await t.send(
      'POST',
      '/office/supplyReturn/add',
      { itemId: id, quantity: 2, returner: 'chenjing', reason: '项目结束未用完' },
      t.tokens.xuming,
    );
    expect(added.success).toBe(true);
    const rows = await t.get<Page<{ id: string }>>(`/office/supplyReturn/list?itemId=${id}`, t.tokens.xuming);
    expect(
      (
        await t.send(
          'PUT',
          '/office/supplyReturn/confirmReturn',
          { id: rows.result!.records[0]!.id },
          t.tokens.xuming,
        )
      ).success,
    ).toBe(true);
    expect((await t.itemRow(id)).stock).toBe(6);
    expect((await ledgerOf(id))[1]).toMatchObject({
      moveType_dictText: '归还入库',
      quantity: 2,
      beforeQty: 4,
      afterQty: 6,
    });
  });
});
