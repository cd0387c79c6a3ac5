/**
 * Migration 0046 on a database seeded before it: users in no tenant join the first tenant and each
 * administrator is told how many in the bell; 查看同事通讯录 (addressList:list) appears under the
 * 通讯录 menu for every role that holds the menu; twice is once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { userTenants } from '../../server/db/migrations/0046_user_tenants.js';
import { userId } from '../../server/db/seed/organisation.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const tenantsOf = async (names: string[]) =>
  (
    await sql<{ username: string; tenants: string }>`select username, rel_tenant_ids as tenants from sys_user
      where username in (${sql.join(names)}) order by username`.execute(database.db)
  ).rows;

const noticesOf = async (username: string) =>
  (
    await sql<{ title: string; text: string; tenantId: number; read: string }>`select a.titile as title,
        a.msg_abstract as text, a.tenant_id as "tenantId", s.read_flag as read
      from sys_announcement a join sys_announcement_send s on s.annt_id = a.id
      where s.user_id = ${userId(username)} and a.bus_type = 'userTenants' order by a.create_time`.execute(
      database.db,
    )
  ).rows;

describe('0046_user_tenants', () => {
  it('moves users in no tenant to the first tenant and tells the administrator how many', async () => {
    const db = database.db;
    await sql`update sys_user set rel_tenant_ids = '' where username = 'hexue'`.execute(db);
    await sql`update sys_user set rel_tenant_ids = '0' where username = 'linfeng'`.execute(db);
    await sql`update sys_user set rel_tenant_ids = '2' where username = 'wuxia'`.execute(db);
    await userTenants.up(db);
    await userTenants.up(db); // a second run finds nobody to move and tells nobody again
    expect(await tenantsOf(['admin', 'hexue', 'linfeng', 'wuxia'])).toEqual([
      { username: 'admin', tenants: '1,2' },
      { username: 'hexue', tenants: '1' },
      { username: 'linfeng', tenants: '1' },
      { username: 'wuxia', tenants: '2' },
    ]);
    const notices = await noticesOf('admin');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: '2个用户已加入租户“智慧接待示范单位”',
      tenantId: 1,
      read: '0',
    });
    expect(notices[0]!.text).toContain('hexue、linfeng');
    expect(await noticesOf('chenjing')).toEqual([]);
  });

  it('adds the 通讯录 code once, granted to the roles that hold the 通讯录 menu', async () => {
    const db = database.db;
    await sql`delete from sys_permission where perms = 'addressList:list'`.execute(db);
    // An admin took the 通讯录 from analysts: they do not get its people either.
    await sql`delete from sys_role_permission where permission_id =
        (select id from sys_permission where url = '/customer/mailList' and menu_type <> 2)
      and role_id = (select id from sys_role where role_code = 'analyst')`.execute(db);
    await userTenants.up(db);
    await userTenants.up(db);
    const grants = await sql<{ parent: string; roles: string }>`select m.url as parent,
        string_agg(r.role_code, ',' order by r.role_code) as roles
      from sys_permission p join sys_permission m on m.id = p.parent_id
      join sys_role_permission rp on rp.permission_id = p.id join sys_role r on r.id = rp.role_id
      where p.perms = 'addressList:list' and p.menu_type = 2 group by m.url`.execute(db);
    expect(grants.rows).toEqual([{ parent: '/customer/mailList', roles: 'admin,manager,staff' }]);
  });

  it('makes a tenant when there is none, rather than leave users in none', async () => {
    const db = database.db;
    await sql`delete from sys_tenant`.execute(db);
    await sql`update sys_user set rel_tenant_ids = '' where username = 'hexue'`.execute(db);
    await userTenants.up(db);
    expect(await tenantsOf(['hexue'])).toEqual([{ username: 'hexue', tenants: '1' }]);
    const tenants = await sql<{ id: number; name: string }>`select id, name from sys_tenant`.execute(db);
    expect(tenants.rows).toEqual([{ id: 1, name: '默认租户' }]);
  });
});
