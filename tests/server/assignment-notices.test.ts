/**
 * Issue 33 item 2: whoever is given work is told - a work order dispatched or handed on (工单派发),
 * an approval task reaching its approver (流程审批), a demand handed on (项目管理) - by a bell notice
 * pushed live over the socket, whose open page leads to the item, whose title names the record by
 * its title and number and whose sender is the assigner's real name. Nobody is told of work they
 * gave themselves, and a refused change leaves no notice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import type { Page } from './entity-helpers.js';
import { openSocket, type SocketClient } from './notice-support.js';
import { createProjectTest, fresh, type ProjectTest, type Row } from './project-helpers.js';
import { dayFromToday } from './workorder-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Notice {
  id: string;
  esTitle: string;
  esContent: string;
  appType: string;
  appTypeName: string;
  createUserName: string;
  openType: string;
  openPage: string;
  busType: string;
  busId: string;
  esReadStatus: string;
}

let p: ProjectTest;
let base: string;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  p = await createProjectTest();
  for (const name of ['zhaolei', 'huangmin']) p.tok[name] = await p.t.login(name, DEMO_PASSWORD);
  base = await p.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await p.t.close();
});

async function socketOf(name: string): Promise<SocketClient> {
  const socket = await openSocket(base, userId(name), p.tok[name]!);
  sockets.push(socket);
  return socket;
}

/** The person's notices in one category (the bell's filter), newest first. */
async function noticesOf(name: string, category: string): Promise<Notice[]> {
  const page = await p.t.get<Page<Notice>>(
    `/sys/notice/list?pageNo=1&pageSize=100&appType=${category}`,
    p.tok[name],
  );
  return page.result!.records;
}

const unread = async (name: string) =>
  (await p.t.get<Page<Notice>>('/sys/notice/list?esReadStatus=0&pageSize=1', p.tok[name])).result!.total;

async function launch(values: Record<string, unknown>, token: string): Promise<Row> {
  const title = fresh('投影仪无法开机');
  const res = await p.t.send(
    'POST',
    '/sys/workOrder/add',
    {
      title,
      orderType: '3',
      priority: '2',
      charge: 'chenjing',
      deadline: dayFromToday(3),
      content: '<p>会议室投影仪无法开机</p>',
      ...values,
    },
    token,
  );
  expect(res).toMatchObject({ success: true });
  const page = await p.t.get<Page<Row>>(`/sys/workOrder/list?title=${encodeURIComponent(title)}`);
  return page.result!.records[0]!;
}

