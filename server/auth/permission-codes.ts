import type { Db } from '../db/database.js';

/** The permission codes (perms) a user's roles grant, including comma-joined codes split apart. */
export async function loadPermissionCodes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('p.perms')
    .where('ur.userId', '=', userId)
    .where('p.delFlag', '=', 0)
    .where('p.status', '=', '1')
    .where('p.perms', 'is not', null)
    .execute();
  const codes = new Set<string>();
  for (const row of rows) {
    for (const code of (row.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  }
  return codes;
}

/**
 * Whether a user may use a permission-gated route. A code the system lists only as inactive
 * (status '0') is a switched-off rule, open to every signed-in user, as the client treats it; a code
 * the system does not list at all is denied (deny by default).
 */
export async function hasPermission(db: Db, userId: string, code: string): Promise<boolean> {
  if ((await loadPermissionCodes(db, userId)).has(code)) return true;
  const rows = await db
    .selectFrom('sysPermission')
    .select(['perms', 'status'])
    .where('delFlag', '=', 0)
    .where('perms', 'like', `%${code.replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
  const listed = rows.filter((r) => (r.perms ?? '').split(',').some((c) => c.trim() === code));
  return listed.length > 0 && listed.every((r) => r.status === '0');
}
