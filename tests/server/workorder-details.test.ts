/**
 * What the work-order details page reads (docs/modules/workorder.md, "Details page"): the order with
 * the people's names, its sub-orders by orderId, and the person in charge a 催办 goes to
 * (GET /sys/workOrder/urgeTarget, then POST /sys/notice/urge): only for open orders, only by
 * those who hold workOrder:urge, never to oneself, never to a frozen person.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { createWorkOrderTest, dayFromToday, type WorkOrderTest } from './workorder-helpers.js';

let t: WorkOrderTest;
let zhangwei: string;
beforeAll(async () => {
  t = await createWorkOrderTest();
  zhangwei = await t.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => t.close());

interface Target {
  userId: string;
  username: string;
  realname: string;
}

const target = (id: string, token = t.tokens.admin) =>
  t.get<Target>(`/sys/workOrder/urgeTarget?id=${encodeURIComponent(id)}`, token);

describe('what the details page reads', () => {
  it('answers the order with the names of its people and only its own sub-orders', async () => {
    const row = await t.launch({ participants: 'huangmin,zhaolei' });
    const other = await t.launch();
    const order = await t.order(row.id);
    expect(order).toMatchObject({
      charge_dictText: '陈静',
      launcher_dictText: '管理员',
      participants_dictText: '黄敏,赵磊',
      status_dictText: '待接收',
    });
    for (const [orderId, title] of [
      [row.id, '准备备用投影仪'],
      [other.id, '别的工单的子工单'],
    ]) {
      const added = await t.send(
        'POST',
        '/sys/workOrderSub/add',
        { orderId, title, handler: 'huangmin', deadline: dayFromToday(2) },
        t.tokens.chenjing,
      );
      expect(added.success, added.message).toBe(true);
    }
    const subs = await t.get<Page<{ title: string; handler_dictText: string; status_dictText: string }>>(
      `/sys/workOrderSub/list?orderId=${row.id}`,
      t.tokens.zhaolei,
    );
    expect(subs.result!.records.map((s) => [s.title, s.handler_dictText, s.status_dictText])).toEqual([
      ['准备备用投影仪', '黄敏', '待处理'],
    ]);
  });
});

describe('GET /sys/workOrder/urgeTarget', () => {
  it('names the person in charge of an open order, whom the urge then reaches', async () => {
    const row = await t.launch();
    const answer = await target(row.id);
    expect(answer).toMatchObject({ success: true, result: { username: 'chenjing', realname: '陈静' } });
    const urged = await t.send('POST', '/sys/notice/urge', {
      userIds: answer.result!.userId,
      title: `催办：${row.title}`,
      content: '<p>请尽快处理</p>',
      appType: 'workOrder',
      appId: row.id,
    });
    expect(urged).toMatchObject({ success: true, message: '催办成功' });
    const rows = await sql<{ app_id: string }>`select app_id from sys_urge
      where user_id = ${answer.result!.userId} and app_id = ${row.id}`.execute(t.database.db);
    expect(rows.rows).toHaveLength(1);
    // In hand (处理中) it may still be urged.
    await t.move('accept', row.id, t.tokens.chenjing);
    expect(await target(row.id)).toMatchObject({ success: true });
  });

  it('refuses staff without workOrder:urge, the person in charge, closed and unknown orders', async () => {
    const row = await t.launch();
    expect(await target(row.id, t.tokens.zhaolei)).toMatchObject({
      success: false,
      message: '没有权限，请联系管理员授权',
    });
    const own = await t.launch({ charge: 'zhangwei' });
    expect(await target(own.id, zhangwei)).toMatchObject({
      success: false,
      message: '您是该工单的负责人，无需催办',
    });
    expect(await target(own.id)).toMatchObject({ success: true, result: { username: 'zhangwei' } });
    expect(await t.move('close', row.id, t.tokens.admin)).toMatchObject({ success: true });
    expect(await target(row.id)).toMatchObject({
      success: false,
      message: '只能催办待接收或处理中的工单',
    });
    expect(await target('no-such-order')).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await target('bad id')).toMatchObject({ success: false, message: '参数错误：id格式不正确' });
  });

  it('refuses when the person in charge was frozen since', async () => {
    const row = await t.launch({ charge: 'yangqiang', participants: '' });
    await sql`update sys_user set status = 2 where username = 'yangqiang'`.execute(t.database.db);
    try {
      expect(await target(row.id)).toMatchObject({
        success: false,
        message: '工单负责人不存在或已被冻结，不能催办',
      });
    } finally {
      await sql`update sys_user set status = 1 where username = 'yangqiang'`.execute(t.database.db);
    }
  });

  it('does not show an order of another tenant', async () => {
    const row = await t.launch();
    await sql`update biz_work_order set tenant_id = 2 where id = ${row.id}`.execute(t.database.db);
    const inTenant = await t.app.inject({
      method: 'GET',
      url: `/api/sys/workOrder/urgeTarget?id=${row.id}`,
      headers: { 'x-access-token': t.tokens.admin, 'tenant-id': '1' },
    });
    expect(inTenant.json()).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});
