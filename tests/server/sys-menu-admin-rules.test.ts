import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../server/db/seed/menus.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

interface Rule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const CUSTOMER = menuId('customer.list');
const rules = async (permissionId = CUSTOMER) =>
  (await ctx.get<Rule[]>(`/sys/permission/getPermRuleListByPermId?permissionId=${permissionId}`)).result!;
const add = (body: object) =>
  ctx.send('POST', '/sys/permission/addPermissionRule', { permissionId: CUSTOMER, ...body });

describe('data rules of a menu entry', () => {
  it('offers the fields of the declared screen the menu opens, the operators and the variables', async () => {
    const res = await ctx.get<{
      entity: string;
      fields: { name: string; title: string }[];
      operators: { value: string }[];
      variables: { value: string }[];
    }>(`/sys/permission/dataRuleFields?permissionId=${CUSTOMER}`);
    expect(res.result!.entity).toBe('客户');
    expect(res.result!.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['name', 'sysOrgCode', 'createBy']),
    );
    expect(res.result!.operators.map((o) => o.value)).toContain('right_like');
    expect(res.result!.variables.map((v) => v.value)).toEqual(
      expect.arrayContaining(['#{sysUserCode}', '#{sysOrgCode}']),
    );
    expect(await ctx.get(`/sys/permission/dataRuleFields?permissionId=${menuId('system')}`)).toMatchObject({
      success: false,
      message: '该菜单未打开已声明的页面，不能设置数据规则',
    });
  });

  it('keeps the demo rules "own department and below" and "created by me" on 客户管理; adds another', async () => {
    expect((await rules()).map((r) => [r.ruleName, r.ruleColumn, r.ruleConditions, r.ruleValue])).toEqual([
      ['本部门及下级', 'sysOrgCode', 'right_like', '#{sysOrgCode}'],
      ['本人创建', 'createBy', 'eq', '#{sysUserCode}'],
    ]);
    expect(
      await add({ ruleName: '重要客户', ruleColumn: 'name', ruleConditions: 'like', ruleValue: '集团' }),
    ).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect((await rules()).map((r) => r.ruleName)).toEqual(['本部门及下级', '本人创建', '重要客户']);
    const found = await ctx.get<Rule[]>(
      `/sys/permission/queryPermissionRule?permissionId=${CUSTOMER}&ruleName=${encodeURIComponent('本人')}`,
    );
    expect(found.result!.map((r) => r.ruleName)).toEqual(['本人创建']);
  });

  it('refuses an undeclared field, an operator off the list, an unknown variable, a hand-made screen', async () => {
    const before = (await rules()).length;
    const cases: [object, string][] = [
      [
        { ruleName: 'x', ruleColumn: 'no_such', ruleConditions: 'eq', ruleValue: '1' },
        '规则字段不存在：no_such',
      ],
      [
        { ruleName: 'x', ruleColumn: 'name', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' },
        '规则条件不正确：USE_SQL_RULES',
      ],
      [
        { ruleName: 'x', ruleColumn: 'name', ruleConditions: 'eq', ruleValue: '#{sysPassword}' },
        '规则值中的变量不存在：#{sysPassword}',
      ],
      [{ ruleName: '', ruleColumn: 'name', ruleConditions: 'eq', ruleValue: '1' }, '请输入规则名称'],
    ];
    for (const [body, message] of cases)
      expect(await add(body), message).toMatchObject({ success: false, message });
    expect(
      await ctx.send('POST', '/sys/permission/addPermissionRule', {
        permissionId: menuId('system'),
        ruleName: 'x',
        ruleColumn: 'name',
        ruleConditions: 'eq',
        ruleValue: '1',
      }),
    ).toMatchObject({ success: false, message: '该菜单未打开已声明的页面，不能设置数据规则' });
    expect((await rules()).length).toBe(before);
  });

  it('edits a rule under the same checks', async () => {
    const rule = (await rules()).find((r) => r.ruleName === '重要客户')!;
    expect(
      await ctx.send('PUT', '/sys/permission/editPermissionRule', {
        ...rule,
        ruleValue: '有限公司',
        status: '0',
      }),
    ).toMatchObject({ success: true, message: '更新成功！' });
    expect((await rules()).find((r) => r.id === rule.id)).toMatchObject({
      ruleValue: '有限公司',
      status: '0',
    });
    expect(
      await ctx.send('PUT', '/sys/permission/editPermissionRule', { ...rule, ruleColumn: 'passwordHash' }),
    ).toMatchObject({
      success: false,
      message: '规则字段不存在：passwordHash',
    });
  });

  it("deleting a rule takes it off every role's grant", async () => {
    const rule = (await rules()).find((r) => r.ruleName === '本人创建')!;
    const keep = (await rules()).find((r) => r.ruleName === '本部门及下级')!;
    const manager = roleId('manager');
    await ctx.database.db
      .updateTable('sysRolePermission')
      .set({ dataRuleIds: `${keep.id},${rule.id}` })
      .where('roleId', '=', manager)
      .where('permissionId', '=', CUSTOMER)
      .execute();
    expect(await ctx.send('DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`)).toMatchObject({
      success: true,
    });
    const grant = await ctx.database.db
      .selectFrom('sysRolePermission')
      .select('dataRuleIds')
      .where('roleId', '=', manager)
      .where('permissionId', '=', CUSTOMER)
      .executeTakeFirstOrThrow();
    expect(grant.dataRuleIds).toBe(keep.id);
    expect(await ctx.send('DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`)).toMatchObject({
      success: false,
      message: '未找到对应的数据规则',
    });
  });

  it('the rule held on a grant scopes the screen for the role: managers see their own branch only', async () => {
    const wangfang = await ctx.login('wangfang', (await import('./helpers.js')).DEMO_PASSWORD);
    await ctx.send('POST', '/sys/customer/add', { name: '总部客户', code: 'HQ001' });
    await ctx.send('POST', '/sys/customer/add', { name: '办公室客户', code: 'OF001' }, wangfang);
    const codes = async () =>
      (
        await ctx.get<{ records: { code: string }[] }>('/sys/customer/list?pageSize=50', wangfang)
      ).result!.records.map((r) => r.code);
    expect(await codes()).toEqual(expect.arrayContaining(['OF001']));
    expect(await codes()).toEqual(expect.not.arrayContaining(['HQ001']));
  });

  it('a rule switched off and on through these calls changes the very next list (scopes are cached)', async () => {
    const wangfang = await ctx.login('wangfang', (await import('./helpers.js')).DEMO_PASSWORD);
    const codes = async () =>
      (
        await ctx.get<{ records: { code: string }[] }>('/sys/customer/list?pageSize=50', wangfang)
      ).result!.records.map((r) => r.code);
    expect(await codes()).not.toContain('HQ001'); // read once: the scope is now held
    const branch = (await rules()).find((r) => r.ruleName === '本部门及下级')!;
    const switchTo = (status: string) =>
      ctx.send('PUT', '/sys/permission/editPermissionRule', { ...branch, status });
    expect(await switchTo('0')).toMatchObject({ success: true });
    expect(await codes()).toContain('HQ001');
    expect(await switchTo('1')).toMatchObject({ success: true });
    expect(await codes()).not.toContain('HQ001');
  });

  it('is guarded by permission:dataRule', async () => {
    expect(
      await ctx.get(`/sys/permission/getPermRuleListByPermId?permissionId=${CUSTOMER}`, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
  });
});
