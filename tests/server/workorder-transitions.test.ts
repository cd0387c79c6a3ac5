/**
 * Work-order status changes (docs/modules/workorder.md): each allowed to the right person only
 * (declared `allow` rules), each writing a timeline entry in the same transaction; the timeline call,
 * adding a note (saveOrderDynamic) and sub-orders with their own finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAs } from './entity-xlsx.js';
import { createWorkOrderTest, dayFromToday, type WorkOrderTest } from './workorder-helpers.js';

let t: WorkOrderTest;
beforeAll(async () => {
  t = await createWorkOrderTest();
});
afterAll(() => t.close());

interface Dynamic {
  id: string;
  action: string;
  action_dictText: string;
  fromStatus: string | null;
  toStatus: string | null;
  content: string | null;
  attachments: string | null;
  orderSubId: string | null;
  createBy: string;
  createBy_dictText: string;
}

/** A photo uploaded by the token's user: the stored path the upload answers. */
const uploadPhoto = (token: string): Promise<string> =>
  uploadAs(t.app, token, {
    biz: 'workOrder',
    filename: 'photo.jpg',
    data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
  });

const timeline = async (orderId: string, token = t.tokens.chenjing) =>
  (await t.get<Dynamic[]>(`/sys/workOrderDynamic/queryById?orderId=${orderId}`, token)).result!;

describe('the person in charge: accept and finish', () => {
  it('accepts, then finishes; each change is a dynamic and finishing records the time', async () => {
    const row = await t.launch();
    expect(await t.move('accept', row.id, t.tokens.chenjing)).toMatchObject({
      success: true,
      message: '已接收！',
    });
    expect((await t.order(row.id)).status).toBe('2');
    expect(await t.move('finish', row.id, t.tokens.chenjing, { remark: '已更换投影灯泡' })).toMatchObject({
      success: true,
    });
    const done = await t.order(row.id);
    expect(done.status).toBe('1');
    expect(done.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const entries = await timeline(row.id);
    expect(entries.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['create', null, '0'],
      ['accept', '0', '2'],
      ['finish', '2', '1'],
    ]);
    expect(entries[0]).toMatchObject({ createBy: 'admin', action_dictText: '创建并派发' });
    expect(entries[2]).toMatchObject({
      createBy: 'chenjing',
      createBy_dictText: '陈静',
      content: '已更换投影灯泡',
    });
  });

  it('refuses anyone else, and a change the status does not allow; nothing is written', async () => {
    const row = await t.launch();
    // Someone the order does not concern cannot read it; a participant (huangmin, below) or a
    // manager can, and is told the move is the person in charge's.
    expect(await t.move('accept', row.id, t.tokens.zhaolei)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await t.move('accept', row.id, t.tokens.admin)).toMatchObject({
      success: false,
      message: '只有工单负责人可以接收工单',
    });
    expect(await t.move('finish', row.id, t.tokens.chenjing)).toMatchObject({
      success: false,
      message: '当前状态不允许完成',
    });
    await t.move('accept', row.id, t.tokens.chenjing);
    expect(await t.move('accept', row.id, t.tokens.chenjing)).toMatchObject({
      success: false,
      message: '当前状态不允许接收',
    });
    expect(await t.move('finish', row.id, t.tokens.huangmin)).toMatchObject({
      success: false,
      message: '只有工单负责人可以完成工单',
    });
    expect((await timeline(row.id)).map((e) => e.action)).toEqual(['create', 'accept']);
  });
});

