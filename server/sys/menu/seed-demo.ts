/**
 * Demo data rules: the two everyday rules kept on 客户管理, granted to no role, so the 数据规则
 * screen and the role dialog show what a rule is before anyone's list is narrowed by one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { seedId } from '../../db/seed/ids.js';
import { menuId } from '../../db/seed/menus.js';

export const DEMO_RULES = [
  {
    key: 'customer.ownDepart',
    ruleName: '本部门及下级',
    ruleColumn: 'sysOrgCode',
    ruleConditions: 'right_like',
    ruleValue: '#{sysOrgCode}',
  },
  {
    key: 'customer.mine',
    ruleName: '本人创建',
    ruleColumn: 'createBy',
    ruleConditions: 'eq',
    ruleValue: '#{sysUserCode}',
  },
] as const;

export function demoRuleId(key: string): string {
  return seedId(`dataRule:${key}`);
}

export async function seedDemoDataRules(trx: Kysely<Database>): Promise<void> {
  await trx
    .insertInto('sysPermissionDataRule')
    .values(
      DEMO_RULES.map(({ key, ...rule }, i) => ({
        id: demoRuleId(key),
        permissionId: menuId('customer.list'),
        ...rule,
        status: '1',
        createBy: 'admin',
        createTime: new Date(Date.UTC(2026, 0, 5, 2, i)),
      })),
    )
    .execute();
}
