/**
 * The designer's screen settings and 导出为文件 (docs/modules/online-forms.md): a declaration with a
 * list type, form columns, a default sort, built-in buttons switched off, transitions and an ERP
 * child saves and serves them (the transition's route works); a bad setting is refused naming its
 * JSON path; the exported file passes the file loader's validation next to every file of schemas/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import type { ExportedFile } from '../../server/online/export-file.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { designer, visitLog, VISITOR } from './online-form-helpers.js';

let ctx: EntityTestContext;
let headId: string;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(async () => {
  await ctx.close();
});

const STATUS = { name: 'status', title: '状态', type: 'string', length: 2, default: '0', form: false };
const ITEM = {
  schemaVersion: 3,
  name: 'visitItem',
  title: '来访物品',
  table: 'onl_visit_item',
  basePath: '/online/data/visitItem',
  kind: 'list',
  permissionPrefix: 'visitItem',
  fields: [
    { name: 'visitLogId', title: '来访', type: 'string', length: 32 },
    { name: 'item', title: '物品', type: 'string', length: 50 },
  ],
};
const SETTINGS = {
  kind: 'erp',
  form: { columns: 2 },
  list: {
    defaultSort: { column: 'visitor', order: 'asc' },
    disable: ['importExcel', 'superQuery'],
    rowActions: ['close'],
  },
  transitions: [
    { name: 'close', title: '关闭', field: 'status', from: ['0'], to: '1', confirm: '确定关闭该登记？' },
    { name: 'reopen', title: '重开', field: 'status', from: ['1'], to: '0', permission: 'visitLog:close' },
  ],
  children: [{ entity: 'visitItem', relation: 'oneToMany', foreignKey: 'visitLogId', title: '物品' }],
};
const fields = [{ ...VISITOR, sortable: true }, STATUS];

describe('screen settings', () => {
  it('saves and serves list type, form columns, sort, buttons, transitions and children', async () => {
    expect((await designer(ctx).add(ITEM)).success).toBe(true);
    const saved = await designer(ctx).add(visitLog(fields, SETTINGS));
    expect(saved.message, JSON.stringify(saved.result)).toMatch(/保存成功/);
    headId = saved.result!.id;
    // 生成菜单 grants the admin the screen's codes (add, the transitions ...).
    const parent = await ctx.database.db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/online')
      .executeTakeFirstOrThrow();
    await ctx.send('POST', '/online/cgform/head/addMenu', {
      id: headId,
      parentId: parent.id,
      name: '来访登记簿',
      sortNo: 7,
    });
    const served = await ctx.get<{ declaration: Record<string, unknown> }>(
      '/online/cgform/api/declaration/visitLog',
    );
    expect(served.result!.declaration).toMatchObject(SETTINGS);
    const added = await ctx.send<string>('POST', '/online/data/visitLog/add', { visitor: '张三' });
    expect(added.success, added.message).toBe(true);
    const list = await ctx.get<{ records: { id: string; status: string }[] }>('/online/data/visitLog/list');
    const id = list.result!.records[0].id;
    const closed = await ctx.send('PUT', '/online/data/visitLog/close', { id });
    expect(closed.success, closed.message).toBe(true);
    const row = await ctx.get<{ status: string }>(`/online/data/visitLog/queryById?id=${id}`);
    expect(row.result!.status).toBe('1');
    const refused = await ctx.send('PUT', '/online/data/visitLog/importExcel', {});
    expect(refused.success).toBe(false);
  });

  it.each([
    [
      'a default sort on a field that is not sortable',
      { list: { defaultSort: { column: 'status' } } },
      '/list/defaultSort/column',
    ],
    ['five columns per form row', { form: { columns: 5 } }, '/form/columns'],
    ['an unknown list type', { kind: 'grid' }, '/kind'],
    ['an ERP list without children', { kind: 'erp', children: undefined }, '/kind'],
    [
      'a transition on an undeclared field',
      { transitions: [{ name: 'close', title: '关闭', field: 'state', from: ['0'], to: '1' }] },
      '/transitions/0/field',
    ],
    [
      'a transition without from',
      { transitions: [{ name: 'close', title: '关闭', field: 'status', from: [], to: '1' }] },
      '/transitions/0/from',
    ],
    ['a row action that is no transition', { list: { rowActions: ['archive'] } }, '/list/rowActions/0'],
    [
      'a child that is not declared',
      { children: [{ entity: 'visitThing', relation: 'oneToMany', foreignKey: 'visitLogId' }] },
      '/children/0/entity',
    ],
    [
      'a foreign key the child does not have',
      { children: [{ entity: 'visitItem', relation: 'oneToMany', foreignKey: 'logId' }] },
      '/children/0/foreignKey',
    ],
  ])('refuses %s naming its JSON path', async (_what, settings, at) => {
    const answer = await designer(ctx).edit(headId, visitLog(fields, { ...SETTINGS, ...settings }));
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/表单声明有 \d+ 处问题/);
    expect(answer.result!.issues!.map((i) => i.path)).toContain(at);
  });
});

describe('导出为文件', () => {
  it('answers <name>.json as a file declaration, with its menu, that the file loader accepts', async () => {
    const answer = await ctx.get<ExportedFile>(`/online/cgform/head/exportFile?id=${headId}`);
    expect(answer.success, answer.message).toBe(true);
    const { fileName, content } = answer.result!;
    expect(fileName).toBe('visitLog.json');
    const file = JSON.parse(content) as Record<string, unknown>;
    expect(Object.keys(file).slice(0, 4)).toEqual(['$schema', 'schemaVersion', 'name', 'title']);
    expect(file).toMatchObject({ $schema: '../meta/declaration.schema.json', ...SETTINGS });
    expect(file.menu).toEqual({
      parent: '/online',
      path: '/online/cgformList/visitLog',
      title: '来访登记簿',
      order: 7,
    });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-export-'));
    try {
      // The child is a designed declaration too: export it beside its parent, as a developer would.
      const itemHead = (
        await ctx.get<{ records: { id: string; name: string }[] }>('/online/cgform/head/list?pageSize=50')
      ).result!.records.find((h) => h.name === 'visitItem')!;
      const item = (await ctx.get<ExportedFile>(`/online/cgform/head/exportFile?id=${itemHead.id}`)).result!;
      fs.mkdirSync(path.join(dir, 'online'));
      fs.writeFileSync(path.join(dir, 'online', fileName), content);
      fs.writeFileSync(path.join(dir, 'online', item.fileName), item.content);
      const loaded = loadDeclarationFiles([path.resolve('schemas'), dir]);
      const mine = loaded.find((l) => l.declaration.name === 'visitLog')!;
      expect(mine.model.table).toBe('onl_visit_log');
      expect(mine.declaration.children).toEqual(SETTINGS.children);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown id and a caller without the designer permission', async () => {
    const unknown = await ctx.get(`/online/cgform/head/exportFile?id=${'f'.repeat(32)}`);
    expect(unknown).toMatchObject({ success: false, message: '未找到对应的在线表单' });
    const staff = await ctx.get(`/online/cgform/head/exportFile?id=${headId}`, ctx.staffToken);
    expect(staff.success).toBe(false);
  });

  it('checks a declaration without saving it: the problems the save would name, by JSON path', async () => {
    type Problems = { path: string; message: string }[];
    const check = (declaration: unknown, token?: string) =>
      ctx.send<Problems>('POST', '/online/cgform/head/check', { declaration }, token);
    const unsortable = visitLog([VISITOR, STATUS], {
      list: { defaultSort: { column: 'visitor', order: 'asc' } },
    });
    const refused = await check(unsortable);
    expect(refused.success).toBe(true);
    expect(refused.result!.map((p) => p.path)).toContain('/list/defaultSort/column');
    expect((await check(visitLog(fields, SETTINGS))).result).toEqual([]);
    expect((await check('not an object')).success).toBe(false);
    expect((await check(unsortable, ctx.staffToken)).success).toBe(false);
  });
});