describe('the launcher: withdraw, dispatch, close, reopen', () => {
  it('withdraws and dispatches again, closes and reopens; only the launcher may', async () => {
    const row = await t.launch({}, t.tokens.zhaolei);
    for (const path of ['withdraw', 'close'])
      expect(await t.move(path, row.id, t.tokens.chenjing)).toMatchObject({ success: false });
    expect(await t.move('withdraw', row.id, t.tokens.chenjing)).toMatchObject({
      message: '只有工单发起人可以撤回工单',
    });
    expect(await t.move('withdraw', row.id, t.tokens.zhaolei)).toMatchObject({ success: true });
    expect(await t.move('accept', row.id, t.tokens.chenjing)).toMatchObject({
      message: '当前状态不允许接收',
    });
    expect(await t.move('dispatch', row.id, t.tokens.chenjing)).toMatchObject({
      message: '只有工单发起人可以派发工单',
    });
    expect(await t.move('dispatch', row.id, t.tokens.zhaolei)).toMatchObject({ success: true });
    expect(await t.move('reopen', row.id, t.tokens.zhaolei)).toMatchObject({
      message: '当前状态不允许重新打开',
    });
    expect(await t.move('close', row.id, t.tokens.zhaolei, { remark: '需求取消' })).toMatchObject({
      success: true,
    });
    expect(await t.move('reopen', row.id, t.tokens.chenjing)).toMatchObject({
      message: '只有工单发起人可以重新打开工单',
    });
    expect(await t.move('reopen', row.id, t.tokens.zhaolei)).toMatchObject({ success: true });
    expect((await t.order(row.id)).status).toBe('0');
    expect((await timeline(row.id)).map((e) => `${e.action}:${e.toStatus}`)).toEqual([
      'create:0',
      'withdraw:4',
      'dispatch:0',
      'close:3',
      'reopen:0',
    ]);
  });

  it('clears the finish time when a finished order is reopened', async () => {
    const row = await t.launch();
    await t.move('accept', row.id, t.tokens.chenjing);
    await t.move('finish', row.id, t.tokens.chenjing);
    expect(await t.move('reopen', row.id, t.tokens.admin)).toMatchObject({ success: true });
    expect(await t.order(row.id)).toMatchObject({ status: '0', finishTime: null });
  });

  it('answers 未找到对应数据 for an unknown order and refuses a transition without the permission', async () => {
    expect(await t.move('accept', 'nosuchorder', t.tokens.chenjing)).toMatchObject({
      message: '未找到对应数据',
    });
  });
});

describe('PUT /sys/workOrder/saveOrderDynamic', () => {
  it('adds a note with attachments by a related person; refuses others, empty notes, closed and withdrawn orders', async () => {
    const row = await t.launch();
    const save = (body: Record<string, unknown>, token: string, query = '') =>
      t.send('PUT', `/sys/workOrder/saveOrderDynamic${query}`, { orderId: row.id, ...body }, token);
    const photo = await uploadPhoto(t.tokens.chenjing);
    expect(await save({ content: '已到现场查看', attachments: photo }, t.tokens.chenjing)).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    // Attachments are the author's own uploads (issue 31): not a colleague's, not a made-up path.
    for (const attachments of [photo, 'workOrder/1700000000000_0123456789abcdef.jpg'])
      expect(await save({ content: '借用附件', attachments }, t.tokens.huangmin)).toMatchObject({
        success: false,
        message: '文件不存在或不是您上传的',
      });
    expect(await save({ content: '参与人补充' }, t.tokens.huangmin)).toMatchObject({ success: true });
    // Someone the order does not concern cannot read it, so finds no order to write on.
    expect(await save({ content: '路过' }, t.tokens.zhaolei)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await save({ content: '  ' }, t.tokens.chenjing)).toMatchObject({
      message: '请填写处理内容或上传附件',
    });
    expect(await save({ content: 'x' }, t.tokens.chenjing, '?orderSubId=nosuchsub')).toMatchObject({
      message: '子工单不属于该工单',
    });
    const notes = (await timeline(row.id)).filter((e) => e.action === 'note');
    expect(notes.map((e) => [e.createBy, e.content, e.attachments])).toEqual([
      ['chenjing', '已到现场查看', photo],
      ['huangmin', '参与人补充', null],
    ]);
    await t.move('withdraw', row.id, t.tokens.admin);
    expect(await save({ content: '继续' }, t.tokens.chenjing)).toMatchObject({
      message: '工单已撤回，不能添加动态',
    });
    await t.move('close', row.id, t.tokens.admin);
    expect(await save({ content: '继续' }, t.tokens.chenjing)).toMatchObject({
      message: '工单已关闭，不能添加动态',
    });
  });
});

