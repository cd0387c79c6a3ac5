/**
 * 用户管理 under a data rule: a manager given the screen with "own department and below"
 * (orgCode right_like #{sysOrgCode}) reaches only those users in every call - list, export,
 * queryById, queryUserRole, edit, delete, freeze and password reset - and a rule naming a field
 * that is no column matches nothing rather than failing or widening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { USERS } from '../../server/db/seed/organisation.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { readRows } from './entity-xlsx.js';
import {
  GOOD_PASSWORD,
  grantCodes,
  roleId,
  USER_MENU_ID,
  userId,
  userRow,
  type UserRecord,
} from './sys-user-support.js';

let ctx: EntityTestContext;
let manager: string; // zhangwei, 项目管理部 (A01A02)

async function setRule(column: string, condition: string, value: string): Promise<void> {
  const db = ctx.database.db;
  await db.deleteFrom('sysPermissionDataRule').where('id', '=', 'user-rule').execute();
  await db
    .insertInto('sysPermissionDataRule')
    .values({
      id: 'user-rule',
      permissionId: USER_MENU_ID,
      ruleName: '本部门及以下',
      ruleColumn: column,
      ruleConditions: condition,
      ruleValue: value,
      status: '1',
    })
    .execute();
  await permissionsChanged(db, null); // as the rule routes do
}

beforeAll(async () => {
  ctx = await createEntityContext();
  await grantCodes(ctx, 'manager', [
    'user:list',
    'user:edit',
    'user:delete',
    'user:frozen',
    'user:resetPassword',
    'user:export',
  ]);
  await ctx.database.db
    .insertInto('sysRolePermission')
    .values({ roleId: roleId('manager'), permissionId: USER_MENU_ID, dataRuleIds: 'user-rule' })
    .execute();
  await setRule('orgCode', 'right_like', '#{sysOrgCode}');
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const listed = async (token: string, query = '') =>
  (
    await ctx.get<Page<UserRecord>>(`/sys/user/list?pageSize=100&column=username&order=asc${query}`, token)
  ).result!.records.map((r) => r.username);

const PROJECT_DEPT = ['chenjing', 'gaopeng', 'majun', 'yangqiang', 'zhangwei', 'zhuting'];

describe('a data rule on 用户管理', () => {
  it('limits the list to the department and below, whatever the query asks; admin is unrestricted', async () => {
    expect(await listed(manager)).toEqual(PROJECT_DEPT);
    const wide = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'like', val: 'a' }]));
    expect(await listed(manager, `&superQueryParams=${wide}&superQueryMatchType=or`)).toEqual(
      PROJECT_DEPT.filter((u) => u.includes('a')),
    );
    expect((await listed(ctx.adminToken)).length).toBe(USERS.length);
  });

  it('exports only the reachable users', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/user/exportXls?column=username&order=asc',
      headers: { 'x-access-token': manager },
    });
    expect((await readRows(res.rawPayload)).slice(1).map((r) => r[0])).toEqual(PROJECT_DEPT);
  });

  it('a user outside it cannot be read, edited, frozen, reset or deleted by id', async () => {
    const other = userId('zhaolei');
    const notFound = { success: false, message: '未找到对应数据' };
    expect(await ctx.get(`/sys/user/queryById?id=${other}`, manager)).toMatchObject(notFound);
    expect(await ctx.get(`/sys/user/queryUserRole?userid=${other}`, manager)).toMatchObject(notFound);
    expect(await ctx.send('PUT', '/sys/user/edit', { id: other, realname: '改名' }, manager)).toMatchObject(
      notFound,
    );
    expect(await ctx.send('PUT', '/sys/user/frozenBatch', { ids: other, status: 2 }, manager)).toMatchObject(
      notFound,
    );
    const reset = { username: 'zhaolei', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD };
    expect(await ctx.send('PUT', '/sys/user/changePassword', reset, manager)).toMatchObject(notFound);
    expect(await ctx.send('DELETE', `/sys/user/delete?id=${other}`, undefined, manager)).toMatchObject(
      notFound,
    );
    // A batch reaching one user outside the scope changes none.
    const batch = `${userId('majun')},${other}`;
    expect(await ctx.send('PUT', '/sys/user/frozenBatch', { ids: batch, status: 2 }, manager)).toMatchObject(
      notFound,
    );
    expect(await userRow(ctx, 'zhaolei')).toMatchObject({ realname: '赵磊', status: 1, delFlag: 0 });
    expect((await userRow(ctx, 'majun'))!.status).toBe(1);
  });

  it('a user inside it can be changed as usual', async () => {
    const inside = userId('zhuting');
    expect((await ctx.get<UserRecord>(`/sys/user/queryById?id=${inside}`, manager)).result!.username).toBe(
      'zhuting',
    );
    expect(
      await ctx.send('PUT', '/sys/user/edit', { id: inside, realname: '朱婷婷' }, manager),
    ).toMatchObject({
      success: true,
    });
    expect(await ctx.send('PUT', '/sys/user/frozenBatch', { ids: inside, status: 2 }, manager)).toMatchObject(
      {
        success: true,
      },
    );
  });

  it('a rule naming a link field or the text birthday matches nothing (never an error, never everything)', async () => {
    await setRule('selecteddeparts', 'eq', '#{sysOrgCode}');
    expect(await listed(manager)).toEqual([]);
    await setRule('birthday', 'ge', '#{sysDate}');
    expect(await listed(manager)).toEqual([]);
    await setRule('orgCode', 'right_like', '#{sysOrgCode}');
  });
});
