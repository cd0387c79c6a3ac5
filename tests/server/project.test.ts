/**
 * Projects (docs/modules/projects.md): numbering, name / code uniqueness, the lifecycle and its
 * refusals, who sees and who changes a project (outsiders refused on every call), and the recycle
 * bin (restore, refused restore, purge with the project's contacts and demands).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { createProjectTest, fresh, NO_PERMISSION, type ProjectTest, type Row } from './project-helpers.js';

let t: EntityTestContext;
let tok: Record<string, string>;
let project: ProjectTest['project'];
let listed: ProjectTest['listed'];
let today: string;
beforeAll(async () => {
  ({ t, tok, project, listed, today } = await createProjectTest());
});
afterAll(() => t.close());

describe('projects', () => {
  it('numbers a new project, defaults it to 未启动 and refuses a taken name or code', async () => {
    const row = await project();
    expect(row.projectNo).toMatch(new RegExp(`^XM${today.replaceAll('-', '')}-\\d{3}$`));
    expect(row).toMatchObject({ status: '0', status_dictText: '未启动', manager_dictText: '陈静' });
    // Creating a project is for department managers; a project manager on a staff account runs it.
    expect((await t.send('POST', '/sys/project/add', { name: fresh('x') }, tok.chenjing)).message).toBe(
      NO_PERMISSION,
    );
    const again = await t.send(
      'POST',
      '/sys/project/add',
      { ...row, id: undefined, projectNo: undefined, status: undefined, code: fresh('T-') },
      tok.zhangwei,
    );
    expect(again).toMatchObject({ success: false, message: '项目名称：该值不可用，系统中已存在！' });
    const name = encodeURIComponent(String(row.name));
    expect((await t.get(`/sys/duplicate/projectNameCheck?name=${name}`, tok.chenjing)).success).toBe(false);
    expect(
      (await t.get(`/sys/duplicate/projectNameCheck?name=${name}&id=${row.id}`, tok.chenjing)).success,
    ).toBe(true);
    expect(
      (await t.get(`/sys/duplicate/projectCodeCheck?code=${String(row.code)}`, tok.chenjing)).message,
    ).toBe('该值不可用，系统中已存在！');
    expect((await t.get('/sys/duplicate/projectCodeCheck?code=FREE-CODE-1', tok.chenjing)).success).toBe(
      true,
    );
    const badCode = await t.send(
      'POST',
      '/sys/project/add',
      { ...row, id: undefined, name: fresh('x'), code: '中文' },
      tok.zhangwei,
    );
    expect(badCode.message).toBe('项目代号只能包含字母、数字和“-”');
    const early = await t.send(
      'POST',
      '/sys/project/add',
      {
        name: fresh('x'),
        code: fresh('C-'),
        customerId: row.customerId,
        category: '1',
        manager: 'chenjing',
        planStart: '2026-05-02',
        planEnd: '2026-05-01',
      },
      tok.zhangwei,
    );
    expect(early.message).toBe('计划结束日期不能早于计划开始日期');
  });

  it('starts, suspends and closes a project, setting its actual dates, and refuses moves from the wrong status', async () => {
    const row = await project();
    const move = (path: string, token = tok.chenjing!) =>
      t.send('PUT', `/sys/project/${path}`, { id: row.id }, token);
    expect(await move('suspendProject')).toMatchObject({ success: false, message: '当前状态不允许暂停' });
    expect(await move('startProject')).toMatchObject({ success: true, message: '已启动！' });
    expect(await listed(row.id, tok.chenjing!)).toMatchObject({ status: '1', status_dictText: '进行中' });
    expect(await move('startProject')).toMatchObject({ success: false, message: '当前状态不允许启动' });
    expect((await move('suspendProject')).success).toBe(true);
    expect((await move('startProject')).success).toBe(true);
    expect((await move('closeProject')).message).toBe('已关闭！');
    expect(await move('startProject')).toMatchObject({ success: false, message: '当前状态不允许启动' });
    const page = await t.get<Row>(`/sys/project/getProjectById?projectId=${row.id}`, tok.chenjing);
    expect(page.result).toMatchObject({
      status: '3',
      actualStart: today,
      actualEnd: today,
      power: 'view,edit',
    });
  });

  it('shows a project to its manager, members, creator and project:all holders only, on every call', async () => {
    const row = await project({ members: 'majun' }, tok.zhangwei);
    for (const who of ['chenjing', 'majun', 'zhangwei', 'lina', 'admin'])
      expect(await listed(row.id, tok[who]!), who).toBeDefined();
    expect(await listed(row.id, tok.hugang!)).toBeUndefined();
    expect(await listed(row.id, tok.yangqiang!)).toBeUndefined();
    expect(await t.get(`/sys/project/queryById?id=${row.id}`, tok.hugang)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await t.get(`/sys/project/getProjectById?projectId=${row.id}`, tok.hugang)).toMatchObject({
      success: false,
      code: 403,
      message: '您不是该项目的成员，无权查看该项目',
    });
    expect(
      (await t.get<Row>(`/sys/project/getProjectById?projectId=${row.id}`, tok.majun)).result,
    ).toMatchObject({
      power: 'view',
    });
    // 我负责的: only the projects the caller manages.
    expect(await listed(row.id, tok.chenjing!, '&type=1')).toBeDefined();
    expect(await listed(row.id, tok.zhangwei!, '&type=1')).toBeUndefined();
    const picker = await t.get<Page<Row>>(
      `/sys/project/selectProject?keyword=${encodeURIComponent(String(row.name))}`,
      tok.hugang,
    );
    expect(picker.result!.records).toEqual([]);
    const mine = await t.get<Page<Row>>(
      `/sys/project/selectProject?keyword=${encodeURIComponent(String(row.name))}`,
      tok.majun,
    );
    expect(mine.result!.records.map((r) => [r.name, r.customerName, r.managerName])).toEqual([
      [row.name, row.customerId_dictText, '陈静'],
    ]);
    const byCustomer = await t.get<Row[]>(
      `/sys/project/queryByCustomerId?customerId=${String(row.customerId)}`,
      tok.hugang,
    );
    expect(byCustomer.result!.some((r) => r.id === row.id)).toBe(false);
    // Project names through the dictionary only for ids already held, never as a list.
    expect((await t.get<unknown[]>('/sys/dict/getDictItems/biz_project,name,id', tok.hugang)).result).toEqual(
      [],
    );
  });

  it('lets only the manager, the creator and project:all holders change a project', async () => {
    const row = await project({ members: 'majun,hugang' }, tok.zhangwei);
    const edit = (token: string) =>
      t.send('PUT', '/sys/project/edit', { id: row.id, budget: 5, rowVersion: row.rowVersion }, token);
    expect(await edit(tok.majun!)).toMatchObject({ success: false, message: '只有项目经理可以编辑该项目' });
    expect(await t.send('PUT', '/sys/project/startProject', { id: row.id }, tok.majun)).toMatchObject({
      success: false,
      message: '只有项目经理可以启动该项目',
    });
    expect(
      await t.send(
        'PUT',
        '/sys/project/edit',
        { id: row.id, manager: '', rowVersion: row.rowVersion },
        tok.chenjing,
      ),
    ).toMatchObject({ success: false, message: '请选择项目经理!' });
    expect((await edit(tok.chenjing!)).success).toBe(true);
    // A second save from the same loaded version is someone else's overwrite.
    expect((await edit(tok.lina!)).message).toBe('该记录已被他人修改，请刷新后重试');
    expect(await t.send('DELETE', `/sys/project/delete?id=${row.id}`, undefined, tok.majun)).toMatchObject({
      message: NO_PERMISSION,
    });
  });

  it('moves a deleted project to 已删除项目, restores it, refuses a restore over a taken name and purges it', async () => {
    const row = await project({}, tok.zhangwei);
    await t.send(
      'POST',
      '/sys/contacts/add',
      { projectId: row.id, name: '王主任', phone: '13912345678' },
      tok.chenjing,
    );
    expect(
      (await t.send('DELETE', `/sys/project/delete?id=${row.id}`, undefined, tok.zhangwei)).success,
    ).toBe(true);
    expect(await listed(row.id, tok.zhangwei!)).toBeUndefined();
    const bin = await t.get<Page<Row>>(`/sys/project/recycle/list?name=*${String(row.name)}*`, tok.zhangwei);
    expect(bin.result!.records.map((r) => [r.id, r.deletedBy_dictText])).toEqual([[row.id, '张伟']]);
    expect((await t.get('/sys/project/recycle/list', tok.chenjing)).message).toBe(NO_PERMISSION);
    expect((await t.send('PUT', '/sys/project/recycle/restore', { id: row.id }, tok.zhangwei)).message).toBe(
      '恢复成功！',
    );
    expect(await listed(row.id, tok.zhangwei!)).toBeDefined();
    // Deleted again while a new project took its name: the restore is refused, nothing changes.
    await t.send('DELETE', `/sys/project/delete?id=${row.id}`, undefined, tok.zhangwei);
    const twin = await project({ name: row.name }, tok.zhangwei);
    expect((await t.send('PUT', '/sys/project/recycle/restore', { id: row.id }, tok.zhangwei)).message).toBe(
      '项目名称已被其他项目使用',
    );
    expect(
      (await t.send('DELETE', `/sys/project/recycle/purge?id=${row.id}`, undefined, tok.zhangwei)).message,
    ).toBe(NO_PERMISSION);
    expect(
      (await t.send('DELETE', `/sys/project/recycle/purge?id=${row.id}`, undefined, tok.admin)).success,
    ).toBe(true);
    const left = await sql<{ n: number }>`select (select count(*) from biz_project where id = ${row.id})
      + (select count(*) from biz_project_contact where project_id = ${row.id}) as n`.execute(t.database.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    const contacts = await t.get<Row[]>(`/sys/contacts/queryByProjectId?projectId=${row.id}`, tok.admin);
    expect(contacts).toMatchObject({ success: false, message: '项目不存在或已被删除' });
    expect(await listed(twin.id, tok.zhangwei!)).toBeDefined();
  });
});
