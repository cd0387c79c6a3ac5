/**
 * Row access as the declarations say it (issue 30, schemas/README.md `rowAccess` / `belongsTo`):
 * who may read, edit and delete another person's rows, on list, queryById, export, edit, delete,
 * children and imports - the people the rows concern can, colleagues cannot, holders of the "all"
 * code can.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkOrderTest, dayFromToday, type WorkOrderTest } from './workorder-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import type { Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';
import { permissionsChanged } from '../../server/auth/permission-codes.js';

let t: WorkOrderTest;
let zhangwei: string;
let majun: string;

beforeAll(async () => {
  t = await createWorkOrderTest();
  zhangwei = await t.login('zhangwei', DEMO_PASSWORD);
  majun = await t.login('majun', DEMO_PASSWORD);
});
afterAll(() => t.close());

describe('work orders', () => {
  it('are read by the people they concern and holders of 查看全部工单, not by a colleague', async () => {
    const order = await t.launch({ participants: '' }, majun);
    const read = (token: string) => t.get(`/sys/workOrder/queryById?id=${order.id}`, token);
    expect((await read(majun)).success).toBe(true); // launcher
    expect((await read(t.tokens.chenjing)).success).toBe(true); // person in charge
    expect((await read(zhangwei)).success).toBe(true); // a manager: workOrder:list
    expect(await read(t.tokens.zhaolei)).toMatchObject({ success: false, message: '未找到对应数据' });
    // The timeline too, and the list with any scope.
    expect(
      await t.get(`/sys/workOrderDynamic/queryById?orderId=${order.id}`, t.tokens.zhaolei),
    ).toMatchObject({
      message: '未找到对应数据',
    });
    const mineOnly = await t.get<Page<{ id: string }>>(
      '/sys/workOrder/list?type=3&pageSize=60',
      t.tokens.zhaolei,
    );
    expect(mineOnly.result!.records.map((r) => r.id)).not.toContain(order.id);
    // A sub-order's handler reads the order it belongs to.
    const sub = await t.send(
      'POST',
      '/sys/workOrderSub/add',
      { orderId: order.id, title: '搬运设备', handler: 'zhaolei', deadline: dayFromToday(2) },
      t.tokens.chenjing,
    );
    expect(sub.success, sub.message).toBe(true);
    expect((await read(t.tokens.zhaolei)).success).toBe(true);
  });

  it("a colleague's sub-orders are out of reach through their own routes too", async () => {
    const order = await t.launch({ participants: '' }, majun);
    expect(
      await t.send(
        'POST',
        '/sys/workOrderSub/add',
        { orderId: order.id, title: '不相干的人', handler: 'huangmin', deadline: dayFromToday(2) },
        t.tokens.huangmin,
      ),
    ).toMatchObject({ success: false });
    const list = await t.get<Page<unknown>>(`/sys/workOrderSub/list?orderId=${order.id}`, t.tokens.huangmin);
    expect(list.result?.records ?? []).toEqual([]);
  });
});

describe('daily orders', () => {
  async function addDaily(token: string, title: string): Promise<string> {
    const res = await t.send('POST', '/sys/dailyOrder/add', { workDate: dayFromToday(0), title }, token);
    expect(res.success, res.message).toBe(true);
    const { rows } = await sql<{ id: string }>`select id from biz_daily_order where title = ${title}`.execute(
      t.database.db,
    );
    return rows[0].id;
  }

  it('are edited and deleted by their author alone, and read by 查看全部工单 holders', async () => {
    const id = await addDaily(t.tokens.chenjing, '整理会议室设备清单');
    expect(await t.get(`/sys/dailyOrder/queryById?id=${id}`, t.tokens.zhaolei)).toMatchObject({
      message: '未找到对应数据',
    });
    expect(await t.get(`/sys/dailyOrder/selectByPrimaryKey?id=${id}`, t.tokens.zhaolei)).toMatchObject({
      message: '未找到对应数据',
    });
    expect(
      await t.send('PUT', '/sys/dailyOrder/edit', { id, title: '改掉' }, t.tokens.zhaolei),
    ).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(
      await t.send('DELETE', `/sys/dailyOrder/delete?id=${id}`, undefined, t.tokens.zhaolei),
    ).toMatchObject({ success: false });
    // A manager reads it (workOrder:list) but it stays the author's to change.
    expect((await t.get(`/sys/dailyOrder/queryById?id=${id}`, zhangwei)).success).toBe(true);
    expect(await t.send('PUT', '/sys/dailyOrder/edit', { id, title: '改掉' }, zhangwei)).toMatchObject({
      success: false,
      message: '只能编辑本人的日常工作',
    });
    expect(await t.send('DELETE', `/sys/dailyOrder/delete?id=${id}`, undefined, zhangwei)).toMatchObject({
      message: '只能删除本人的日常工作',
    });
    expect(
      (await t.send('PUT', '/sys/dailyOrder/edit', { id, title: '本人修改' }, t.tokens.chenjing)).success,
    ).toBe(true);
    // Deleting a batch with a row that is not theirs deletes none of it.
    const mine = await addDaily(zhangwei, '经理自己的日常');
    expect(
      await t.send('DELETE', `/sys/dailyOrder/deleteBatch?ids=${mine},${id}`, undefined, zhangwei),
    ).toMatchObject({
      message: '只能删除本人的日常工作',
    });
    expect((await t.get(`/sys/dailyOrder/queryById?id=${mine}`, zhangwei)).success).toBe(true);
  });
});

describe('meeting minutes (children of a meeting)', () => {
  let meetingId = '';

  beforeAll(async () => {
    // A room of the test's own when the database has none: the meeting's room must exist (issue 32).
    let room = await sql<{ id: string }>`select id from biz_meeting_room limit 1`.execute(t.database.db);
    if (room.rows.length === 0) {
      const made = await t.send(
        'POST',
        '/meeting/room/add',
        { name: '测试会议室', capacity: 10 },
        t.tokens.admin,
      );
      expect(made.success, made.message).toBe(true);
      room = await sql<{ id: string }>`select id from biz_meeting_room limit 1`.execute(t.database.db);
    }
    const add = await t.send(
      'POST',
      '/meeting/meeting/add',
      {
        title: '预算评审会',
        meetingType: '1',
        roomId: room.rows[0]!.id,
        startTime: `${dayFromToday(1)} 09:00:00`,
        endTime: `${dayFromToday(1)} 10:00:00`,
        host: 'zhangwei',
        attendees: 'chenjing',
        meetingMinutes: { meetingId: '', summary: '预算通过，下周执行' },
      },
      zhangwei,
    );
    expect(add.success, add.message).toBe(true);
    const { rows } = await sql<{ id: string }>`select id from biz_meeting where title = '预算评审会'`.execute(
      t.database.db,
    );
    meetingId = rows[0].id;
  });

  it('are read by the meeting attendees only', async () => {
    const list = (token: string) =>
      t.get<Page<{ summary: string }>>('/meeting/minutes/list?pageSize=60', token);
    expect((await list(t.tokens.chenjing)).result!.records.map((r) => r.summary)).toContain(
      '预算通过，下周执行',
    );
    expect((await list(t.tokens.zhaolei)).result!.records.map((r) => r.summary)).not.toContain(
      '预算通过，下周执行',
    );
  });

  it('are not added to, nor imported into, a meeting one may not edit', async () => {
    // zhaolei may add and import minutes (given the codes here) but not to a meeting he cannot see.
    await sql`insert into sys_role_permission (role_id, permission_id)
      select r.id, p.id from sys_role r, sys_permission p
      where r.role_code = 'staff' and p.perms in ('meeting:add', 'meeting:import') on conflict do nothing`.execute(
      t.database.db,
    );
    await permissionsChanged(t.database.db, null);
    expect(
      await t.send('POST', '/meeting/minutes/add', { meetingId, summary: '伪造的纪要' }, t.tokens.zhaolei),
    ).toMatchObject({ success: false, message: '未找到所选的所属会议' });
    const body = multipart([
      {
        name: 'files[]',
        filename: 'minutes.xlsx',
        value: await workbook([
          ['meetingId', 'summary'],
          [meetingId, '伪造的导入纪要'],
        ]),
      },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/meeting/minutes/importExcel',
      headers: { ...body.headers, 'x-access-token': t.tokens.zhaolei },
      payload: body.payload,
    });
    // The row is refused with its reason in the error workbook; nothing is stored.
    expect(imported.json()).toMatchObject({
      code: 201,
      result: { successCount: 0, errorMessage: ['第2行：未找到所选的所属会议'] },
    });
    const { rows } = await sql`select 1 from biz_meeting_minutes where summary like '伪造%'`.execute(
      t.database.db,
    );
    expect(rows).toEqual([]);
  });
});
