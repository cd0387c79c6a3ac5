/**
 * Several forms in one save (docs/modules/online-forms.md): a parent and the new one-to-many child it
 * names (whose `uniqueInParent` needs that parent) are created by one call, in one transaction, in
 * no particular order; both are changed by one call later; a problem in either refuses both, naming
 * its item's JSON path; a stale copy refuses both; a child's data-changing migration is offered as
 * `<migration>@<form>` and confirmed back to that form; a bundle holding both imports at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { designer } from './online-form-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(async () => {
  await ctx.close();
});

type Field = Record<string, unknown>;
const base = (name: string, title: string, table: string, fields: Field[], extra: Field = {}) => ({
  schemaVersion: 3,
  name,
  title,
  table,
  basePath: `/online/data/${name}`,
  kind: 'list',
  permissionPrefix: name,
  fields,
  ...extra,
});
const LINE_FIELDS: Field[] = [
  { name: 'orderDeskId', title: '订单', type: 'string', length: 32, list: false, form: false },
  { name: 'goods', title: '物品', type: 'string', length: 50, required: true, uniqueInParent: true },
];
const line = (fields = LINE_FIELDS) => base('orderLine', '订单明细', 'onl_order_line', fields);
const ORDER_FIELDS: Field[] = [
  { name: 'customer', title: '客户', type: 'string', length: 50, required: true },
  { name: 'status', title: '状态', type: 'string', length: 2, default: '0', form: false },
];
const order = (fields = ORDER_FIELDS, extra: Field = {}) =>
  base('orderDesk', '订单', 'onl_order_desk', fields, {
    kind: 'tab',
    children: [{ entity: 'orderLine', relation: 'oneToMany', foreignKey: 'orderDeskId', title: '明细' }],
    rowAccess: { edit: { '==': [{ var: 'row.status' }, '0'] }, editMessage: '已处理的订单不能修改' },
    ...extra,
  });

interface SetAnswer {
  items: { id: string; name: string; version: number }[];
  issues?: { path: string; message: string }[];
  migrations?: { name: string; title: string }[];
}
const saveSet = (items: { id?: string; rowVersion?: number; declaration: unknown }[], confirm?: string[]) =>
  ctx.send<SetAnswer>('POST', '/online/cgform/head/saveSet', {
    items: items.map((i) => ({ ...i, declaration: JSON.stringify(i.declaration) })),
    comment: '一次保存',
    confirm,
  });
const heads = async () =>
  (
    await sql<{ name: string }>`select name from onl_cgform_head order by name`.execute(ctx.database.db)
  ).rows.map((r) => r.name);

let ids: Record<string, string> = {};

describe('several forms in one save', () => {
  it('refuses a parent naming a child that is not saved yet, on its own', async () => {
    const alone = await designer(ctx).add(order());
    expect(alone.success).toBe(false);
    expect(alone.result!.issues!.map((i) => i.path)).toContain('/children/0/entity');
  });

  it('refuses both when one has a problem, naming its item, and stores nothing', async () => {
    const bad = line([LINE_FIELDS[0], { ...LINE_FIELDS[1], pattern: '([' }]);
    const answer = await saveSet([{ declaration: order() }, { declaration: bad }]);
    expect(answer.success).toBe(false);
    // The child's own problem, and the parent's consequence: the child it names does not load.
    expect(answer.result!.issues!.map((i) => i.path)).toEqual([
      '/items/0/declaration/children/0/entity',
      '/items/1/declaration/fields/1/pattern',
    ]);
    expect(await heads()).not.toContain('orderDesk');
  });

  it('creates the parent and its new child in one save; the screen serves both', async () => {
    const answer = await saveSet([{ declaration: order() }, { declaration: line() }]);
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    expect(answer.message).toBe('保存成功：订单（版本 1），订单明细（版本 1）');
    ids = Object.fromEntries(answer.result!.items.map((i) => [i.name, i.id]));
    expect(Object.keys(ids)).toEqual(['orderDesk', 'orderLine']);
    const added = await ctx.send<string>('POST', '/online/data/orderDesk/add', {
      customer: '张三',
      orderLine: [{ goods: '茶叶' }, { goods: '茶叶' }],
    });
    expect(added.success).toBe(false);
    const ok = await ctx.send('POST', '/online/data/orderDesk/add', {
      customer: '张三',
      orderLine: [{ goods: '茶叶' }, { goods: '咖啡' }],
    });
    expect(ok.success, ok.message).toBe(true);
  });

  it('changes both in one save, and refuses a stale copy of either', async () => {
    const [o, l] = [await designer(ctx).head(ids.orderDesk), await designer(ctx).head(ids.orderLine)];
    const amount = { name: 'amount', title: '数量', type: 'int', min: 1, max: 200 };
    const items = [
      {
        id: o.id,
        rowVersion: o.rowVersion,
        declaration: order([...ORDER_FIELDS, { ...amount, name: 'total' }]),
      },
      { id: l.id, rowVersion: l.rowVersion, declaration: line([...LINE_FIELDS, amount]) },
    ];
    const stale = await saveSet([items[0], { ...items[1], rowVersion: l.rowVersion + 5 }]);
    expect(stale).toMatchObject({ success: false, message: '该表单已被他人修改，请刷新后重试' });
    expect((await designer(ctx).head(o.id)).currentVersion).toBe(1);
    const answer = await saveSet(items);
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    expect(answer.result!.items.map((i) => i.version)).toEqual([2, 2]);
    const served = await ctx.get<{ declaration: { fields: Field[] } }>(
      '/online/cgform/api/declaration/orderLine',
    );
    expect(served.result!.declaration.fields.at(-1)).toMatchObject({ name: 'amount', min: 1, max: 200 });
  });

  it("offers a child's migration as <migration>@<form> and applies the confirmed one to that form", async () => {
    const [o, l] = await Promise.all([designer(ctx).head(ids.orderDesk), designer(ctx).head(ids.orderLine)]);
    const declaration = JSON.parse(o.declaration) as Field;
    const items = [
      { id: o.id, rowVersion: o.rowVersion, declaration },
      { id: l.id, rowVersion: l.rowVersion, declaration: line() },
    ];
    const refused = await saveSet(items);
    expect(refused.success).toBe(false);
    expect(refused.result!.migrations!.map((m) => m.name)).toEqual(['drop:amount@orderLine']);
    expect(refused.result!.migrations![0].title).toMatch(/^订单明细：/);
    const confirmed = await saveSet(items, ['drop:amount@orderLine']);
    expect(confirmed.success, JSON.stringify(confirmed.result)).toBe(true);
  });

  it('needs the designer permission', async () => {
    const staff = await ctx.send(
      'POST',
      '/online/cgform/head/saveSet',
      { items: [{ declaration: JSON.stringify(line()) }] },
      ctx.staffToken,
    );
    expect(staff.success).toBe(false);
  });

  it('imports a bundle of a new parent and its new child at once', async () => {
    const child = base('noteLine', '便签明细', 'onl_note_line', [
      { name: 'noteId', title: '便签', type: 'string', length: 32 },
      { name: 'text', title: '内容', type: 'string', length: 50, uniqueInParent: true },
    ]);
    const parent = base(
      'noteDesk',
      '便签',
      'onl_note_desk',
      [{ name: 'name', title: '名称', type: 'string' }],
      {
        children: [{ entity: 'noteLine', relation: 'oneToMany', foreignKey: 'noteId' }],
      },
    );
    const bundle = {
      format: 'zj-online-bundle',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      declarations: [
        { name: 'noteDesk', declaration: parent },
        { name: 'noteLine', declaration: child },
      ],
      menus: [],
      permissions: [],
    };
    const answer = await ctx.send('POST', '/online/cgform/bundle/import', {
      bundle: JSON.stringify(bundle),
      dryRun: false,
    });
    expect(answer.success, JSON.stringify(answer.result)).toBe(true);
    expect(await heads()).toEqual(expect.arrayContaining(['noteDesk', 'noteLine']));
  });
});
