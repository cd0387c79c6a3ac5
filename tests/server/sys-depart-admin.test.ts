import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departId, userId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface Depart {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  hasChild?: string;
  orgCategory_dictText?: string;
  isLeaf?: boolean;
  children?: Depart[];
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const ROOT = departId('A01');
const TECH = departId('A01A03');

async function byName(name: string) {
  return ctx.database.db
    .selectFrom('sysDepart')
    .selectAll()
    .where('departName', '=', name)
    .executeTakeFirst();
}

describe('部门管理: the screen', () => {
  it('rootList answers the organisation with its has-child flag; childList one level', async () => {
    const roots = (await ctx.get<Page<Depart>>('/sys/sysDepart/rootList')).result!;
    expect(roots.records).toHaveLength(1);
    expect(roots.records[0]).toMatchObject({
      departName: '智慧接待中心',
      orgCode: 'A01',
      hasChild: '1',
      orgCategory_dictText: '公司',
    });
    const children = (await ctx.get<Depart[]>(`/sys/sysDepart/childList?pid=${ROOT}`)).result!;
    expect(children.map((d) => d.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04']);
    const found = (
      await ctx.get<Page<Depart>>(
        `/sys/sysDepart/rootList?hasQuery=true&departName=${encodeURIComponent('*组*')}`,
      )
    ).result!;
    expect(found.total).toBe(8);
  });

  it('queryById, and the 上级部门 picker over the whole tree', async () => {
    expect(await ctx.get(`/sys/sysDepart/queryById?id=${TECH}`)).toMatchObject({
      result: { departName: '技术部' },
    });
    const picker = (
      await ctx.get<{ value: string; children?: { title: string }[] }[]>('/sys/sysDepart/loadTreeRoot')
    ).result!;
    expect(picker[0].children!.map((c) => c.title)).toContain('技术部');
  });

  it('is the admin screen: staff is refused with 510', async () => {
    expect(await ctx.get('/sys/sysDepart/rootList', ctx.staffToken)).toMatchObject({ code: 510 });
    expect(
      await ctx.send('DELETE', `/sys/sysDepart/delete?id=${TECH}`, undefined, ctx.staffToken),
    ).toMatchObject({ code: 510 });
  });
});

describe('部门管理: changes', () => {
  it('gives a new department the next free code under its parent', async () => {
    expect(
      await ctx.send('POST', '/sys/sysDepart/add', {
        departName: '测试组',
        parentId: TECH,
        orgCategory: '2',
      }),
    ).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect(await byName('测试组')).toMatchObject({ orgCode: 'A01A03A03', parentId: TECH });
    expect(
      await ctx.send('POST', '/sys/sysDepart/add', { departName: '分公司', orgCategory: '1' }),
    ).toMatchObject({ success: true });
    expect(await byName('分公司')).toMatchObject({ orgCode: 'A02', parentId: null });
    // A code sent by the client is not taken: the server numbers.
    expect(
      await ctx.send('POST', '/sys/sysDepart/add', { departName: '自编', orgCode: 'Z99' }),
    ).toMatchObject({ success: true });
    expect((await byName('自编'))!.orgCode).toBe('A03');
  });

  it('refuses a missing parent, a move under itself or below, and keeps the tree', async () => {
    expect(
      await ctx.send('POST', '/sys/sysDepart/add', { departName: '孤儿', parentId: 'nope' }),
    ).toMatchObject({
      success: false,
      message: '父节点不存在',
    });
    expect(await byName('孤儿')).toBeUndefined();
    const team = (await byName('测试组'))!;
    for (const parentId of [TECH, team.id])
      expect(await ctx.send('PUT', '/sys/sysDepart/edit', { id: TECH, parentId })).toMatchObject({
        success: false,
        message: '不能将节点移动到自身或其下级节点下',
      });
    expect(await byName('技术部')).toMatchObject({ parentId: ROOT, orgCode: 'A01A03' });
  });

  it('a move recodes the subtree, its members and their records', async () => {
    const branch = (await byName('分公司'))!;
    // 运维组 (A01A03A02) has members wuxia and zhoujie; wuxia's current department is it.
    await ctx.database.db
      .updateTable('sysUser')
      .set({ orgCode: 'A01A03A02' })
      .where('id', '=', userId('wuxia'))
      .execute();
    const ops = departId('A01A03A02');
    await ctx.send('POST', '/sys/customer/add', { name: '运维组的客户', code: 'OPS01' });
    await sql`update biz_customer set sys_org_code = 'A01A03A02' where code = 'OPS01'`.execute(
      ctx.database.db,
    );
    expect(
      await ctx.send('PUT', '/sys/sysDepart/edit', { id: TECH, parentId: branch.id, departName: '技术中心' }),
    ).toMatchObject({
      success: true,
    });
    expect(await byName('技术中心')).toMatchObject({ parentId: branch.id, orgCode: 'A02A01' });
    expect(
      (
        await ctx.database.db
          .selectFrom('sysDepart')
          .select('orgCode')
          .where('id', '=', ops)
          .executeTakeFirstOrThrow()
      ).orgCode,
    ).toBe('A02A01A02');
    const wuxia = await ctx.database.db
      .selectFrom('sysUser')
      .select('orgCode')
      .where('id', '=', userId('wuxia'))
      .executeTakeFirstOrThrow();
    expect(wuxia.orgCode).toBe('A02A01A02');
    const record = await sql<{
      code: string;
    }>`select sys_org_code as code from biz_customer where code = 'OPS01'`.execute(ctx.database.db);
    expect(record.rows[0].code).toBe('A02A01A02');
  });

  it('refuses to delete a department with users or with children, saying why', async () => {
    expect(await ctx.send('DELETE', `/sys/sysDepart/delete?id=${departId('A01A03A02')}`)).toMatchObject({
      success: false,
      message: '该部门下有用户，不能删除',
    });
    const branch = (await byName('分公司'))!;
    expect(await ctx.send('DELETE', `/sys/sysDepart/delete?id=${branch.id}`)).toMatchObject({
      success: false,
      message: '该节点下有子节点，请先删除子节点',
    });
    const team = (await byName('测试组'))!;
    await ctx.send('POST', '/sys/sysDepart/add', { departName: '测试小组', parentId: team.id });
    expect(await ctx.send('DELETE', `/sys/sysDepart/delete?id=${team.id}`)).toMatchObject({
      success: false,
      message: '该节点下有子节点，请先删除子节点',
    });
    expect(await byName('测试组')).toBeDefined();
  });

  it('deletes a department without users or children; a batch may take a parent with its children', async () => {
    const team = (await byName('测试组'))!;
    const sub = (await byName('测试小组'))!;
    expect(await ctx.send('DELETE', `/sys/sysDepart/deleteBatch?ids=${team.id},${sub.id},`)).toMatchObject({
      success: true,
    });
    expect(await byName('测试组')).toBeUndefined();
    const own = (await byName('自编'))!;
    expect(await ctx.send('DELETE', `/sys/sysDepart/delete?id=${own.id}`)).toMatchObject({
      success: true,
      message: '删除成功！',
    });
  });
});

describe('the department tree any form reads', () => {
  it('queryTreeList nests the whole tree; queryIdTree the id tree', async () => {
    const tree = (await ctx.get<Depart[]>('/sys/sysDepart/queryTreeList', ctx.staffToken)).result!;
    expect(tree.map((d) => d.departName)).toEqual(['智慧接待中心', '分公司']);
    expect(tree[0].parentId).toBe('');
    const ids = (
      await ctx.get<{ key: string; title: string; children?: unknown[] }[]>(
        '/sys/sysDepart/queryIdTree',
        ctx.staffToken,
      )
    ).result!;
    expect(ids[0]).toMatchObject({ key: ROOT, title: '智慧接待中心' });
    expect(Object.keys(ids[0]).sort()).toEqual(['children', 'key', 'title', 'value']);
  });

  it('queryDepartTreeSync loads one level at a time', async () => {
    const roots = (await ctx.get<Depart[]>('/sys/sysDepart/queryDepartTreeSync', ctx.staffToken)).result!;
    expect(roots.map((d) => d.orgCode)).toEqual(['A01', 'A02']);
    const below = (await ctx.get<Depart[]>(`/sys/sysDepart/queryDepartTreeSync?pid=${ROOT}`, ctx.staffToken))
      .result!;
    expect(below.map((d) => d.departName)).toEqual(['综合办公室', '项目管理部', '接待服务部']);
    expect(below.every((d) => d.isLeaf === false)).toBe(true);
  });

  it('queryParentName, getDepartList and searchBy', async () => {
    expect(
      await ctx.get(`/sys/sysDepart/queryParentName?departId=${departId('A01A01')}`, ctx.staffToken),
    ).toMatchObject({
      result: '智慧接待中心',
    });
    expect(await ctx.get(`/sys/sysDepart/queryParentName?departId=${ROOT}`, ctx.staffToken)).toMatchObject({
      result: '',
    });
    const flat = (await ctx.get<Depart[]>('/sys/sysDepart/getDepartList', ctx.staffToken)).result!;
    expect(flat.map((d) => d.orgCode)).toEqual([...flat.map((d) => d.orgCode)].sort());
    expect(flat).toHaveLength(14);
    const found = (
      await ctx.get<Depart[]>(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('运维')}`, ctx.staffToken)
    ).result!;
    expect(found.map((d) => d.orgCode)).toEqual(['A02A01A02']);
  });

  it("queryMyDeptTreeList answers the caller's own departments with what is below them", async () => {
    const mine = await ctx.get<Depart[]>('/sys/sysDepart/queryMyDeptTreeList');
    expect(mine).toMatchObject({ success: true, message: '2' });
    expect(mine.result![0]).toMatchObject({ orgCode: 'A01' });
    const zhangwei = await ctx.login('zhangwei', (await import('./helpers.js')).DEMO_PASSWORD);
    const his = (await ctx.get<Depart[]>('/sys/sysDepart/queryMyDeptTreeList', zhangwei)).result!;
    expect(his.map((d) => d.departName)).toEqual(['项目管理部']);
    expect(his[0].children!.map((d) => d.departName)).toEqual(['项目一组', '项目二组']);
  });
});
