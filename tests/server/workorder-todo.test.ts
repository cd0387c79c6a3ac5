/**
 * The one to-do source and the workbench calls (docs/modules/workorder.md, "Workbench"): a person's
 * 待办 are the orders they are in charge of that wait, the orders they withdrew and the sub-orders
 * they handle; finishing moves an item to 已办; counts, filters and paging answer from the
 * database; the people an order concerns hear about each change on their socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import { weekStart } from '../../server/workorder/workbench.js';
import type { Page } from './entity-helpers.js';
import { openSocket } from './notice-support.js';
import { createWorkOrderTest, dayFromToday, type WorkOrderTest } from './workorder-helpers.js';

interface TodoItem {
  kind: string;
  kind_dictText: string;
  id: string;
  targetId: string;
  itemNo: string | null;
  title: string;
  status: string;
  statusText: string;
  deadline: string | null;
  launcher_dictText: string;
  overdue: boolean;
  link: string;
  doneTime: string | null;
}
interface Counts {
  todo: number;
  done: number;
  overdue: number;
}

let t: WorkOrderTest;
beforeAll(async () => {
  t = await createWorkOrderTest();
});
afterAll(() => t.close());

const todo = async (query: string, token: string) =>
  (await t.get<Page<TodoItem>>(`/sys/todo/list?${query}`, token)).result!;
const counts = async (token: string) => (await t.get<Counts>('/sys/todo/counts', token)).result!;

describe('待办 and 已办', () => {
  it('lists an order for its person in charge until it is finished, then under 已办', async () => {
    const before = await counts(t.tokens.zhaolei);
    const row = await t.launch({ charge: 'zhaolei', deadline: dayFromToday(1) });
    const mine = await todo(`type=1&title=${encodeURIComponent(row.title)}`, t.tokens.zhaolei);
    expect(mine.total).toBe(1);
    expect(mine.records[0]).toMatchObject({
      kind: 'workOrder',
      kind_dictText: '工单',
      id: row.id,
      targetId: row.id,
      itemNo: row.orderNo,
      statusText: '待接收',
      deadline: dayFromToday(1),
      overdue: false,
      done: false,
      link: `/HomePage/DistributedDetails/details?id=${row.id}`,
    });
    expect(mine.records[0].launcher_dictText).not.toBe('');
    expect(await counts(t.tokens.zhaolei)).toMatchObject({ todo: before.todo + 1, done: before.done });
    // Nobody else has it to do (the launcher sees it under 我发起的, not in 待办).
    expect((await todo(`title=${encodeURIComponent(row.title)}`, t.tokens.admin)).total).toBe(0);

    await t.move('accept', row.id, t.tokens.zhaolei);
    expect(
      (await todo(`title=${encodeURIComponent(row.title)}`, t.tokens.zhaolei)).records[0].statusText,
    ).toBe('处理中');
    await t.move('finish', row.id, t.tokens.zhaolei);
    expect((await todo(`type=1&title=${encodeURIComponent(row.title)}`, t.tokens.zhaolei)).total).toBe(0);
    const done = await todo(`type=2&title=${encodeURIComponent(row.title)}`, t.tokens.zhaolei);
    expect(done.records.map((r) => [r.id, r.statusText])).toEqual([[row.id, '已完成']]);
    // A done row says so: the list offers 查看 on it, not 处理.
    expect(done.records[0]).toMatchObject({
      done: true,
      link: `/HomePage/DistributedDetails/details?id=${row.id}`,
    });
    expect(done.records[0].doneTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await counts(t.tokens.zhaolei)).toMatchObject({ todo: before.todo, done: before.done + 1 });
  });

  it('gives a withdrawn order back to its launcher and a sub-order to its handler', async () => {
    const row = await t.launch({ charge: 'chenjing' }, t.tokens.zhaolei);
    await t.move('withdraw', row.id, t.tokens.zhaolei);
    const back = await todo(`title=${encodeURIComponent(row.title)}`, t.tokens.zhaolei);
    expect(back.records.map((r) => r.statusText)).toEqual(['已撤回']);

    const other = await t.launch({ charge: 'chenjing' });
    const sub = await t.send('POST', '/sys/workOrderSub/add', {
      orderId: other.id,
      title: '检查投影仪电源',
      handler: 'huangmin',
      deadline: dayFromToday(2),
    });
    expect(sub.success).toBe(true);
    const subs = await todo(
      'kind=workOrderSub&title=' + encodeURIComponent('检查投影仪电源'),
      t.tokens.huangmin,
    );
    expect(subs.records[0]).toMatchObject({
      kind: 'workOrderSub',
      targetId: other.id,
      itemNo: other.orderNo,
      statusText: '待处理',
      link: `/HomePage/DistributedDetails/details?id=${other.id}`,
    });
    // workOrderList is the same list, work orders only.
    const orders = (
      await t.get<Page<TodoItem>>('/sys/workOrder/workOrderList?type=1&pageSize=100', t.tokens.huangmin)
    ).result!;
    expect(orders.records.every((r) => r.kind === 'workOrder')).toBe(true);
  });

  it('marks and filters overdue items, pages in the database, and refuses bad parameters', async () => {
    const title = `逾期测试${Date.now()}`;
    const late = await t.launch({ title, charge: 'huangmin', deadline: dayFromToday(0) });
    // Make it late without the add rule (a deadline before today is refused on input).
    await t.database.db
      .updateTable('bizWorkOrder' as never)
      .set({ deadline: dayFromToday(-2) } as never)
      .where('id' as never, '=', late.id as never)
      .execute();
    for (const days of [4, 5]) await t.launch({ charge: 'huangmin', deadline: dayFromToday(days) });
    const found = await todo(`title=${encodeURIComponent(title)}&overdue=1`, t.tokens.huangmin);
    expect(found.records.map((r) => [r.id, r.overdue])).toEqual([[late.id, true]]);
    expect((await counts(t.tokens.huangmin)).overdue).toBeGreaterThanOrEqual(1);
    const page1 = await todo('pageSize=2&pageNo=1', t.tokens.huangmin);
    const page2 = await todo('pageSize=2&pageNo=2', t.tokens.huangmin);
    const past = await todo('pageSize=2&pageNo=999', t.tokens.huangmin);
    expect(page1.records).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect([page2.total, past.total]).toEqual([page1.total, page1.total]);
    expect(past.records).toEqual([]);
    expect(page2.records.map((r) => r.id)).not.toContain(page1.records[0].id);
    // The nearest deadline comes first.
    const all = await todo('pageSize=100', t.tokens.huangmin);
    const deadlines = all.records.map((r) => r.deadline ?? '9999');
    expect(deadlines).toEqual([...deadlines].sort());

    expect(await t.get('/sys/todo/list?type=9', t.tokens.huangmin)).toMatchObject({
      success: false,
      message: '参数不识别：type=9',
    });
    expect(await t.get('/sys/todo/list?kind=unknown', t.tokens.huangmin)).toMatchObject({ success: false });
    expect(await t.get("/sys/todo/list?deadline_begin=2026-01-01'", t.tokens.huangmin)).toMatchObject({
      success: false,
    });
  });
});

describe('the workbench summary', () => {
  it("answers the caller's figures, and the department's to managers only", async () => {
    const staff = (
      await t.get<{ mine: Record<string, number>; depart: unknown }>(
        '/sys/workOrder/workbenchSummary',
        t.tokens.zhaolei,
      )
    ).result!;
    const c = await counts(t.tokens.zhaolei);
    expect(staff.mine).toMatchObject({ todo: c.todo, overdue: c.overdue });
    expect(staff.mine.finishedWeek).toBeGreaterThanOrEqual(1); // finished above, this week
    expect(staff.depart).toBeNull();
    const admin = (
      await t.get<{ depart: { open: number; departName: string } | null }>('/sys/workOrder/workbenchSummary')
    ).result!;
    expect(admin.depart).not.toBeNull();
    expect(admin.depart!.open).toBeGreaterThan(0);
  });

  it('weeks start on Monday', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
  });
});

describe('live', () => {
  it('tells the person in charge and the participants when an order concerns them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, userId('zhaolei'), t.tokens.zhaolei);
    const bystander = await openSocket(base, userId('chenjing'), t.tokens.chenjing);
    try {
      await t.launch({ charge: 'huangmin', participants: 'zhaolei' });
      // A new order: the call carries no id yet, so the message names none; the list reloads all the same.
      expect(await socket.next((m) => m.cmd === 'todo')).toMatchObject({ cmd: 'todo', msgId: '' });
      const row = await t.launch({ charge: 'zhaolei', participants: '' });
      await t.move('accept', row.id, t.tokens.zhaolei);
      expect(await socket.next((m) => m.cmd === 'todo' && m.msgId === row.id)).toBeTruthy();
      expect(bystander.messages.filter((m) => m.cmd === 'todo' && m.msgId === row.id)).toEqual([]);
    } finally {
      socket.close();
      bystander.close();
    }
  });
});
