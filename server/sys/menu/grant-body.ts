/**
 * The body of the grant saves (saveRolePermission, saveDepartPermission, saveDeptRolePermission):
 * `{<owner>, permissionIds: 'a,b', lastpermissionIds}` as JeecgBoot sends it, plus optionally
 * `dataRuleIds: {<permissionId>: 'r1,r2'}`, the data rules chosen per menu entry in the dialog,
 * kept on the grant. The whole set is compared with what is stored (lastpermissionIds, the client's
 * idea of the stored set, is accepted and ignored), so two dialogs saving one after the other never
 * leave a mix.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { asRecord } from '../../entity/body.js';
import { checkId } from '../../entity/route-kit.js';
import { ApiError } from '../../result.js';
import { idsOf } from './admin-kit.js';
import { existingPermissionIds, withAncestors } from './permission-tree.js';

export const GrantMessages = {
  unknownPermission: '授权的菜单或按钮不存在，请刷新后重试',
  ruleNotOfMenu: '数据规则不属于该菜单',
  notGranted: '数据规则所在的菜单未授权',
  saved: '保存成功！',
} as const;

export interface GrantBody {
  ownerId: string;
  permissionIds: string[];
  /** Data rules per menu entry; an entry not named keeps the rules it had. */
  dataRules: Map<string, string[]>;
}

export function readGrantBody(body: unknown, ownerKey: string, missingOwner: string): GrantBody {
  const record = asRecord(body);
  const owner = record[ownerKey];
  if (typeof owner !== 'string' || owner.trim() === '') throw new ApiError(missingOwner);
  const dataRules = new Map<string, string[]>();
  const given = record.dataRuleIds;
  if (given !== undefined && given !== null) {
    if (typeof given !== 'object' || Array.isArray(given)) throw new ApiError('参数错误：dataRuleIds');
    for (const [permissionId, ruleIds] of Object.entries(given as Record<string, unknown>))
      dataRules.set(checkId(permissionId), idsOf(ruleIds));
  }
  return { ownerId: checkId(owner.trim()), permissionIds: idsOf(record.permissionIds), dataRules };
}

/** The ids to grant: all existing, with their ancestors. */
export async function grantedSet(db: Db, ids: readonly string[]): Promise<string[]> {
  const existing = await existingPermissionIds(db, ids);
  if (existing.size !== ids.length) throw new ApiError(GrantMessages.unknownPermission);
  return withAncestors(db, ids);
}

/** Every chosen rule belongs to the menu entry it is chosen for, and that entry is granted. */
export async function checkDataRules(db: Db, rules: Map<string, string[]>, granted: readonly string[]) {
  const grantedSet = new Set(granted);
  for (const [permissionId, ruleIds] of rules) {
    if (ruleIds.length === 0) continue;
    if (!grantedSet.has(permissionId)) throw new ApiError(GrantMessages.notGranted);
    const found = await sql<{ n: number }>`select count(*)::int as n from sys_permission_data_rule
      where permission_id = ${permissionId} and id in (${sql.join(ruleIds)})`.execute(db);
    if ((found.rows[0]?.n ?? 0) !== ruleIds.length) throw new ApiError(GrantMessages.ruleNotOfMenu);
  }
}

/** What changes between the stored and the wanted set. */
export function difference(stored: readonly string[], wanted: readonly string[]) {
  const before = new Set(stored);
  const after = new Set(wanted);
  return {
    added: wanted.filter((id) => !before.has(id)),
    removed: stored.filter((id) => !after.has(id)),
  };
}
