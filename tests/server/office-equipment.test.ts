/**
 * Equipment 设备 (docs/modules/office.md, "Equipment"): the register numbers each piece by the asset
 * rule; a borrow request goes manager → office and lends the piece to the borrower; lent, repaired
 * and scrapped pieces, and pieces already requested (also at the same moment), are refused in
 * Chinese; return, repair with its cost and scrapping change the status only from the right one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { createOfficeTest, type OfficeTest } from './office-supplies-helpers.js';

interface Equipment {
  id: string;
  assetNo: string;
  label: string;
  status: string;
  status_dictText: string;
  borrower: string | null;
}
interface Borrow {
  id: string;
  status: string;
  procInsId: string | null;
  lentTime: string | null;
  returnedTime: string | null;
  purpose: string;
}

let t: OfficeTest;
let serial = 0;
beforeAll(async () => {
  t = await createOfficeTest();
});
afterAll(() => t.close());

const piece = async (): Promise<Equipment> => {
  serial += 1;
  const name = `测试笔记本${serial}`;
  const added = await t.send(
    'POST',
    '/office/equipment/add',
    {
      name,
      category: '2',
      model: 'ThinkPad T14',
      location: '行政库房F-1',
      keeper: 'xuming',
      purchaseDate: '2026-03-02',
      price: 6999,
    },
    t.tokens.xuming,
  );
  expect(added.message).toBe('添加成功！');
  const page = await t.get<Page<Equipment>>(
    `/office/equipment/list?name=${encodeURIComponent(name)}`,
    t.tokens.xuming,
  );
  return page.result!.records[0]!;
};
const equipment = async (id: string) =>
  (await t.get<Equipment>(`/office/equipment/queryById?id=${id}`, t.tokens.xuming)).result!;

/** A saved borrow request of `token` for the piece. */
const borrow = async (token: string, equipmentId: string): Promise<Borrow> => {
  serial += 1;
  const purpose = `外出演示${serial}`;
  const res = await t.send(
    'POST',
    '/office/equipmentBorrow/add',
    { equipmentId, purpose, borrowDate: '2026-12-01', expectedReturn: '2026-12-04' },
    token,
  );
  expect(res.message).toBe('添加成功！');
  const page = await t.get<Page<Borrow>>('/office/equipmentBorrow/list?type=1&pageSize=200', token);
  return page.result!.records.find((r) => r.purpose === purpose)!;
};
const borrowRow = async (id: string, token: string) =>
  (await t.get<Borrow>(`/office/equipmentBorrow/queryById?id=${id}`, token)).result!;
const start = (id: string, token: string) =>
  t.send('PUT', '/office/equipmentBorrow/startProcess', { id }, token);
const approve = async (row: Borrow, token: string, owner: string) => {
  const instance = (await borrowRow(row.id, owner)).procInsId;
  const page = await t.get<Page<{ id: string; instanceId: string }>>(
    '/workflow/task/list?type=1&pageSize=200',
    token,
  );
  const task = page.result!.records.find((r) => r.instanceId === instance);
  if (!task) throw new Error('no open task');
  return t.send('PUT', '/workflow/task/approve', { id: task.id, comment: '同意' }, token);
};
const act = (path: string, body: Record<string, unknown>, token = t.tokens.xuming) =>
  t.send('PUT', `/office/${path}`, body, token);

