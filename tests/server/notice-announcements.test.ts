import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from './helpers.js';
import { seededAnnouncement, signIn, userId, type Caller } from './notice-support.js';

interface Page<T> {
  records: T[];
  total: number;
}
interface Notice {
  id: string;
  esTitle: string;
  esContent: string;
  esReadStatus: string;
  appType: string;
  kind: string;
}

let ctx: TestContext;
let admin: Caller;
let chenjing: Caller; // 项目一组 (under 项目管理部), staff
let zhaolei: Caller; // 研发组, staff
let zhangwei: Caller; // 项目管理部, manager

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, chenjing, zhaolei, zhangwei] = await Promise.all(
    ['admin', 'chenjing', 'zhaolei', 'zhangwei'].map((u) => signIn(ctx, u)),
  );
});
afterAll(() => ctx.close());

const get = <T>(who: Caller, url: string) =>
  ctx.call<T>({ method: 'GET', url: `/api${url}`, headers: who.headers });

async function add(body: Record<string, unknown>): Promise<string> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/sys/annountCement/add',
    headers: admin.headers,
    payload: body,
  });
  expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
  const list = await get<Page<{ id: string; titile: string }>>(admin, '/sys/annountCement/list?pageSize=200');
  const found = list.body.result!.records.find((r) => r.titile === body.titile);
  if (!found) throw new Error('added announcement not listed');
  return found.id;
}

