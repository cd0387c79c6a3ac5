import { sql, type Kysely, type Migration } from 'kysely';
import { newId, seedId } from '../seed/ids.js';

/**
 * Every user in a tenant, and the 通讯录's own code (docs/modules/system-admin.md, "Tenants"):
 *  - live users in no tenant (rel_tenant_ids empty, '0' or without a real tenant id) join the first
 *    tenant (lowest id; one is made when there is none): in no tenant a user signed in to empty
 *    screens. Each live administrator is told in the bell how many users were moved;
 *  - 查看同事通讯录 (addressList:list), the code of colleagues' phones and e-mails, under the 通讯录
 *    menu, granted to every role that holds that menu.
 * A new database gets the code from the seed and has no such users (this step then finds no users
 * and does nothing). Values are written out here, not imported: a shipped migration never changes.
 * A second run changes nothing.
 */
const ADDRESS_LIST = { perms: 'addressList:list', name: '查看同事通讯录', menuUrl: '/customer/mailList' };
/** rel_tenant_ids naming at least one real tenant: a positive whole number as one of its items. */
const HAS_TENANT = '(^|,)\\s*[1-9][0-9]*\\s*(,|$)';
/** Moved accounts named in the notice; the count says how many there were in all. */
const NAMED = 50;

async function addAddressListCode(db: Kysely<unknown>): Promise<void> {
  const menu = await sql<{ id: string }>`select id from sys_permission
    where url = ${ADDRESS_LIST.menuUrl} and menu_type <> 2 and del_flag = 0 order by id limit 1`.execute(db);
  const menuId = menu.rows[0]?.id;
  if (!menuId) return;
  const id = seedId(`button:${ADDRESS_LIST.perms}`);
  const made = await sql`insert into sys_permission (id, parent_id, name, menu_type, perms, perms_type,
      sort_no, is_route, is_leaf, status, del_flag, create_by)
    select ${id}, ${menuId}, ${ADDRESS_LIST.name}, 2, ${ADDRESS_LIST.perms}, '1', 100, false, true, '1', 0, 'admin'
    where not exists (select 1 from sys_permission where perms = ${ADDRESS_LIST.perms} and menu_type = 2)`.execute(
    db,
  );
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  // Whoever may open the 通讯录 keeps seeing its people: the same roles, whatever an admin granted.
  await sql`insert into sys_role_permission (role_id, permission_id)
    select distinct rp.role_id, ${id} from sys_role_permission rp where rp.permission_id = ${menuId}
    on conflict do nothing`.execute(db);
}

/** The lowest tenant id, after making one when there is none. */
async function firstTenant(db: Kysely<unknown>): Promise<{ id: number; name: string }> {
  await sql`insert into sys_tenant (id, name, status)
    select 1, '默认租户', 1 where not exists (select 1 from sys_tenant)`.execute(db);
  const { rows } = await sql<{ id: number; name: string }>`select id, name from sys_tenant
    order by id limit 1`.execute(db);
  return rows[0]!;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One notice per live administrator, in their own first tenant, as the server's notices are written. */
async function tellAdmins(
  db: Kysely<unknown>,
  moved: readonly string[],
  tenant: { id: number; name: string },
) {
  const title = `${moved.length}个用户已加入租户“${tenant.name}”`;
  const named = moved.slice(0, NAMED).join('、') + (moved.length > NAMED ? ' 等' : '');
  const text = `${moved.length}个用户未关联任何租户（登录后看不到任何数据），已加入租户“${tenant.name}”：${named}。请在用户管理中核对他们的租户。`;
  const admins = await sql<{ id: string; tenants: string }>`select distinct u.id, u.rel_tenant_ids as tenants
    from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id
    where r.role_code = 'admin' and u.del_flag = 0 and u.status = 1 order by u.id`.execute(db);
  for (const admin of admins.rows) {
    const own = admin.tenants.split(',').map((t) => Number(t.trim()));
    const tenantId = own.find((t) => Number.isInteger(t) && t > 0) ?? tenant.id;
    const id = newId();
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
        msg_category, msg_type, user_ids, send_status, send_time, bus_type, open_type, open_page, create_by)
      values (${id}, ${tenantId}, ${title}, ${`<p>${escapeHtml(text)}</p>`}, ${text.slice(0, 500)}, '系统', 'M',
        '4', 'USER', ${admin.id}, '1', now(), 'userTenants', 'url', '/system/user', 'system')`.execute(db);
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${id}, ${admin.id}, '0')`.execute(db);
  }
}

async function moveTenantless(db: Kysely<unknown>): Promise<void> {
  const lost = await sql<{ username: string }>`select username from sys_user
    where del_flag = 0 and coalesce(rel_tenant_ids, '') !~ ${HAS_TENANT} order by username`.execute(db);
  if (lost.rows.length === 0) return;
  const tenant = await firstTenant(db);
  await sql`update sys_user set rel_tenant_ids = ${String(tenant.id)}
    where del_flag = 0 and coalesce(rel_tenant_ids, '') !~ ${HAS_TENANT}`.execute(db);
  const moved = lost.rows.map((r) => r.username);
  await tellAdmins(db, moved, tenant);
}

export const userTenants: Migration = {
  async up(db: Kysely<unknown>) {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from sys_user`.execute(db);
    if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
    await addAddressListCode(db);
    await moveTenantless(db);
  },
};
