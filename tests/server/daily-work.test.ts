/**
 * Daily and department work and the work board (docs/modules/daily-work.md): who may add an item
 * for whom, the executor's and the assigner's moves, the to-do source and its live push, and the
 * data scope of every /sys/work call (a staff member never reads another department's items).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { addDays } from '../../server/work/periods.js';
import { userId } from '../../server/db/seed/organisation.js';
import { openSocket } from './notice-support.js';
import { createWorkTest, NO_PERMISSION, type Row, type WorkTest } from './daily-work-helpers.js';

let t: EntityTestContext;
let tok: Record<string, string>;
let today: string;
let add: WorkTest['add'];
let find: WorkTest['find'];
let assigned: WorkTest['assigned'];
beforeAll(async () => {
  ({ t, tok, today, add, find, assigned } = await createWorkTest());
});
afterAll(() => t.close());

describe('work items', () => {
  it('lets everyone note their own work and a manager assign work inside their department only', async () => {
    const own = await add(tok.chenjing!);
    expect(own.res.success).toBe(true);
    expect((await find(own.title, tok.chenjing!))[0]).toMatchObject({
      itemType: '1',
      departCode: 'A01A02A01',
      status: '0',
      assigner: 'chenjing',
    });
    expect((await add(tok.chenjing!, { assignee: 'majun' })).res).toMatchObject({
      success: false,
      message: '只能为本人添加工作事项',
    });
    expect((await add(tok.zhangwei!, { assignee: 'zhaolei' })).res.message).toBe(
      '只能给本部门及下级部门的人员安排工作：赵磊',
    );
    expect((await add(tok.zhangwei!, { assignee: 'nobody' })).res.message).toBe('执行人不存在：nobody');
    const row = await assigned('zhangwei', 'chenjing');
    expect(row).toMatchObject({ itemType: '2', departCode: 'A01A02A01', assigner: 'zhangwei' });
  });

  it('moves an item: the executor starts and finishes it, only the assigner cancels, edits or deletes it', async () => {
    const row = await assigned('zhangwei', 'chenjing');
    const move = (path: string, token: string) =>
      t.send('PUT', `/sys/workItem/${path}`, { id: row.id }, token);
    // Someone the item does not concern cannot even read it (its row access).
    expect(await move('begin', tok.majun!)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await t.get(`/sys/workItem/queryById?id=${row.id}`, tok.majun)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await move('begin', tok.chenjing!)).success).toBe(true);
    expect(await move('cancel', tok.chenjing!)).toMatchObject({
      success: false,
      message: '只有安排人可以取消该工作',
    });
    expect(
      await t.send('PUT', '/sys/workItem/edit', { id: row.id, title: '改' }, tok.chenjing),
    ).toMatchObject({ message: '只有安排人可以修改或删除该工作' });
    expect(
      await t.send('DELETE', `/sys/workItem/delete?id=${row.id}`, undefined, tok.chenjing),
    ).toMatchObject({ message: '只有安排人可以修改或删除该工作' });
    // On the workbench's to-do list until it is finished, then under 已办.
    const todo = async (type: string) =>
      (
        await t.get<Page<Row>>(
          `/sys/todo/list?type=${type}&title=${encodeURIComponent(row.title)}`,
          tok.chenjing,
        )
      ).result!.records;
    expect((await todo('1')).map((r) => [r.kind, r.statusText, r.link])).toEqual([
      ['workItem', '进行中', '/HomePage/dailyWork'],
    ]);
    expect((await move('finish', tok.chenjing!)).success).toBe(true);
    const [done] = await find(row.title, tok.chenjing!);
    expect(done).toMatchObject({ status: '2', progress: 100 });
    expect(done!.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await todo('1')).toEqual([]);
    expect((await todo('2')).map((r) => r.statusText)).toEqual(['已完成']);
    expect((await move('reopen', tok.zhangwei!)).success).toBe(true);
    expect((await find(row.title, tok.chenjing!))[0]).toMatchObject({ status: '1', finishTime: null });
    expect(
      (await t.send('DELETE', `/sys/workItem/delete?id=${row.id}`, undefined, tok.zhangwei)).success,
    ).toBe(true);
  });

  it('tells the executor live when work is given to them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, userId('chenjing'), tok.chenjing!);
    try {
      await assigned('zhangwei', 'chenjing');
      expect(await socket.next((m) => m.cmd === 'todo')).toMatchObject({ cmd: 'todo' });
    } finally {
      socket.close();
    }
  });

  it('keeps each person inside their scope', async () => {
    const row = await assigned('zhangwei', 'chenjing');
    // Another department's staff member: not by id, not in any list, not through /sys/work.
    expect(await t.get(`/sys/workItem/queryById?id=${row.id}`, tok.zhaolei)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await t.get(`/sys/work/queryById?id=${row.id}`, tok.zhaolei)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(
      (await t.get<Page<Row>>(`/sys/work/list?title=${encodeURIComponent(row.title)}`, tok.zhaolei)).result!
        .total,
    ).toBe(0);
    expect((await t.get('/sys/workItem/list?type=2', tok.zhaolei)).message).toBe(NO_PERMISSION);
    expect((await t.get('/sys/workItem/list', tok.zhangwei)).message).toBe(NO_PERMISSION);
    expect(await t.get('/sys/work/queryUserWorkPage?username=chenjing', tok.zhaolei)).toMatchObject({
      success: false,
      message: '您没有查看该人员工作的权限',
    });
    // The managers: the own department and below, nothing of another.
    expect((await find(row.title, tok.zhangwei!, '2')).map((r) => r.id)).toEqual([row.id]);
    expect(await find(row.title, tok.liuyang!, '2')).toEqual([]);
    expect(await t.get(`/sys/workItem/queryById?id=${row.id}`, tok.liuyang)).toMatchObject({
      success: false,
    });
    expect((await t.get<Row>(`/sys/work/queryById?id=${row.id}`, tok.zhangwei)).result).toMatchObject({
      id: row.id,
      status_dictText: '待开始',
      assignee_dictText: '陈静',
    });
    const user = await t.get<Page<Row>>('/sys/work/queryUserWorkPage?username=chenjing', tok.zhangwei);
    expect(user.result!.records.map((r) => r.id)).toContain(row.id);
    expect(
      (await t.get<Page<Row>>('/sys/work/queryUserWorkPage', tok.chenjing)).result!.records.map((r) => r.id),
    ).toContain(row.id);
  });
});

describe('the work board', () => {
  it('counts by department and sub-department, per person, and drills down, for managers only', async () => {
    const late = await assigned('zhangwei', 'majun');
    await t.send(
      'PUT',
      '/sys/workItem/edit',
      { id: late.id, planDate: addDays(today, -5), deadline: addDays(today, -3) },
      tok.zhangwei,
    );
    const stats = await t.get<Page<Row>>('/sys/work/getDepartStatisticsPage', tok.zhangwei);
    expect(stats.result!.records.map((r) => r.departName)).toEqual([
      '项目管理部（合计）',
      '项目一组',
      '项目二组',
    ]);
    const [total, team1] = stats.result!.records;
    expect(total!.total).toBeGreaterThanOrEqual(2);
    expect(team1!.overdue).toBeGreaterThanOrEqual(1);
    expect((await t.get('/sys/work/board/list', tok.zhangwei)).result).toEqual(stats.result);
    const counts = await t.get<Row>(
      '/sys/work/getDepartWorkStatusQuantity?departCode=A01A02A01',
      tok.zhangwei,
    );
    expect(counts.result).toMatchObject({
      departCode: 'A01A02A01',
      total: team1!.total,
      overdue: team1!.overdue,
    });
    const subs = await t.get<Row[]>('/sys/work/getSubDepartList', tok.zhangwei);
    expect(subs.result!.map((d) => d.orgCode)).toEqual(['A01A02A01', 'A01A02A02']);
    const details = await t.get<Page<Row>>(
      '/sys/work/getWorkDetailsPage?departCode=A01A02A01&overdue=1',
      tok.zhangwei,
    );
    expect(details.result!.records.map((r) => r.id)).toContain(late.id);
    const people = await t.get<Page<Row>>(
      '/sys/work/getDepartUserWorkPage?departCode=A01A02A01',
      tok.zhangwei,
    );
    expect(people.result!.records.map((r) => r.username)).toEqual(
      expect.arrayContaining(['chenjing', 'majun']),
    );
    expect((await t.get('/sys/work/people/list?departCode=A01A02A01', tok.zhangwei)).result).toEqual(
      people.result,
    );
    const view = await t.get<{ people: Row[]; items: Row[] }>(
      '/sys/work/board/people?id=A01A02A01',
      tok.zhangwei,
    );
    expect(view.result!.items.find((i) => i.id === late.id)).toMatchObject({
      realname: '马军',
      overdueText: '已逾期',
    });
    const mine = await t.get<{ items: Row[] }>('/sys/work/people/items?id=majun', tok.zhangwei);
    expect(mine.result!.items.map((i) => i.id)).toContain(late.id);
    // Another department, or a staff member: refused.
    for (const url of [
      'getDepartStatisticsPage?departCode=A01A03',
      'getDepartWorkStatusQuantity?departCode=A01',
      'getSubDepartList?departCode=A01A03',
      'board/people?id=A01A03',
      'people/items?id=zhaolei',
    ])
      expect((await t.get(`/sys/work/${url}`, tok.zhangwei)).success, url).toBe(false);
    for (const url of [
      'getDepartStatisticsPage',
      'getDepartWorkStatusQuantity',
      'getSubDepartList',
      'getWorkDetailsPage',
      'getDepartUserWorkPage',
      'board/list',
      'people/list',
    ])
      expect((await t.get(`/sys/work/${url}`, tok.chenjing)).message, url).toBe(NO_PERMISSION);
  });
});