describe('/sys/workOrderSub', () => {
  it('splits an order for a participant who finishes it; the order’s timeline records it', async () => {
    const row = await t.launch();
    const add = await t.send(
      'POST',
      '/sys/workOrderSub/add',
      { orderId: row.id, title: '准备备用投影仪', handler: 'huangmin', deadline: dayFromToday(2) },
      t.tokens.chenjing,
    );
    expect(add).toMatchObject({ success: true });
    expect(
      await t.send(
        'POST',
        '/sys/workOrderSub/add',
        { orderId: row.id, title: '冻结的人', handler: 'dongjie', deadline: dayFromToday(2) },
        t.tokens.chenjing,
      ),
    ).toMatchObject({ message: '处理人“dongjie”已被冻结，不能指派' });
    const subs = await t.get<{ records: { id: string; status: string }[] }>(
      `/sys/workOrderSub/list?orderId=${row.id}`,
      t.tokens.chenjing,
    );
    const sub = subs.result!.records[0];
    expect(
      (await t.get<{ title: string }>(`/sys/workOrderSub/queryById?id=${sub.id}`, t.tokens.huangmin)).result,
    ).toMatchObject({
      title: '准备备用投影仪',
    });
    expect(await t.send('PUT', '/sys/workOrderSub/finish', { id: sub.id }, t.tokens.chenjing)).toMatchObject({
      message: '只有子工单处理人可以完成子工单',
    });
    expect(await t.send('PUT', '/sys/workOrderSub/finish', { id: sub.id }, t.tokens.huangmin)).toMatchObject({
      success: true,
    });
    const note = await t.send(
      'PUT',
      `/sys/workOrder/saveOrderDynamic?orderSubId=${sub.id}`,
      { orderId: row.id, content: '备用机已到位' },
      t.tokens.huangmin,
    );
    expect(note).toMatchObject({ success: true });
    const entries = await timeline(row.id, t.tokens.huangmin);
    expect(entries.slice(1).map((e) => [e.action, e.orderSubId, e.createBy])).toEqual([
      ['subFinish', sub.id, 'huangmin'],
      ['note', sub.id, 'huangmin'],
    ]);
  });

  it('keeps a finished sub-order as it was finished: edit and delete are refused, an open one is not', async () => {
    const row = await t.launch();
    const add = (title: string) =>
      t.send(
        'POST',
        '/sys/workOrderSub/add',
        { orderId: row.id, title, handler: 'huangmin', deadline: dayFromToday(3) },
        t.tokens.chenjing,
      );
    expect(await add('布置会场')).toMatchObject({ success: true });
    expect(await add('打印议程')).toMatchObject({ success: true });
    const subs = await t.get<{ records: { id: string; title: string; rowVersion: number }[] }>(
      `/sys/workOrderSub/list?orderId=${row.id}`,
      t.tokens.chenjing,
    );
    const done = subs.result!.records.find((r) => r.title === '布置会场')!;
    const open = subs.result!.records.find((r) => r.title === '打印议程')!;
    expect(await t.send('PUT', '/sys/workOrderSub/finish', { id: done.id }, t.tokens.huangmin)).toMatchObject(
      {
        success: true,
      },
    );
    const finished = (
      await t.get<Record<string, unknown>>(`/sys/workOrderSub/queryById?id=${done.id}`, t.tokens.chenjing)
    ).result!;
    expect(
      await t.send('PUT', '/sys/workOrderSub/edit', { ...finished, title: '改过的标题' }, t.tokens.chenjing),
    ).toMatchObject({ success: false, message: '子工单已完成，不能修改' });
    expect(
      await t.send('DELETE', `/sys/workOrderSub/delete?id=${done.id}`, undefined, t.tokens.chenjing),
    ).toMatchObject({
      success: false,
      message: '子工单已完成，不能删除',
    });
    expect(
      await t.send(
        'DELETE',
        `/sys/workOrderSub/deleteBatch?ids=${open.id},${done.id}`,
        undefined,
        t.tokens.chenjing,
      ),
    ).toMatchObject({ success: false, message: '子工单已完成，不能删除' });
    // Nothing of the refused batch went: both are still there, the finished one unchanged.
    const after = await t.get<{ records: { id: string; title: string }[] }>(
      `/sys/workOrderSub/list?orderId=${row.id}`,
      t.tokens.chenjing,
    );
    expect(after.result!.records.map((r) => r.title).sort()).toEqual(['布置会场', '打印议程']);
    expect(
      await t.send('DELETE', `/sys/workOrderSub/delete?id=${open.id}`, undefined, t.tokens.chenjing),
    ).toMatchObject({
      success: true,
    });
  });
});
