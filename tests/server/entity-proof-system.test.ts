/**
 * The proof declarations of the administration area, declared as JSON only: the category tree,
 * positions (an adopted table) and dictionaries with their items (children of a dictionary).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

type Rec = Record<string, unknown> & { id: string };
const idOf = async (url: string) => (await ctx.get<Page<Rec>>(url)).result!.records[0].id;

describe('/sys/category (tree)', () => {
  it('adds roots and children with the has-child flag, codes unique', async () => {
    expect(await ctx.send('POST', '/sys/category/add', { name: '办公用品', code: 'B01' })).toMatchObject({
      success: true,
    });
    const root = await idOf('/sys/category/rootList?code=B01&hasQuery=true');
    expect(
      await ctx.send('POST', '/sys/category/add', { name: '纸张', code: 'B01A01', pid: root }),
    ).toMatchObject({
      success: true,
    });
    const roots = (await ctx.get<Page<Rec>>('/sys/category/rootList')).result!.records;
    expect(roots.find((r) => r.id === root)).toMatchObject({ pid: '0', hasChild: '1' });
    const children = (await ctx.get<Rec[]>(`/sys/category/childList?pid=${root}`)).result!;
    expect(children).toEqual([expect.objectContaining({ code: 'B01A01', hasChild: '0' })]);
    expect(await ctx.send('POST', '/sys/category/add', { name: '重复', code: 'B01' })).toMatchObject({
      success: false,
      message: '分类编码：该值不可用，系统中已存在！',
    });
    expect(await ctx.send('DELETE', `/sys/category/delete?id=${root}`)).toMatchObject({
      success: false,
      message: '该节点下有子节点，请先删除子节点',
    });
  });

  it('serves the tree-select calls: loadTreeRoot (pcode, async) and loadTreeChildren', async () => {
    const roots = (await ctx.get<Rec[]>('/sys/category/loadTreeRoot?async=true&pcode=', ctx.staffToken))
      .result!;
    const root = roots.find((n) => n.code === 'B01')!;
    expect(root).toMatchObject({ title: '办公用品', parentId: '0', isLeaf: false, key: root.value });
    expect(root).not.toHaveProperty('children');
    const below = (await ctx.get<Rec[]>('/sys/category/loadTreeRoot?async=true&pcode=B01')).result!;
    expect(below).toEqual([expect.objectContaining({ code: 'B01A01', isLeaf: true, parentId: root.value })]);
    const whole = (await ctx.get<Rec[]>('/sys/category/loadTreeRoot?async=false')).result!;
    expect(whole.find((n) => n.code === 'B01')).toMatchObject({
      children: [expect.objectContaining({ code: 'B01A01' })],
    });
    const children = (await ctx.get<Rec[]>(`/sys/category/loadTreeChildren?pid=${String(root.value)}`))
      .result!;
    expect(children.map((n) => n.code)).toEqual(['B01A01']);
    expect(await ctx.get('/sys/category/loadTreeRoot?pcode=NOPE')).toMatchObject({
      success: false,
      message: '该编码【NOPE】不存在，请核实!',
    });
    expect(await ctx.get('/sys/category/loadTreeChildren')).toMatchObject({ success: false });
  });

  it('is administered by admin only', async () => {
    const res = await ctx.send('POST', '/sys/category/add', { name: 'x', code: 'X1' }, ctx.staffToken);
    expect(res).toMatchObject({ success: false, code: 510 });
  });
});

describe('/sys/position (adopted sys_position)', () => {
  it('lists the rows the seed put in the existing table, with the rank text', async () => {
    const page = await ctx.get<Page<Rec>>(
      '/sys/position/list?name=*经理*&column=code&order=asc',
      ctx.staffToken,
    );
    expect(page.result!.records.map((r) => [r.code, r.postRank_dictText])).toEqual([
      ['dept_manager', '部门负责人'],
      ['general_manager', '高层领导'],
      ['project_manager', '项目负责人'],
    ]);
  });

  it('adds, edits and deletes through the declaration; codes stay unique', async () => {
    expect(
      await ctx.send('POST', '/sys/position/add', { code: 'driver', name: '司机', postRank: '5' }),
    ).toMatchObject({
      success: true,
    });
    expect(await ctx.send('POST', '/sys/position/add', { code: 'engineer', name: '重复' })).toMatchObject({
      success: false,
      message: '职务编码：该值不可用，系统中已存在！',
    });
    const id = await idOf('/sys/position/list?code=driver');
    expect(await ctx.send('PUT', '/sys/position/edit', { id, name: '专职司机' })).toMatchObject({
      success: true,
    });
    expect(
      await ctx.send('DELETE', `/sys/position/delete?id=${id}`, undefined, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
    expect(await ctx.send('DELETE', `/sys/position/delete?id=${id}`)).toMatchObject({ success: true });
  });

  it('kept the table: migration columns untouched, ownership recorded', async () => {
    const owner = await sql<{
      name: string;
    }>`select name from sys_declaration where table_name = 'sys_position'`.execute(ctx.database.db);
    expect(owner.rows).toEqual([{ name: 'position' }]);
    const cols = await sql<{ columnName: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'sys_position'`.execute(ctx.database.db);
    expect(cols.rows.map((r) => r.columnName)).toContain('tenant_id');
  });
});

describe('/sys/dict with /sys/dictItem children', () => {
  it('answers a dictionary with its items, and the items serve the dictionary lookups', async () => {
    expect(await ctx.send('POST', '/sys/dict/add', { dictName: '车型', dictCode: 'car_type' })).toMatchObject(
      {
        success: true,
      },
    );
    const dictId = await idOf('/sys/dict/list?dictCode=car_type');
    for (const [value, text, order] of [
      ['suv', '越野车', 2],
      ['sedan', '轿车', 1],
    ] as const) {
      const res = await ctx.send('POST', '/sys/dictItem/add', {
        dictId,
        itemValue: value,
        itemText: text,
        sortOrder: order,
      });
      expect(res).toMatchObject({ success: true });
    }
    expect(
      await ctx.send('POST', '/sys/dictItem/add', { dictId, itemValue: 'suv', itemText: '重复' }),
    ).toMatchObject({ success: false, message: '数据库中已存在该记录' });
    const dict = (await ctx.get<Rec & { dictItem: Rec[] }>(`/sys/dict/queryById?id=${dictId}`)).result!;
    expect(dict.dictItem.map((i) => [i.itemValue, i.itemText, i.status_dictText])).toEqual([
      ['sedan', '轿车', '启用'],
      ['suv', '越野车', '启用'],
    ]);
    const items = await ctx.get<{ value: string; text: string }[]>('/sys/dict/getDictItems/car_type');
    expect(items.result?.map((i) => i.value)).toEqual(['sedan', 'suv']);
  });

  it('deleting a dictionary deletes its items; staff may not', async () => {
    const dictId = await idOf('/sys/dict/list?dictCode=car_type');
    expect(
      await ctx.send('DELETE', `/sys/dict/delete?id=${dictId}`, undefined, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
    expect(await ctx.send('DELETE', `/sys/dict/delete?id=${dictId}`)).toMatchObject({ success: true });
    expect((await ctx.get<Page<Rec>>(`/sys/dictItem/list?dictId=${dictId}`)).result!.total).toBe(0);
    expect((await ctx.get<Page<Rec>>('/sys/dict/list?dictCode=car_type')).result!.total).toBe(0);
  });

  it('refuses an item of a dictionary that does not exist', async () => {
    const res = await ctx.send('POST', '/sys/dictItem/add', {
      dictId: 'nope',
      itemValue: 'a',
      itemText: 'a',
    });
    expect(res).toMatchObject({ success: false, message: '未找到所选的字典' });
  });

  it('refuses a malformed dictionary code with its declared message', async () => {
    expect(await ctx.send('POST', '/sys/dict/add', { dictName: 'x', dictCode: '1bad' })).toMatchObject({
      success: false,
      message: '字典编码只能包含字母、数字和下划线，且以字母开头',
    });
  });
});
