/**
 * A project's contacts and demands (docs/modules/projects.md): who may see and add them, 流转 with
 * its history, the live notice and to-do item of the new handler, closing, and the refusals; then
 * the project picker's and the statistics' figures.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { userId } from '../../server/db/seed/organisation.js';
import { openSocket } from './notice-support.js';
import { createProjectTest, fresh, NO_PERMISSION, type ProjectTest, type Row } from './project-helpers.js';

let t: EntityTestContext;
let tok: Record<string, string>;
let project: ProjectTest['project'];
let today: string;
let own: Row;
beforeAll(async () => {
  ({ t, tok, project, today } = await createProjectTest());
  own = await project({ members: 'majun,yangqiang' });
});
afterAll(() => t.close());

async function addDemand(values: Record<string, unknown> = {}, token = tok.chenjing!): Promise<Row> {
  const title = fresh('测试需求');
  const res = await t.send(
    'POST',
    '/sys/demand/add',
    {
      title,
      projectId: own.id,
      demandType: '1',
      priority: '1',
      handler: 'chenjing',
      expectDate: today,
      ...values,
    },
    token,
  );
  expect(res).toMatchObject({ success: true });
  const page = await t.get<Page<Row>>(
    `/sys/demand/list?type=0&title=${encodeURIComponent(title)}`,
    tok.admin,
  );
  return page.result!.records[0]!;
}

const todoOf = async (token: string, type: '1' | '2') =>
  (await t.get<Page<Row>>(`/sys/todo/list?type=${type}&pageSize=100`, token)).result!.records.filter(
    (r) => r.kind === 'demand',
  );

describe('contacts', () => {
  it('are kept by the project people and refused to outsiders', async () => {
    const add = (token: string, name: string, projectId = own.id) =>
      t.send('POST', '/sys/contacts/add', { projectId, name, phone: '13912345678', unit: '办公室' }, token);
    expect((await add(tok.majun!, '李主任')).success).toBe(true);
    expect(await add(tok.hugang!, '外人')).toMatchObject({
      success: false,
      message: '所选项目不存在或您无权查看',
    });
    expect(
      (
        await t.send(
          'POST',
          '/sys/contacts/add',
          { projectId: own.id, name: '号码错', phone: '123' },
          tok.majun,
        )
      ).success,
    ).toBe(false);
    const list = await t.get<Row[]>(`/sys/contacts/queryByProjectId?projectId=${own.id}`, tok.chenjing);
    expect(list.result!.map((r) => [r.name, r.unit])).toEqual([['李主任', '办公室']]);
    expect(await t.get(`/sys/contacts/queryByProjectId?projectId=${own.id}`, tok.hugang)).toMatchObject({
      success: false,
      message: '您不是该项目的成员，无权查看该项目',
    });
    const seen = await t.get<Page<Row>>(`/sys/contacts/list?projectId=${own.id}`, tok.hugang);
    expect(seen.result!.total).toBe(0);
    const id = list.result![0]!.id;
    expect(
      await t.send(
        'PUT',
        '/sys/contacts/edit',
        { id, name: '改名', phone: '13912345678', projectId: own.id },
        tok.hugang,
      ),
    ).toMatchObject({ success: false, message: '所选项目不存在或您无权查看' });
  });
});

describe('demands', () => {
  it('are handed on with a note: history, a live reminder and a to-do item for the new handler', async () => {
    const demand = await addDemand();
    expect(demand).toMatchObject({ status: '0', status_dictText: '新建', projectId_dictText: own.name });
    expect(demand.demandNo).toMatch(new RegExp(`^XQ${today.replaceAll('-', '')}-\\d{3}$`));
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, userId('majun'), tok.majun!);
    try {
      const circulate = (body: Record<string, unknown>, token = tok.chenjing!) =>
        t.send('PUT', '/sys/demand/circulation', { id: demand.id, ...body }, token);
      expect(await circulate({ toUser: 'majun' })).toMatchObject({
        success: false,
        message: '请输入流转说明',
      });
      expect(await circulate({ note: '请处理' })).toMatchObject({
        success: false,
        message: '请选择流转给谁',
      });
      expect(await circulate({ toUser: 'nobody', note: '请处理' })).toMatchObject({
        message: '接收人“nobody”不存在或不属于当前租户',
      });
      // A member who is neither the handler nor the creator, and an outsider.
      expect(await circulate({ toUser: 'majun', note: 'x' }, tok.yangqiang)).toMatchObject({
        message: '需求的当前处理人、提出人可以流转或关闭需求',
      });
      expect(await circulate({ toUser: 'majun', note: 'x' }, tok.hugang)).toMatchObject({
        message: '未找到对应数据',
      });
      expect(await circulate({ toUser: 'majun', note: '请评估工作量' })).toMatchObject({
        success: true,
        message: '流转成功！',
      });
      const pushed = await socket.next((m) => m.cmd === 'user');
      expect(pushed).toMatchObject({ cmd: 'user', msgTxt: `需求流转：${String(demand.title)}` });
      expect(await socket.next((m) => m.cmd === 'todo')).toMatchObject({ cmd: 'todo' });
    } finally {
      socket.close();
    }
    const todo = await todoOf(tok.majun!, '1');
    expect(todo.map((r) => [r.title, r.statusText, r.link])).toContainEqual([
      demand.title,
      '流转中',
      `/modules/project/index?id=${own.id}`,
    ]);
    expect((await todoOf(tok.chenjing!, '1')).some((r) => r.id === demand.id)).toBe(false);
    const notices = await t.get<Page<Row>>('/sys/notice/list?pageSize=10', tok.majun);
    expect(JSON.stringify(notices.result)).toContain(`需求流转：${String(demand.title)}`);
    // Handed on, not edited: a changed handler in an edit is refused.
    const edit = await t.send('PUT', '/sys/demand/edit', { ...demand, handler: 'yangqiang' }, tok.chenjing);
    expect(edit).toMatchObject({ success: false, message: '更换处理人请使用“流转”' });

    expect(
      await t.send('DELETE', `/sys/demand/closeDemand?id=${demand.id}`, undefined, tok.yangqiang),
    ).toMatchObject({
      message: '需求的当前处理人、提出人可以流转或关闭需求',
    });
    expect(
      (await t.send('DELETE', `/sys/demand/closeDemand?id=${demand.id}`, undefined, tok.majun)).message,
    ).toBe('已关闭！');
    expect(
      await t.send('DELETE', `/sys/demand/closeDemand?id=${demand.id}`, undefined, tok.majun),
    ).toMatchObject({
      message: '当前状态不允许关闭',
    });
    expect(
      await t.send(
        'PUT',
        '/sys/demand/circulation',
        { id: demand.id, toUser: 'chenjing', note: '再看看' },
        tok.majun,
      ),
    ).toMatchObject({ message: '需求已关闭，不能流转' });
    const history = await t.get<{ records: Row[] }>(`/sys/demand/history?id=${demand.id}`, tok.yangqiang);
    expect(history.result!.records.map((r) => [r.actionText, r.fromName, r.toName, r.note])).toEqual([
      ['提出', '陈静', '陈静', '提出需求'],
      ['流转', '陈静', '马军', '请评估工作量'],
      ['关闭', '马军', null, '需求已处理完毕，关闭'],
    ]);
    expect(await t.get(`/sys/demand/history?id=${demand.id}`, tok.hugang)).toMatchObject({
      message: '未找到对应数据',
    });
    expect((await todoOf(tok.majun!, '2')).map((r) => r.id)).toContain(demand.id);
    expect((await todoOf(tok.majun!, '1')).map((r) => r.id)).not.toContain(demand.id);
  });

  it('are seen by the project people only', async () => {
    const demand = await addDemand({}, tok.majun);
    const seen = async (token: string) =>
      (
        await t.get<Page<Row>>(
          `/sys/demand/list?type=0&title=${encodeURIComponent(String(demand.title))}`,
          token,
        )
      ).result!.total;
    expect(await seen(tok.majun!)).toBe(1);
    expect(await seen(tok.lina!)).toBe(1);
    expect(await seen(tok.hugang!)).toBe(0);
    expect(await t.get(`/sys/demand/queryById?id=${demand.id}`, tok.hugang)).toMatchObject({
      message: '未找到对应数据',
    });
    expect(
      await t.send(
        'POST',
        '/sys/demand/add',
        { title: 'x', projectId: own.id, demandType: '1', priority: '1', handler: 'hugang' },
        tok.hugang,
      ),
    ).toMatchObject({ message: '所选项目不存在或您无权查看' });
    // 待我处理: the open demands the caller handles.
    const mine = await t.get<Page<Row>>('/sys/demand/list?type=1&pageSize=100', tok.chenjing);
    expect(mine.result!.records.every((r) => r.handler === 'chenjing' && r.status !== '3')).toBe(true);
    expect((await t.send('DELETE', `/sys/demand/delete?id=${demand.id}`, undefined, tok.majun)).message).toBe(
      NO_PERMISSION,
    );
  });
});

describe('statistics', () => {
  it('count the projects a caller sees by status, with a total and an export', async () => {
    const started = await project({ manager: 'yangqiang', members: '', budget: 250000 });
    expect(
      (await t.send('PUT', '/sys/project/startProject', { id: started.id }, tok.yangqiang)).success,
    ).toBe(true);
    // yangqiang manages one project and is a member of `own`: his figures are those two.
    expect((await t.get('/sys/projectStatic/list?by=status', tok.yangqiang)).message).toBe(NO_PERMISSION);
    const all = await t.get<Page<Row>>('/sys/projectStatic/list?by=status', tok.zhangwei);
    const rows = all.result!.records;
    expect(rows[0]).toMatchObject({ groupName: '（合计）' });
    const byName = new Map(rows.map((r) => [r.groupName, r]));
    expect(Number(byName.get('（合计）')!.total)).toBe(
      rows.slice(1).reduce((n, r) => n + Number(r.total), 0),
    );
    expect(Number(byName.get('进行中')!.running)).toBeGreaterThanOrEqual(1);
    const load = await t.get<Page<Row>>('/sys/projectStatic/load/list?realname=杨强', tok.zhangwei);
    expect(load.result!.records).toEqual([
      expect.objectContaining({ realname: '杨强', managed: 1, joined: 1, total: 2, running: 1 }),
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/sys/projectStatic/exportXls?by=category',
      headers: { 'x-access-token': tok.zhangwei! },
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '分组',
      '项目数',
      '未启动',
      '进行中',
      '已暂停',
      '已关闭',
      '逾期未关闭',
      '预算合计（元）',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('（合计）');
    expect(await t.get('/sys/projectStatic/list?by=nothing', tok.zhangwei)).toMatchObject({
      success: false,
      message: '参数不识别：by=nothing',
    });
  });
});
