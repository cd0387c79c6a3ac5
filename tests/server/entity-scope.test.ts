/**
 * What schemaVersion 3 and the data rules change on the server, through the declared 客户管理
 * (generated routes) and the fixtures demoGroup / demoMember: data rules scope every read and write
 * of existing rows; a stale edit is refused instead of overwriting; restrictDelete; the creator's
 * department and name; the menu and button rows a declaration brings.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { seedId } from '../../server/db/seed/ids.js';
import { roleId, userId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Customer {
  id: string;
  name: string;
  code: string;
  createBy: string;
  createBy_dictText: string;
  rowVersion: number;
  sysOrgCode: string | null;
}

let ctx: EntityTestContext;
let manager: string; // zhangwei, 项目管理部 (A01A02), role manager
let office: string; // wangfang, 综合办公室 (A01A01), role manager
const CUSTOMER_MENU = seedId('menu:customer.list');

beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true });
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
  office = await ctx.login('wangfang', DEMO_PASSWORD);
  // Each manager adds customers of their own; admin adds one of the head office.
  await ctx.send('POST', '/sys/customer/add', { name: '张伟的客户', code: 'SCZ1' }, manager);
  await ctx.send('POST', '/sys/customer/add', { name: '王芳的客户', code: 'SCW1' }, office);
  await ctx.send('POST', '/sys/customer/add', { name: '总部客户', code: 'SCA1' });
});
afterAll(() => ctx.close());

const codes = async (token: string) =>
  (await ctx.get<Page<Customer>>('/sys/customer/list?code=SC*&pageSize=50', token))
    .result!.records.map((c) => c.code)
    .sort();

async function addRule(id: string, column: string, condition: string, value: string) {
  await ctx.database.db
    .insertInto('sysPermissionDataRule')
    .values({
      id,
      permissionId: CUSTOMER_MENU,
      ruleName: id,
      ruleColumn: column,
      ruleConditions: condition,
      ruleValue: value,
      status: '1',
    })
    .execute();
  await permissionsChanged(ctx.database.db, null); // as the rule routes do
}

async function grantRules(role: string, ruleIds: string | null) {
  await ctx.database.db
    .updateTable('sysRolePermission')
    .set({ dataRuleIds: ruleIds })
    .where('roleId', '=', roleId(role))
    .where('permissionId', '=', CUSTOMER_MENU)
    .execute();
  await permissionsChanged(ctx.database.db, null); // as the grant routes do
}

describe('what every generated row records and shows', () => {
  it("records the creator's department and shows the creator by name", async () => {
    const [row] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCZ1', manager)).result!.records;
    expect(row).toMatchObject({ createBy: 'zhangwei', createBy_dictText: '张伟', sysOrgCode: 'A01A02' });
  });

  it('sorts by createTime descending when the request names no sort', async () => {
    const rows = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SC*')).result!.records;
    expect(rows.map((r) => r.code)).toEqual(['SCA1', 'SCW1', 'SCZ1']);
  });
});

describe('data rules', () => {
  afterAll(() => grantRules('manager', null));

  it('without rules a manager sees every customer', async () => {
    expect(await codes(manager)).toEqual(['SCA1', 'SCW1', 'SCZ1']);
  });

  it('"own department and below" limits a role to its department, whatever the query asks', async () => {
    await addRule('rule-dept', 'sysOrgCode', 'right_like', '#{sysOrgCode}');
    await grantRules('manager', 'rule-dept');
    expect(await codes(manager)).toEqual(['SCZ1']);
    expect(await codes(office)).toEqual(['SCW1']);
    // Admin's role holds no rule on the menu: everything.
    expect(await codes(ctx.adminToken)).toEqual(['SCA1', 'SCW1', 'SCZ1']);
    // The advanced query cannot widen it either.
    const wide = encodeURIComponent(JSON.stringify([{ field: 'code', rule: 'like', val: 'SC' }]));
    const page = await ctx.get<Page<Customer>>(
      `/sys/customer/list?superQueryParams=${wide}&superQueryMatchType=or`,
      manager,
    );
    expect(page.result!.records.map((c) => c.code)).toEqual(['SCZ1']);
  });

  it('a row outside the scope cannot be read, edited, changed or deleted by id', async () => {
    const [other] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCW1')).result!.records;
    expect(await ctx.get(`/sys/customer/queryById?id=${other.id}`, manager)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(
      await ctx.send('PUT', '/sys/customer/edit', { id: other.id, name: '改名' }, manager),
    ).toMatchObject({ success: false });
    // Managers may delete the customers they reach: not this one.
    const deleteCode = await ctx.database.db
      .selectFrom('sysPermission')
      .select('id')
      .where('perms', '=', 'customer:delete')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: roleId('manager'), permissionId: deleteCode.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect(await ctx.send('DELETE', `/sys/customer/delete?id=${other.id}`, undefined, manager)).toMatchObject(
      { success: false, message: '未找到对应数据' },
    );
    const [still] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCW1')).result!.records;
    expect(still.name).toBe('王芳的客户');
  });

  it('rules of one role are ANDed: "created by me" and "own department" together', async () => {
    await addRule('rule-mine', 'createBy', 'eq', '#{sysUserCode}');
    await grantRules('manager', 'rule-dept,rule-mine');
    await ctx.send('POST', '/sys/customer/add', { name: '王芳部门他人的客户', code: 'SCW2' });
    await sql`update biz_customer set sys_org_code = 'A01A01' where code = 'SCW2'`.execute(ctx.database.db);
    expect(await codes(office)).toEqual(['SCW1']);
  });

  it('a second role without rules on the menu widens the scope (roles are ORed)', async () => {
    const staff = roleId('staff');
    await ctx.database.db
      .insertInto('sysUserRole')
      .values({ userId: userId('wangfang'), roleId: staff })
      .execute();
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: staff, permissionId: CUSTOMER_MENU })
      .execute();
    await permissionsChanged(ctx.database.db, [userId('wangfang')]);
    try {
      expect(await codes(office)).toEqual(['SCA1', 'SCW1', 'SCW2', 'SCZ1']);
    } finally {
      await ctx.database.db
        .deleteFrom('sysRolePermission')
        .where('roleId', '=', staff)
        .where('permissionId', '=', CUSTOMER_MENU)
        .execute();
      await ctx.database.db
        .deleteFrom('sysUserRole')
        .where('userId', '=', userId('wangfang'))
        .where('roleId', '=', staff)
        .execute();
      await permissionsChanged(ctx.database.db, [userId('wangfang')]);
    }
  });

  it('a rule that cannot be applied matches nothing rather than everything', async () => {
    await addRule('rule-broken', 'noSuchField', 'eq', 'x');
    await grantRules('manager', 'rule-broken');
    expect(await codes(manager)).toEqual([]);
    await grantRules('manager', 'rule-dept');
  });

  it('a value is bound, never spliced: a quote in a rule value is just text', async () => {
    await addRule('rule-inject', 'code', 'eq', "x' or '1'='1");
    await grantRules('manager', 'rule-inject');
    expect(await codes(manager)).toEqual([]);
  });
});

describe('concurrent edits', () => {
  it('refuses a save made from a stale copy, and only one of two saves from the same copy wins', async () => {
    const [row] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCA1')).result!.records;
    const first = await ctx.send('PUT', '/sys/customer/edit', {
      id: row.id,
      name: '第一次',
      rowVersion: row.rowVersion,
    });
    expect(first).toMatchObject({ success: true });
    const stale = await ctx.send('PUT', '/sys/customer/edit', {
      id: row.id,
      name: '过时的',
      rowVersion: row.rowVersion,
    });
    expect(stale).toMatchObject({ success: false, message: '该记录已被他人修改，请刷新后重试' });

    const [fresh] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCA1')).result!.records;
    const both = await Promise.all(
      ['甲', '乙'].map((name) =>
        ctx.send('PUT', '/sys/customer/edit', { id: fresh.id, name, rowVersion: fresh.rowVersion }),
      ),
    );
    expect(both.filter((a) => a.success)).toHaveLength(1);
    const [after] = (await ctx.get<Page<Customer>>('/sys/customer/list?code=SCA1')).result!.records;
    expect(['甲', '乙']).toContain(after.name);
  });
});

describe('restrictDelete and the declared menu', () => {
  it('refuses to delete a group its members refer to, then deletes it once they are gone', async () => {
    await ctx.send('POST', '/demo/group/add', { name: '一组' });
    const [group] = (await ctx.get<Page<{ id: string }>>('/demo/group/list?name=一组')).result!.records;
    await ctx.send('POST', '/demo/member/add', { name: '成员甲', groupId: group.id });
    expect(await ctx.send('DELETE', `/demo/group/delete?id=${group.id}`)).toMatchObject({
      success: false,
      message: '该分组下还有成员，不能删除',
    });
    expect(await ctx.send('DELETE', `/demo/group/deleteBatch?ids=${group.id}`)).toMatchObject({
      success: false,
      message: '该分组下还有成员，不能删除',
    });
    await sql`delete from demo_member`.execute(ctx.database.db);
    expect(await ctx.send('DELETE', `/demo/group/delete?id=${group.id}`)).toMatchObject({ success: true });
  });

  it("makes the declaration's menu row under its parent and a granted button row for each of its codes", async () => {
    const menu = await ctx.database.db
      .selectFrom('sysPermission')
      .selectAll()
      .where('component', '=', 'declared/demoGroup')
      .executeTakeFirstOrThrow();
    const parent = await ctx.database.db
      .selectFrom('sysPermission')
      .select('url')
      .where('id', '=', menu.parentId!)
      .executeTakeFirstOrThrow();
    expect(parent.url).toBe('/system');
    expect(menu).toMatchObject({
      name: '演示分组',
      url: '/system/demoGroup',
      icon: 'TeamOutlined',
      menuType: 1,
    });
    const buttons = await ctx.database.db
      .selectFrom('sysPermission')
      .select(['perms', 'name'])
      .where('parentId', '=', menu.id)
      .orderBy('sortNo')
      .execute();
    expect(buttons.map((b) => b.perms)).toEqual([
      // 查看: reads are denied by default too, so the screen's read code has its row.
      'demoGroup:list',
      'demoGroup:add',
      'demoGroup:edit',
      'demoGroup:delete',
      'demoGroup:export',
      'demoGroup:import',
      'demoGroup:audit',
    ]);
    const admin = await ctx.database.db
      .selectFrom('sysRolePermission')
      .select('permissionId')
      .where('roleId', '=', roleId('admin'))
      .execute();
    const granted = new Set(admin.map((g) => g.permissionId));
    expect(granted.has(menu.id)).toBe(true);
    const menus = (
      await ctx.get<{ menu: { path: string; children?: { path: string }[] }[] }>(
        '/sys/permission/getUserPermissionByToken',
      )
    ).result!.menu;
    const system = menus.find((m) => m.path === '/system');
    expect(system?.children?.map((c) => c.path)).toContain('/system/demoGroup');
  });
});
