/**
 * Work orders (docs/modules/workorder.md): launching one (numbered by the fill rule, launched by
 * the caller, waiting for its person in charge), the refusals of bad input, the "my" lists picked
 * by ?type=, the managers' whole list, export, concurrent edits, the overdue count and the daily order.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import {
  createWorkOrderTest,
  dayFromToday,
  type WorkOrderRow,
  type WorkOrderTest,
} from './workorder-helpers.js';

let t: WorkOrderTest;
beforeAll(async () => {
  t = await createWorkOrderTest();
});
afterAll(() => t.close());

const titles = async (query: string, token: string) => {
  const res = await t.get<Page<WorkOrderRow>>(`/sys/workOrder/list?${encodeURI(query)}`, token);
  if (!res.success) throw new Error(res.message);
  return res.result!.records.map((r) => r.title);
};

describe('POST /sys/workOrder/add', () => {
  it('numbers the order, records the launcher and waits for the person in charge', async () => {
    const row = await t.launch({ title: '一号楼空调不制冷报修' });
    expect(row.orderNo).toMatch(/^WO\d{8}-\d{4}$/);
    expect(row).toMatchObject({
      launcher: 'admin',
      charge: 'chenjing',
      charge_dictText: '陈静',
      participants: 'huangmin',
      status: '0',
      status_dictText: '待接收',
      finishTime: null,
    });
    const next = await t.launch();
    expect(Number(next.orderNo.slice(-4))).toBe(Number(row.orderNo.slice(-4)) + 1);
  });

  it('lets any staff member launch an order (launcher = the caller)', async () => {
    const row = await t.launch({ charge: 'zhaolei', participants: '' }, t.tokens.chenjing);
    expect(row).toMatchObject({ launcher: 'chenjing', charge: 'zhaolei', status: '0' });
  });

  it('refuses a deadline before today, a frozen or unknown person, another tenant’s person', async () => {
    const add = (values: Record<string, unknown>) =>
      t.send('POST', '/sys/workOrder/add', {
        title: '拒绝的工单',
        orderType: '1',
        priority: '1',
        charge: 'chenjing',
        deadline: dayFromToday(1),
        ...values,
      });
    expect(await add({ deadline: dayFromToday(-1) })).toMatchObject({
      success: false,
      message: '截止日期不能早于今天',
    });
    expect(await add({ charge: 'dongjie' })).toMatchObject({
      success: false,
      message: '负责人“dongjie”已被冻结，不能指派',
    });
    expect(await add({ participants: 'huangmin,nobody' })).toMatchObject({
      success: false,
      message: '参与人“nobody”不存在或不属于当前租户',
    });
    // Tenant 0 (no tenant chosen) is everyone's; in tenant 1 a member of tenant 2 only is refused.
    await sql`update sys_user set rel_tenant_ids = '2' where username = 'wuxia'`.execute(t.database.db);
    const inTenant = await t.app.inject({
      method: 'POST',
      url: '/api/sys/workOrder/add',
      headers: { 'x-access-token': t.tokens.admin, 'tenant-id': '1' },
      payload: { title: '他租户', orderType: '1', priority: '1', charge: 'wuxia', deadline: dayFromToday(1) },
    });
    expect(inTenant.json()).toMatchObject({
      success: false,
      message: '负责人“wuxia”不存在或不属于当前租户',
    });
    expect(await add({ title: '' })).toMatchObject({ success: false });
    expect(await titles('title=拒绝的工单', t.tokens.admin)).toEqual([]);
    // Today itself is fine.
    expect(await add({ title: '今天截止的工单', deadline: dayFromToday(0) })).toMatchObject({
      success: true,
    });
  });
});

describe('GET /sys/workOrder/list?type=', () => {
  it('answers 我负责的 (1), 我发起的 (2), 我参与的 (3) of the caller only', async () => {
    await t.launch(
      { title: '会场座签准备-范围', charge: 'zhaolei', participants: 'huangmin' },
      t.tokens.chenjing,
    );
    expect(await titles('type=2&title=*范围*', t.tokens.chenjing)).toEqual(['会场座签准备-范围']);
    expect(await titles('type=1&title=*范围*', t.tokens.chenjing)).toEqual([]);
    expect(await titles('type=1&title=*范围*', t.tokens.zhaolei)).toEqual(['会场座签准备-范围']);
    expect(await titles('type=3&title=*范围*', t.tokens.huangmin)).toEqual(['会场座签准备-范围']);
    expect(await titles('type=3&title=*范围*', t.tokens.zhaolei)).toEqual([]);
  });

  it('matches a participant as a whole name, never as part of another', async () => {
    await t.launch({ title: '部分匹配-范围', participants: 'huangmin' });
    await sql`update biz_work_order set participants = 'xhuangmin,huangminx' where title = '部分匹配-范围'`.execute(
      t.database.db,
    );
    expect(await titles('type=3&title=*部分匹配*', t.tokens.huangmin)).toEqual([]);
  });

  it('keeps the whole list to holders of workOrder:list and refuses unknown types', async () => {
    expect(await t.get('/sys/workOrder/list', t.tokens.chenjing)).toMatchObject({
      success: false,
      message: '没有权限，请联系管理员授权',
    });
    expect((await titles('title=*范围*', t.tokens.admin)).length).toBe(2);
    expect(await t.get('/sys/workOrder/list?type=9', t.tokens.chenjing)).toMatchObject({
      success: false,
      message: '参数不识别：type=9',
    });
  });

  it('exports the same row set', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sys/workOrder/exportXls?type=2',
      headers: { 'x-access-token': t.tokens.admin },
    });
    expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
    // Export is a manager's button (workOrder:export): staff are refused even their own list.
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/sys/workOrder/exportXls?type=1',
      headers: { 'x-access-token': t.tokens.zhaolei },
    });
    expect(denied.json()).toMatchObject({ success: false, message: '没有权限，请联系管理员授权' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sys/workOrder/exportXls?type=7',
      headers: { 'x-access-token': t.tokens.admin },
    });
    expect(unknown.json()).toMatchObject({ success: false, message: '参数不识别：type=7' });
  });
});

describe('edits and overdue orders', () => {
  it('refuses the second of two concurrent edits', async () => {
    const row = await t.launch({ title: '并发编辑' });
    const edit = (title: string) =>
      t.send('PUT', '/sys/workOrder/edit', { id: row.id, rowVersion: row.rowVersion, title });
    expect(await edit('并发编辑-甲')).toMatchObject({ success: true });
    expect(await edit('并发编辑-乙')).toMatchObject({
      success: false,
      message: '该记录已被他人修改，请刷新后重试',
    });
    expect((await t.order(row.id)).title).toBe('并发编辑-甲');
  });

  it('refuses an edit that moves the deadline into the past', async () => {
    const row = await t.launch({ title: '改期' });
    expect(
      await t.send('PUT', '/sys/workOrder/edit', { id: row.id, deadline: dayFromToday(-2) }),
    ).toMatchObject({ success: false, message: '截止日期不能早于今天' });
  });

  it('counts the open orders past their deadline of the caller’s list', async () => {
    const before = (await t.get<{ overdue: number }>('/sys/workOrder/overdueCount?type=1', t.tokens.chenjing))
      .result!;
    const late = await t.launch({ title: '已超期' });
    await sql`update biz_work_order set deadline = current_date - 5 where id = ${late.id}`.execute(
      t.database.db,
    );
    const done = await t.launch({ title: '已超期但完成' });
    await sql`update biz_work_order set deadline = current_date - 5, status = '1' where id = ${done.id}`.execute(
      t.database.db,
    );
    const after = (await t.get<{ overdue: number }>('/sys/workOrder/overdueCount?type=1', t.tokens.chenjing))
      .result!;
    expect(after.overdue).toBe(before.overdue + 1);
    expect(
      (await t.get<{ overdue: number }>('/sys/workOrder/overdueCount?type=1', t.tokens.zhaolei)).result!
        .overdue,
    ).toBe(0);
    expect(await t.get('/sys/workOrder/overdueCount', t.tokens.chenjing)).toMatchObject({ success: false });
  });
});

describe('/sys/dailyOrder', () => {
  it('adds, edits (PUT edit) and reads (selectByPrimaryKey) a daily order; 我的 lists only one’s own', async () => {
    const add = await t.send(
      'POST',
      '/sys/dailyOrder/add',
      { workDate: dayFromToday(0), title: '整理来访接待记录', hours: 2 },
      t.tokens.chenjing,
    );
    expect(add).toMatchObject({ success: true });
    const mine = await t.get<Page<{ id: string; title: string; rowVersion: number }>>(
      '/sys/dailyOrder/list?type=1',
      t.tokens.chenjing,
    );
    expect(mine.result!.records.map((r) => r.title)).toEqual(['整理来访接待记录']);
    const others = await t.get<Page<{ id: string }>>('/sys/dailyOrder/list?type=1', t.tokens.zhaolei);
    expect(others.result!.records).toEqual([]);
    const { id, rowVersion } = mine.result!.records[0];
    expect(
      await t.send('PUT', '/sys/dailyOrder/edit', { id, rowVersion, hours: 3 }, t.tokens.chenjing),
    ).toMatchObject({ success: true });
    const read = await t.get<{ hours: number; createBy: string }>(
      `/sys/dailyOrder/selectByPrimaryKey?id=${id}`,
      t.tokens.chenjing,
    );
    expect(read.result).toMatchObject({ hours: 3, createBy: 'chenjing' });
    expect(await t.get('/sys/dailyOrder/selectByPrimaryKey?id=missing', t.tokens.chenjing)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });
});