describe('equipment', () => {
  it('numbers a new piece by the asset rule and lists it 在库', async () => {
    const a = await piece();
    const b = await piece();
    expect(a.assetNo).toMatch(/^ZC\d{6}$/);
    expect(Number(b.assetNo.slice(2))).toBe(Number(a.assetNo.slice(2)) + 1);
    expect(a.label).toBe(`${a.assetNo} 测试笔记本${serial - 1}`);
    expect(a.status_dictText).toBe('在库');
    // Staff do not see the register.
    expect((await t.get('/office/equipment/list', t.tokens.chenjing)).success).toBe(false);
  });

  it('a borrow approved by the manager and the office lends the piece; the return takes it back', async () => {
    const p = await piece();
    const row = await borrow(t.tokens.chenjing, p.id);
    expect((await start(row.id, t.tokens.chenjing)).message).toBe('提交成功');
    // The request names the piece by its label, never its id (issue 33), and so does the approver's notice.
    const { rows } = await sql<{ title: string }>`select title from wf_instance
      where business_key = ${row.id}`.execute(t.database.db);
    expect(rows[0]!.title).toBe(`陈静的设备借用（${p.label}）`);
    const notices = await t.get<{ records: { esTitle: string }[] }>(
      '/sys/notice/list?pageSize=20&appType=9',
      t.tokens.zhangwei,
    );
    expect(notices.result!.records.map((n) => n.esTitle)).toContain(`待审批：陈静的设备借用（${p.label}）`);
    expect((await approve(row, t.tokens.zhangwei, t.tokens.chenjing)).success).toBe(true);
    expect((await equipment(p.id)).status).toBe('1');
    expect((await approve(row, t.tokens.xuming, t.tokens.chenjing)).success).toBe(true);
    const lent = await equipment(p.id);
    expect([lent.status_dictText, lent.borrower]).toEqual(['借出', 'chenjing']);
    const done = await borrowRow(row.id, t.tokens.chenjing);
    expect(done.status).toBe('2');
    expect(done.lentTime).toMatch(/^\d{4}-\d{2}-\d{2} /);

    // Lent: another request for it is refused, and so are repair and scrapping.
    const other = await borrow(t.tokens.majun, p.id);
    expect((await start(other.id, t.tokens.majun)).message).toBe(`「${p.label}」已借出，不能申请借用`);
    expect(
      (await act('equipment/scrap', { id: p.id, scrapReason: '损坏', scrapDate: '2026-12-05' })).message,
    ).toBe(`「${p.label}」已借出，不能报废`);
    // Only the office returns it.
    expect((await act('equipment/giveBack', { id: p.id }, t.tokens.chenjing)).success).toBe(false);
    expect((await act('equipment/giveBack', { id: p.id, returnNote: '完好' })).message).toBe('归还成功');
    const back = await equipment(p.id);
    expect([back.status, back.borrower]).toEqual(['1', null]);
    expect((await borrowRow(row.id, t.tokens.chenjing)).returnedTime).not.toBeNull();
    expect((await act('equipment/giveBack', { id: p.id })).message).toBe(`「${p.label}」当前在库，不能归还`);
    const history = await t.get<{ borrows: { borrower: string }[] }>(
      `/office/equipment/history?id=${p.id}`,
      t.tokens.xuming,
    );
    expect(history.result!.borrows.map((b) => b.borrower)).toContain('陈静');
  });

  it('two requests for one piece at the same moment: one starts, the other is told why', async () => {
    const p = await piece();
    const a = await borrow(t.tokens.chenjing, p.id);
    const b = await borrow(t.tokens.majun, p.id);
    const results = await Promise.all([start(a.id, t.tokens.chenjing), start(b.id, t.tokens.majun)]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)!.message).toMatch(
      new RegExp(`^「${p.label}」已有借用申请在审批中（JY\\d{8}-\\d{3}），不能重复申请$`),
    );
    const statuses = [
      (await borrowRow(a.id, t.tokens.chenjing)).status,
      (await borrowRow(b.id, t.tokens.majun)).status,
    ];
    expect(statuses.sort()).toEqual(['0', '1']);
  });

  it('a repair keeps the piece 维修中 until it is finished with its cost; the approval is refused meanwhile', async () => {
    const p = await piece();
    const row = await borrow(t.tokens.chenjing, p.id);
    await start(row.id, t.tokens.chenjing);
    await approve(row, t.tokens.zhangwei, t.tokens.chenjing);
    const sent = await act('equipment/sendRepair', {
      id: p.id,
      fault: '无法开机',
      vendor: '联想服务站',
      sendDate: '2026-12-02',
    });
    expect(sent.message).toBe('已送修');
    expect((await equipment(p.id)).status_dictText).toBe('维修中');
    // The office's approval finds it under repair: refused, nothing lent.
    const refused = await approve(row, t.tokens.xuming, t.tokens.chenjing);
    expect(refused.message).toBe(`「${p.label}」正在维修，不能借出`);
    expect((await borrowRow(row.id, t.tokens.chenjing)).status).toBe('1');
    const other = await borrow(t.tokens.majun, p.id);
    expect((await start(other.id, t.tokens.majun)).message).toBe(`「${p.label}」正在维修，不能申请借用`);

    const repairs = await t.get<Page<{ id: string; status: string }>>(
      `/office/equipmentRepair/list?equipmentId=${p.id}`,
      t.tokens.xuming,
    );
    const repair = repairs.result!.records[0]!;
    expect(repair.status).toBe('1');
    expect(
      (await act('equipmentRepair/finish', { id: repair.id, finishDate: '2026-12-06', result: '更换电源' }))
        .message,
    ).toBe('请输入维修费用!');
    expect(
      (
        await act('equipmentRepair/finish', {
          id: repair.id,
          finishDate: '2026-12-01',
          cost: 480,
          result: '更换电源',
        })
      ).message,
    ).toBe('完成日期不能早于送修日期');
    const finished = await act('equipmentRepair/finish', {
      id: repair.id,
      finishDate: '2026-12-06',
      cost: 480,
      result: '更换电源',
    });
    expect(finished.message).toBe('维修已完成，设备已回到在库');
    expect((await equipment(p.id)).status).toBe('1');
    const after = await t.get<{ cost: number; status: string }>(
      `/office/equipmentRepair/queryById?id=${repair.id}`,
      t.tokens.xuming,
    );
    expect([after.result!.cost, after.result!.status]).toEqual([480, '2']);
    expect(
      (await act('equipmentRepair/finish', { id: repair.id, finishDate: '2026-12-06', cost: 1, result: 'x' }))
        .message,
    ).toBe('该维修记录已完成');
    // Now in stock, the waiting approval goes through.
    expect((await approve(row, t.tokens.xuming, t.tokens.chenjing)).success).toBe(true);
    expect((await equipment(p.id)).borrower).toBe('chenjing');
  });

  it('a scrapped piece can no longer be borrowed or repaired', async () => {
    const p = await piece();
    expect((await act('equipment/scrap', { id: p.id, scrapDate: '2026-12-05' })).message).toBe(
      '请输入报废原因!',
    );
    expect(
      (
        await act(
          'equipment/scrap',
          { id: p.id, scrapReason: '主板损坏', scrapDate: '2026-12-05' },
          t.tokens.chenjing,
        )
      ).success,
    ).toBe(false);
    expect(
      (await act('equipment/scrap', { id: p.id, scrapReason: '主板损坏，无法维修', scrapDate: '2026-12-05' }))
        .message,
    ).toBe('已报废');
    const gone = await t.get<{ status_dictText: string; scrapReason: string }>(
      `/office/equipment/queryById?id=${p.id}`,
      t.tokens.xuming,
    );
    expect([gone.result!.status_dictText, gone.result!.scrapReason]).toEqual([
      '已报废',
      '主板损坏，无法维修',
    ]);
    const row = await borrow(t.tokens.chenjing, p.id);
    expect((await start(row.id, t.tokens.chenjing)).message).toBe(`「${p.label}」已报废，不能申请借用`);
    expect(
      (await act('equipment/sendRepair', { id: p.id, fault: 'x', vendor: 'y', sendDate: '2026-12-06' }))
        .message,
    ).toBe(`「${p.label}」已报废，不能送修`);
    // A piece with records cannot be deleted.
    expect(
      (await t.send('DELETE', `/office/equipment/delete?id=${p.id}`, undefined, t.tokens.xuming)).message,
    ).toBe('该设备已有借用记录，不能删除，可办理报废');
  });
});