async function release(id: string) {
  const res = await get(admin, `/sys/annountCement/doReleaseData?id=${id}`);
  expect(res.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
}

async function unreadTitles(who: Caller): Promise<string[]> {
  const res = await get<Page<Notice>>(who, '/sys/notice/list?esReadStatus=0&pageSize=200');
  return res.body.result!.records.map((r) => r.esTitle);
}

describe('announcements', () => {
  it('the seeded bell is not empty: listByUser and the notice list', async () => {
    const res = await get<{ anntMsgTotal: number; sysMsgTotal: number; anntMsgList: { titile: string }[] }>(
      chenjing,
      '/sys/annountCement/listByUser?pageSize=5',
    );
    expect(res.body.result!.anntMsgTotal).toBeGreaterThanOrEqual(3);
    expect(res.body.result!.sysMsgTotal).toBe(1);
    const list = await get<Page<Notice>>(
      chenjing,
      '/sys/notice/list?esReadStatus=0&column=createTime&order=desc&field=id,esTitle,createTime&pageNo=1&pageSize=3',
    );
    expect(list.body.success).toBe(true);
    expect(list.body.result!.records).toHaveLength(3);
    expect(Object.keys(list.body.result!.records[0]).sort()).toEqual(['createTime', 'esTitle', 'id']);
  });

  it('release sends it, revoke hides it, a re-release shows it again with its read state', async () => {
    const id = await add({ titile: '撤销测试', msgContent: '<p>x</p>', msgCategory: '4', msgType: 'ALL' });
    expect(await unreadTitles(zhaolei)).not.toContain('撤销测试');
    await release(id);
    expect(await unreadTitles(zhaolei)).toContain('撤销测试');
    const view = await get<Notice>(zhaolei, `/sys/notice/viewById?id=${id}`);
    expect(view.body.result).toMatchObject({ esTitle: '撤销测试', esReadStatus: '1', msgId: id });

    const revoke = await get(admin, `/sys/annountCement/doReovkeData?id=${id}`);
    expect(revoke.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const read = await get<{ readList: Notice[]; unReadList: Notice[] }>(
      zhaolei,
      '/sys/notice/queryReadList',
    );
    expect(read.body.result!.readList.map((n) => n.id)).not.toContain(id);
    expect((await get(zhaolei, `/sys/notice/viewById?id=${id}`)).body.success).toBe(false);
    expect((await get(zhaolei, `/sys/annountCement/queryById?id=${id}`)).body.success).toBe(false);
    const mine = await get<Page<{ anntId: string }>>(
      zhaolei,
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    );
    expect(mine.body.result!.records.map((r) => r.anntId)).not.toContain(id);

    await release(id);
    const again = await get<{ readList: Notice[] }>(zhaolei, '/sys/notice/queryReadList');
    expect(again.body.result!.readList.map((n) => n.id)).toContain(id);
  });

  it('recipients: users, departments (with sub-departments) and roles get it, nobody else', async () => {
    const byUser = await add({
      titile: '指定用户',
      msgCategory: '5',
      msgType: 'USER',
      userIds: `${userId('zhaolei')},`,
    });
    const byDepart = await add({
      titile: '指定部门',
      msgCategory: '6',
      msgType: 'DEPART',
      departIds: (await departIdOf('A01A02')) + ',',
    });
    const byRole = await add({
      titile: '指定角色',
      msgCategory: '7',
      msgType: 'ROLE',
      roleIds: await roleIdOf('manager'),
    });
    for (const id of [byUser, byDepart, byRole]) await release(id);
    expect(await unreadTitles(zhaolei)).toEqual(expect.arrayContaining(['指定用户']));
    expect(await unreadTitles(zhaolei)).not.toEqual(expect.arrayContaining(['指定部门']));
    expect(await unreadTitles(zhaolei)).not.toContain('指定角色');
    expect(await unreadTitles(chenjing)).toContain('指定部门');
    expect(await unreadTitles(chenjing)).not.toContain('指定角色');
    expect(await unreadTitles(zhangwei)).toEqual(expect.arrayContaining(['指定部门', '指定角色']));
    // Revoked, re-addressed and released again: the old recipient no longer has it.
    await get(admin, `/sys/annountCement/doReovkeData?id=${byUser}`);
    await ctx.call({
      method: 'PUT',
      url: '/api/sys/annountCement/edit',
      headers: admin.headers,
      payload: {
        id: byUser,
        titile: '指定用户',
        msgCategory: '5',
        msgType: 'USER',
        userIds: userId('chenjing'),
      },
    });
    await release(byUser);
    expect(await unreadTitles(zhaolei)).not.toContain('指定用户');
    expect(await unreadTitles(chenjing)).toContain('指定用户');
    // Who read and who did not.
    await get(chenjing, `/sys/notice/viewById?id=${byDepart}`);
    const stats = await get<{ readList: { username: string }[]; unReadList: { username: string }[] }>(
      admin,
      `/sys/annountCement/readStatistics?id=${byDepart}`,
    );
    expect(stats.body.result!.readList.map((u) => u.username)).toEqual(['chenjing']);
    expect(stats.body.result!.unReadList.map((u) => u.username)).toContain('zhangwei');
    expect(stats.body.result!.unReadList.map((u) => u.username)).not.toContain('zhaolei');
  });

  it('another tenant never sees it', async () => {
    const id = await add({ titile: '租户一通告', msgCategory: '4', msgType: 'ALL' });
    await release(id);
    // huangmin (a recipient at release) moves to tenant 2 only; admin (tenants 1 and 2) looks from tenant 2.
    await ctx.database.db
      .updateTable('sysUser')
      .set({ relTenantIds: '2' })
      .where('username', '=', 'huangmin')
      .execute();
    const huangmin = await signIn(ctx, 'huangmin', '2');
    const adminT2 = { ...admin, headers: { ...admin.headers, 'tenant-id': '2' } };
    for (const who of [huangmin, adminT2]) {
      expect(await unreadTitles(who)).not.toContain('租户一通告');
      expect((await get(who, `/sys/notice/viewById?id=${id}`)).body.success).toBe(false);
      expect((await get(who, `/sys/annountCement/queryById?id=${id}`)).body.success).toBe(false);
      const adminList = await get<Page<{ id: string }>>(adminT2, '/sys/annountCement/list?pageSize=200');
      expect(adminList.body.result!.records.map((r) => r.id)).not.toContain(id);
    }
    // Nor can tenant 2's admin screen act on it.
    expect((await get(adminT2, `/sys/annountCement/doReovkeData?id=${id}`)).body.success).toBe(false);
    // A tenant-id the user does not belong to is refused outright.
    const forged = await ctx.call({
      method: 'GET',
      url: '/api/sys/notice/list',
      headers: { ...chenjing.headers, 'tenant-id': '2' },
    });
    expect(forged.status).toBe(401);
  });

  it('staff cannot manage announcements', async () => {
    for (const url of [
      '/sys/annountCement/list',
      `/sys/annountCement/doReleaseData?id=${seededAnnouncement('draft')}`,
    ]) {
      const res = await get(zhaolei, url);
      expect(res.body.code, url).toBe(510);
    }
    const res = await ctx.call({
      method: 'POST',
      url: '/api/sys/annountCement/add',
      headers: zhaolei.headers,
      payload: { titile: 'x', msgCategory: '4', msgType: 'ALL' },
    });
    expect(res.body.code).toBe(510);
    // A draft is not readable by a reader, only by the admin screen.
    expect(
      (await get(zhaolei, `/sys/annountCement/queryById?id=${seededAnnouncement('draft')}`)).body.success,
    ).toBe(false);
    expect(
      (await get(admin, `/sys/annountCement/queryById?id=${seededAnnouncement('draft')}`)).body.success,
    ).toBe(true);
  });

  it('edit refuses a released one; delete hides it', async () => {
    const id = await add({ titile: '编辑测试', msgCategory: '8', msgType: 'ALL' });
    const edit = (titile: string) =>
      ctx.call({
        method: 'PUT',
        url: '/api/sys/annountCement/edit',
        headers: admin.headers,
        payload: { id, titile, msgCategory: '8', msgType: 'ALL', sendStatus: '1', tenantId: 2 },
      });
    expect((await edit('编辑测试2')).body.message).toBe('编辑成功！');
    await release(id);
    expect((await edit('编辑测试3')).body.message).toBe('已发布的通告不能编辑，请先撤销');
    const del = await ctx.call({
      method: 'DELETE',
      url: `/api/sys/annountCement/delete?id=${id}`,
      headers: admin.headers,
    });
    expect(del.body.message).toBe('删除成功！');
    expect(await unreadTitles(zhaolei)).not.toContain('编辑测试2');
  });

  it('HTML is sanitised on the way in and on the way out', async () => {
    const id = await add({
      titile: '净化测试',
      msgCategory: '4',
      msgType: 'ALL',
      msgContent:
        '<p onclick="steal()">hi<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
    });
    const stored = await ctx.database.db
      .selectFrom(sql`sys_announcement`.as('a'))
      .select(sql<string>`msg_content`.as('c'))
      .where(sql`id`, '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.c).not.toMatch(/script|onerror|onclick|javascript:/i);
    // A row written around the API (an old row, a manual fix) still leaves clean.
    await sql`update sys_announcement set msg_content = ${'<p>ok</p><script>alert(2)</script><iframe src="//evil"></iframe>'} where id = ${id}`.execute(
      ctx.database.db,
    );
    await release(id);
    const view = await get<Notice>(zhaolei, `/sys/notice/viewById?id=${id}`);
    expect(view.body.result!.esContent).toBe('<p>ok</p>');
    const byId = await get<{ msgContent: string }>(zhaolei, `/sys/annountCement/queryById?id=${id}`);
    expect(byId.body.result!.msgContent).toBe('<p>ok</p>');
  });

  it('a url open page must be an app path', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/sys/annountCement/add',
      headers: admin.headers,
      payload: {
        titile: 'x',
        msgCategory: '4',
        msgType: 'ALL',
        openType: 'url',
        openPage: '//evil.example/',
      },
    });
    expect(res.body).toMatchObject({ success: false, message: '打开页面地址不正确' });
  });

  it('readAll answers code 0 设置成功 and empties the unread list; the category filter narrows', async () => {
    const five = await get<{ unReadList: Notice[] }>(admin, '/sys/notice/queryReadList?appType=5');
    expect(five.body.code).toBe(200);
    expect(five.body.result!.unReadList.every((n) => n.appType === '5' || n.appType === 'project')).toBe(
      true,
    );
    expect(five.body.result!.unReadList.some((n) => n.kind === 'urge')).toBe(true);
    const res = await ctx.call({ method: 'PUT', url: '/api/sys/notice/readAll', headers: admin.headers });
    expect(res.body).toMatchObject({ success: true, code: 0, message: '设置成功' });
    expect(await unreadTitles(admin)).toEqual([]);
    const bad = await get(admin, '/sys/notice/list?column=password');
    expect(bad.body.success).toBe(false);
    const badType = await get(admin, "/sys/notice/queryReadList?appType=4',5");
    expect(badType.body.success).toBe(false);
  });

  it('mark one read: editByAnntIdAndUserId', async () => {
    const id = seededAnnouncement('plan-deadline');
    const res = await ctx.call({
      method: 'PUT',
      url: '/api/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      headers: chenjing.headers,
      payload: { anntId: id },
    });
    expect(res.body.success).toBe(true);
    const mine = await get<Page<{ anntId: string; readFlag: string }>>(
      chenjing,
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1',
    );
    expect(mine.body.result!.records.map((r) => r.anntId)).toContain(id);
  });
});

async function departIdOf(orgCode: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('sysDepart')
    .select('id')
    .where('orgCode', '=', orgCode)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function roleIdOf(code: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('sysRole')
    .select('id')
    .where('roleCode', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
