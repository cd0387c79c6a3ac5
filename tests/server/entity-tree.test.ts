import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface Node {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
}

let ctx: EntityTestContext;
const ids: Record<string, string> = {};

async function add(code: string, name: string, parent?: string) {
  const res = await ctx.send('POST', '/demo/category/add', {
    code,
    name,
    pid: parent ? ids[parent] : undefined,
  });
  if (!res.success) throw new Error(res.message);
  const found = await ctx.get<Page<Node>>(`/demo/category/list?code=${code}`);
  ids[code] = found.result!.records[0].id;
}

beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
  await add('A', '华北');
  await add('A1', '北京', 'A');
  await add('A2', '天津', 'A');
  await add('A11', '海淀', 'A1');
  await add('B', '华南');
});
afterAll(() => ctx.close());

const summary = (rows: Node[]) => rows.map((r) => `${r.code}:${r.hasChild}`);

describe('tree calls', () => {
  it('rootList pages the roots (parent 0) with the has-child flag', async () => {
    const res = await ctx.get<Page<Node>>('/demo/category/rootList');
    expect(summary(res.result!.records)).toEqual(['A:1', 'B:0']);
    expect(res.result!.records[0].pid).toBe('0');
    expect(res.result!.total).toBe(2);
  });

  it('childList?pid= answers the children of a node', async () => {
    const res = await ctx.get<Node[]>(`/demo/category/childList?pid=${ids.A}`);
    expect(summary(res.result!)).toEqual(['A1:1', 'A2:0']);
    expect(summary((await ctx.get<Node[]>(`/demo/category/childList?pid=${ids.A1}`)).result!)).toEqual([
      'A11:0',
    ]);
    expect(await ctx.get('/demo/category/childList')).toMatchObject({
      success: false,
      message: '参数错误：缺少pid',
    });
  });

  it('rootList with hasQuery=true and a filter searches every level', async () => {
    const res = await ctx.get<Page<Node>>(
      `/demo/category/rootList?hasQuery=true&name=${encodeURIComponent('*海*')}`,
    );
    expect(summary(res.result!.records)).toEqual(['A11:0']);
    const roots = await ctx.get<Page<Node>>(`/demo/category/rootList?name=${encodeURIComponent('*华*')}`);
    expect(summary(roots.result!.records)).toEqual(['A:1', 'B:0']);
  });
});

describe('tree guards', () => {
  it('a parent must exist', async () => {
    expect(
      await ctx.send('POST', '/demo/category/add', { name: '孤儿', code: 'X', pid: 'f'.repeat(32) }),
    ).toMatchObject({
      success: false,
      message: '父节点不存在',
    });
  });

  it('a node cannot move under itself or its descendants', async () => {
    expect(await ctx.send('PUT', '/demo/category/edit', { id: ids.A, pid: ids.A11 })).toMatchObject({
      success: false,
      message: '不能将节点移动到自身或其下级节点下',
    });
    expect(await ctx.send('PUT', '/demo/category/edit', { id: ids.A, pid: ids.A })).toMatchObject({
      success: false,
    });
  });

  it('moves a node and the flags follow', async () => {
    expect(await ctx.send('PUT', '/demo/category/edit', { id: ids.A2, pid: ids.B })).toMatchObject({
      success: true,
    });
    const roots = await ctx.get<Page<Node>>('/demo/category/rootList');
    expect(summary(roots.result!.records)).toEqual(['A:1', 'B:1']);
  });

  it('a node with children is not deleted alone; with its children it is', async () => {
    expect(await ctx.send('DELETE', `/demo/category/delete?id=${ids.A1}`)).toMatchObject({
      success: false,
      message: '该节点下有子节点，请先删除子节点',
    });
    expect(await ctx.send('DELETE', `/demo/category/deleteBatch?ids=${ids.A1},${ids.A11}`)).toMatchObject({
      success: true,
    });
    const roots = await ctx.get<Page<Node>>('/demo/category/rootList');
    expect(summary(roots.result!.records)).toEqual(['A:0', 'B:1']);
  });
});
