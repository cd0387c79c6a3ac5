/**
 * Migration 0025 (docs/modules/online-forms.md) on a database seeded before it: Online表单开发
 * opens the designer and gets its buttons, granted to admin; a second run changes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineForms } from '../../server/db/migrations/0025_online_forms.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('migration 0025 on a database seeded before', () => {
  it('points Online表单开发 at the designer and adds its buttons, granted to admin, once', async () => {
    const db = ctx.database.db;
    await sql`update sys_permission set component = 'modules/online/cgform/OnlCgformHeadList'
      where url = '/online/cgform'`.execute(db);
    await sql`delete from sys_role_permission where permission_id in
      (select id from sys_permission where perms like 'cgform:%')`.execute(db);
    await sql`delete from sys_permission where perms like 'cgform:%'`.execute(db);
    await onlineForms.up(db);
    await onlineForms.up(db);
    const menu = await sql<{ component: string }>`select component from sys_permission
      where url = '/online/cgform'`.execute(db);
    expect(menu.rows).toEqual([{ component: 'declared/cgformHead' }]);
    const buttons = await sql<{ perms: string; grants: number }>`select p.perms,
        (select count(*)::int from sys_role_permission rp where rp.permission_id = p.id) as grants
      from sys_permission p where p.perms like 'cgform:%' order by p.perms`.execute(db);
    expect(buttons.rows).toEqual([
      { perms: 'cgform:add', grants: 1 },
      { perms: 'cgform:edit', grants: 1 },
      { perms: 'cgform:list', grants: 1 },
      { perms: 'cgform:menu', grants: 1 },
    ]);
  });
});
