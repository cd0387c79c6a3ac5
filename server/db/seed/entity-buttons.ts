import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { buttonId, menuId } from './menus.js';
import { roleId } from './organisation.js';
import { ADMIN_ONLY, ALL, MGR, type MenuRole } from './menu-types.js';

interface EntityButton {
  menu: string;
  perms: string;
  name: string;
  roles: MenuRole[];
  /** '2' for a read-only field rule; default '1' (a button, or a field hidden from non-holders). */
  permsType?: '1' | '2';
}

/**
 * The button codes the declared entities' routes need beyond the seeded menus (export, import,
 * edit and delete of the proof declarations). Admin is granted every one; staff holds none of
 * them, so a staff account is refused export, import and the administration writes.
 */
export const ENTITY_BUTTONS: EntityButton[] = [
  { menu: 'customer.list', perms: 'customer:export', name: '导出客户', roles: MGR },
  { menu: 'customer.list', perms: 'customer:import', name: '导入客户', roles: MGR },
  { menu: 'scene.list', perms: 'scene:edit', name: '编辑场景', roles: MGR },
  { menu: 'scene.list', perms: 'scene:delete', name: '删除场景', roles: ADMIN_ONLY },
  { menu: 'scene.list', perms: 'scene:export', name: '导出场景', roles: MGR },
  { menu: 'scene.list', perms: 'scene:import', name: '导入场景', roles: ADMIN_ONLY },
  // A field rule: the scene's capacity column is hidden from everyone but admin.
  { menu: 'scene.list', perms: 'scene:field:capacity', name: '场景容纳人数字段', roles: ADMIN_ONLY },
  { menu: 'system.position', perms: 'position:edit', name: '编辑职务', roles: ADMIN_ONLY },
  { menu: 'system.position', perms: 'position:delete', name: '删除职务', roles: ADMIN_ONLY },
  { menu: 'system.position', perms: 'position:export', name: '导出职务', roles: ADMIN_ONLY },
  { menu: 'system.position', perms: 'position:import', name: '导入职务', roles: ADMIN_ONLY },
  { menu: 'system.dict', perms: 'dict:export', name: '导出字典', roles: ADMIN_ONLY },
  { menu: 'system.dict', perms: 'dict:import', name: '导入字典', roles: ADMIN_ONLY },
  { menu: 'system.category', perms: 'category:add', name: '新增分类', roles: ADMIN_ONLY },
  { menu: 'system.category', perms: 'category:edit', name: '编辑分类', roles: ADMIN_ONLY },
  { menu: 'system.category', perms: 'category:delete', name: '删除分类', roles: ADMIN_ONLY },
  { menu: 'system.category', perms: 'category:export', name: '导出分类', roles: ADMIN_ONLY },
  { menu: 'system.category', perms: 'category:import', name: '导入分类', roles: ADMIN_ONLY },
  { menu: 'message.system', perms: 'sysMessage:list', name: '查看系统消息', roles: MGR },
  { menu: 'message.system', perms: 'sysMessage:add', name: '新增系统消息', roles: ADMIN_ONLY },
  { menu: 'message.system', perms: 'sysMessage:edit', name: '编辑系统消息', roles: ADMIN_ONLY },
  { menu: 'message.system', perms: 'sysMessage:delete', name: '删除系统消息', roles: ADMIN_ONLY },
  { menu: 'message.system', perms: 'sysMessage:export', name: '导出系统消息', roles: MGR },
  { menu: 'message.supervise', perms: 'supervise:list', name: '查看督办', roles: MGR },
  { menu: 'message.supervise', perms: 'supervise:export', name: '导出督办', roles: MGR },
  { menu: 'message.template', perms: 'msgTemplate:list', name: '查看消息模板', roles: ADMIN_ONLY },
  { menu: 'message.template', perms: 'msgTemplate:add', name: '新增消息模板', roles: ADMIN_ONLY },
  { menu: 'message.template', perms: 'msgTemplate:edit', name: '编辑消息模板', roles: ADMIN_ONLY },
  { menu: 'message.template', perms: 'msgTemplate:delete', name: '删除消息模板', roles: ADMIN_ONLY },
  { menu: 'message.template', perms: 'msgTemplate:export', name: '导出消息模板', roles: ADMIN_ONLY },
  { menu: 'message.template', perms: 'msgTemplate:import', name: '导入消息模板', roles: ADMIN_ONLY },
  // 通讯录: everyone reads it; managers keep it up to date.
  { menu: 'customer.mailList', perms: 'mailList:edit', name: '编辑联系人', roles: MGR },
  { menu: 'customer.mailList', perms: 'mailList:export', name: '导出联系人', roles: MGR },
  // Colleagues' phones and e-mails (/sys/user/queryByOrgCodeForAddressList), for whoever holds the
  // 通讯录 menu (migration 0046 grants it on older databases the same way).
  { menu: 'customer.mailList', perms: 'addressList:list', name: '查看同事通讯录', roles: ALL },
];

/** A button (menuType 2) under a seeded menu, granted to exactly `roles`. */
export interface SeedButton {
  menu: string;
  perms: string;
  name: string;
  roles: readonly string[];
  permsType?: '1' | '2';
}

/** Inserts buttons under their menus with their grants; sort numbers start at `firstSortNo`. */
export async function insertButtons(
  trx: Kysely<Database>,
  buttons: readonly SeedButton[],
  firstSortNo: number,
): Promise<void> {
  const grants: { roleId: string; permissionId: string }[] = [];
  const rows = buttons.map((b, i) => {
    const id = buttonId(b.perms);
    for (const role of b.roles) grants.push({ roleId: roleId(role), permissionId: id });
    return {
      id,
      parentId: menuId(b.menu),
      name: b.name,
      menuType: 2,
      perms: b.perms,
      permsType: b.permsType ?? '1',
      sortNo: firstSortNo + i,
      alwaysShow: false,
      isRoute: false,
      isLeaf: true,
      keepAlive: false,
      hidden: false,
      hideTab: false,
      internalOrExternal: false,
      status: '1',
      delFlag: 0,
      createBy: 'admin',
    };
  });
  await trx.insertInto('sysPermission').values(rows).execute();
  await trx.insertInto('sysRolePermission').values(grants).execute();
}

export async function seedEntityButtons(trx: Transaction<Database>): Promise<void> {
  // Admin is granted every one of them.
  await insertButtons(
    trx,
    ENTITY_BUTTONS.map((b) => ({ ...b, roles: ['admin', ...b.roles] })),
    100,
  );
}