describe('a work order given to someone', () => {
  it('tells the person in charge live, in 工单派发, with a notice that opens the order', async () => {
    const chenjing = await socketOf('chenjing');
    const before = await unread('chenjing');
    const order = await launch({}, p.tok.zhangwei!);
    const pushed = await chenjing.next((m) => m.cmd === 'user' && m.msgTxt.includes(String(order.title)));
    expect(pushed.msgTxt).toBe(`新工单待接收：${String(order.title)}`);
    expect(await unread('chenjing')).toBe(before + 1);
    const notice = (await noticesOf('chenjing', '6')).find((n) => n.id === pushed.msgId);
    expect(notice).toMatchObject({
      appTypeName: '工单派发',
      createUserName: '张伟',
      openType: 'url',
      openPage: `/HomePage/DistributedDetails/details?id=${order.id}`,
      busType: 'workOrder',
      busId: order.id,
    });
    // The order by its number and title, never its id.
    expect(notice!.esContent).toContain(`${String(order.orderNo)} ${String(order.title)}`);
    expect(notice!.esContent).not.toContain(order.id);
    // viewById answers the same notice (the details page reads it).
    const viewed = await p.t.get<Notice>(`/sys/notice/viewById?id=${pushed.msgId}`, p.tok.chenjing);
    expect(viewed.result).toMatchObject({ openPage: notice!.openPage, esTitle: notice!.esTitle });
  });

  it('tells the new person in charge of an edit (转派), a sub-order handler, and again on 重新派发', async () => {
    const order = await launch({}, p.tok.zhangwei!);
    const zhaolei = await socketOf('zhaolei');
    const stored = (await p.t.get<Row>(`/sys/workOrder/queryById?id=${order.id}`)).result!;
    expect(
      await p.t.send('PUT', '/sys/workOrder/edit', { ...stored, charge: 'zhaolei' }, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    const moved = await zhaolei.next(
      (m) => m.cmd === 'user' && m.msgTxt === `工单转派：${String(order.title)}`,
    );
    expect((await noticesOf('zhaolei', '6')).find((n) => n.id === moved.msgId)).toMatchObject({
      openPage: `/HomePage/DistributedDetails/details?id=${order.id}`,
    });

    const huangmin = await socketOf('huangmin');
    const subTitle = fresh('更换投影灯泡');
    const sub = await p.t.send(
      'POST',
      '/sys/workOrderSub/add',
      { orderId: order.id, title: subTitle, handler: 'huangmin', deadline: dayFromToday(2) },
      p.tok.zhaolei,
    );
    expect(sub).toMatchObject({ success: true });
    const given = await huangmin.next((m) => m.cmd === 'user' && m.msgTxt === `子工单待处理：${subTitle}`);
    expect((await noticesOf('huangmin', '6')).find((n) => n.id === given.msgId)).toMatchObject({
      openPage: `/HomePage/DistributedDetails/details?id=${order.id}`,
      createUserName: '赵磊',
    });

    expect(await p.t.send('PUT', '/sys/workOrder/withdraw', { id: order.id }, p.tok.zhangwei)).toMatchObject({
      success: true,
    });
    expect(await p.t.send('PUT', '/sys/workOrder/dispatch', { id: order.id }, p.tok.zhangwei)).toMatchObject({
      success: true,
    });
    await zhaolei.next((m) => m.cmd === 'user' && m.msgTxt === `工单重新派发：${String(order.title)}`);
  });

  it('tells nobody of an order one gives oneself, and leaves no notice when the add is refused', async () => {
    const count = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from sys_announcement
            where bus_type = 'workOrder'`.execute(p.t.database.db)
        ).rows[0]!.n,
      );
    const before = await count();
    await launch({ charge: 'zhangwei' }, p.tok.zhangwei!);
    const refused = await p.t.send(
      'POST',
      '/sys/workOrder/add',
      { title: fresh('过期'), orderType: '3', charge: 'chenjing', deadline: dayFromToday(-3) },
      p.tok.zhangwei,
    );
    expect(refused.success).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe('an approval task reaching its approver', () => {
  it('tells the approver live in 流程审批, opening 我的待办; the starter is told the result there too', async () => {
    const zhangwei = await socketOf('zhangwei');
    const chenjing = await socketOf('chenjing');
    const reason = fresh('家中有事');
    const filed = await p.t.send(
      'POST',
      '/process/leave/add',
      {
        leaveType: '1',
        startDate: '2026-12-01',
        startHalf: '1',
        endDate: '2026-12-02',
        endHalf: '2',
        reason,
      },
      p.tok.chenjing,
    );
    expect(filed).toMatchObject({ success: true });
    const mine = await p.t.get<Page<Row>>('/process/leave/list?type=1&pageSize=200', p.tok.chenjing);
    const leave = mine.result!.records.find((r) => r.reason === reason)!;
    expect(
      await p.t.send('PUT', '/process/leave/startProcess', { id: leave.id }, p.tok.chenjing),
    ).toMatchObject({ success: true });
    const pushed = await zhangwei.next((m) => m.cmd === 'user' && m.msgTxt.startsWith('待审批：'));
    expect(pushed.msgTxt).toBe('待审批：陈静的请假申请（2天）');
    const notice = (await noticesOf('zhangwei', '9')).find((n) => n.id === pushed.msgId);
    expect(notice).toMatchObject({
      appTypeName: '流程审批',
      createUserName: '陈静',
      openType: 'url',
      openPage: '/flow/todo',
      busType: 'workflow',
    });
    expect(notice!.esContent).toContain('已到达「部门经理审批」');
    // Not filed under 每日工作 any more.
    expect((await noticesOf('zhangwei', '4')).map((n) => n.id)).not.toContain(pushed.msgId);

    const tasks = await p.t.get<Page<Row>>('/workflow/task/list?type=1&pageSize=200', p.tok.zhangwei);
    const task = tasks.result!.records.find((r) => r.instanceId === notice!.busId)!;
    expect(
      await p.t.send('PUT', '/workflow/task/approve', { id: task.id, comment: '同意' }, p.tok.zhangwei),
    ).toMatchObject({ success: true });
    const result = await chenjing.next((m) => m.cmd === 'user' && m.msgTxt.startsWith('审批已通过'));
    expect((await noticesOf('chenjing', '9')).map((n) => n.id)).toContain(result.msgId);
  });
});

describe('a demand handed on', () => {
  it('tells the handler named on add and the receiver of a 流转, in 项目管理, opening the project', async () => {
    const own = await p.project({ members: 'majun,yangqiang' });
    const majun = await socketOf('majun');
    const title = fresh('展厅灯光需求');
    expect(
      await p.t.send(
        'POST',
        '/sys/demand/add',
        {
          title,
          projectId: own.id,
          demandType: '1',
          priority: '1',
          handler: 'majun',
          expectDate: p.today,
        },
        p.tok.chenjing,
      ),
    ).toMatchObject({ success: true });
    const given = await majun.next((m) => m.cmd === 'user' && m.msgTxt === `新需求待处理：${title}`);
    const page = `/modules/project/index?id=${own.id}&tab=demands`;
    const notice = (await noticesOf('majun', '5')).find((n) => n.id === given.msgId);
    expect(notice).toMatchObject({ appTypeName: '项目管理', createUserName: '陈静', openPage: page });

    const demand = (
      await p.t.get<Page<Row>>(`/sys/demand/list?type=0&title=${encodeURIComponent(title)}`, p.tok.admin)
    ).result!.records[0]!;
    const yangqiang = await socketOf('yangqiang');
    expect(
      await p.t.send(
        'PUT',
        '/sys/demand/circulation',
        { id: demand.id, toUser: 'yangqiang', note: '请评估工作量' },
        p.tok.majun,
      ),
    ).toMatchObject({ success: true });
    const handed = await yangqiang.next((m) => m.cmd === 'user' && m.msgTxt === `需求流转：${title}`);
    const second = (await noticesOf('yangqiang', '5')).find((n) => n.id === handed.msgId);
    expect(second).toMatchObject({ createUserName: '马军', openPage: page });
    expect(second!.esContent).toContain('请评估工作量');
  });
});
