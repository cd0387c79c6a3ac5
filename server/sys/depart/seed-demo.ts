/**
 * Demo department permissions and roles: 技术部 holds 场景列表 with its buttons, and its own role
 * 场景维护 is granted adding and editing scenes out of them. The role has no members yet, so nobody's
 * permissions change until an admin gives it to someone in 部门角色.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { seedId } from '../../db/seed/ids.js';
import { buttonId, menuId } from '../../db/seed/menus.js';
import { departId } from '../../db/seed/organisation.js';
import { departDb } from './tables.js';

const TECH = 'A01A03';
const SCENE_BUTTONS = ['scene:add', 'scene:startUse', 'scene:stopUse', 'scene:edit'];

export const DEMO_DEPART_ROLE = { code: 'scene_maint', name: '场景维护' } as const;

export function demoDepartRoleId(): string {
  return seedId(`departRole:${TECH}:${DEMO_DEPART_ROLE.code}`);
}

export async function seedDemoDepartRoles(trx: Kysely<Database>): Promise<void> {
  const db = departDb(trx);
  const depart = departId(TECH);
  const held = [menuId('scene'), menuId('scene.list'), ...SCENE_BUTTONS.map(buttonId)];
  const existing = await db.selectFrom('sysPermission').select('id').where('id', 'in', held).execute();
  const ids = existing.map((r) => r.id);
  if (ids.length === 0) return;
  await db
    .insertInto('sysDepartPermission')
    .values(ids.map((permissionId) => ({ departId: depart, permissionId })))
    .execute();
  const roleId = demoDepartRoleId();
  await db
    .insertInto('sysDepartRole')
    .values({
      id: roleId,
      departId: depart,
      roleName: DEMO_DEPART_ROLE.name,
      roleCode: DEMO_DEPART_ROLE.code,
      description: '新增与编辑场景、启停场景',
      createBy: 'admin',
      createTime: new Date(Date.UTC(2026, 0, 6, 1, 0)),
    })
    .execute();
  await db
    .insertInto('sysDepartRolePermission')
    .values(ids.map((permissionId) => ({ departId: depart, roleId, permissionId })))
    .execute();
}
