/**
 * Data rules (数据权限, docs/modules/system-admin.md): which rows of an entity a user may reach.
 * Rules are kept per menu entry (sys_permission_data_rule) and a role holds some of them on its
 * grant of the entry (sys_role_permission.data_rule_ids). For each role granting the screen's menu
 * entry, its rules are ANDed (a role granting it with no rules sees everything); the roles are
 * ORed. The answer is one bound condition the caller ANDs into the same statement as the list's
 * own filters, so a scoped list costs what an unscoped one does. A rule that cannot be applied (an
 * unknown field, an empty variable) matches nothing: a broken rule never widens what a user sees.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { permissionCacheOf } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import type { QueryRule } from '../../runtime/model/declaration/types.js';
import { ruleCondition } from '../../runtime/model/query/rules.js';
import { declaredComponents } from './menu-sync.js';
import { conditionSql } from './sql.js';
import { createDateFormatter } from '../http/dates.js';

/** The operators a data rule may use (the contract's rule_conditions). */
export const DATA_RULE_OPERATORS: readonly QueryRule[] = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'like',
  'left_like',
  'right_like',
];

/** Variables a rule value may name, in both the camelCase and the contract's snake_case spelling. */
export const DATA_RULE_VARIABLES = [
  '#{sysUserCode}',
  '#{sysUserId}',
  '#{sysOrgCode}',
  '#{sysTenantId}',
  '#{sysDate}',
  '#{sys_user_code}',
  '#{sys_org_code}',
  '#{sys_date}',
] as const;

/** Who asks: the signed-in user and their current department and tenant. */
export interface ScopeUser {
  userId: string;
  username: string;
  orgCode: string | null;
  tenantId: number;
  /** 'YYYY-MM-DD ...' in the app's time zone (for #{sysDate}). */
  now: string;
}

const formatters = new Map<string, (d: Date) => string>();

/** The signed-in caller as a data rule sees them, with today in the app's time zone. */
export function scopeUserOf(
  auth: Pick<ScopeUser, 'userId' | 'username' | 'orgCode' | 'tenantId'>,
  timeZone: string,
): ScopeUser {
  let format = formatters.get(timeZone);
  if (!format) formatters.set(timeZone, (format = createDateFormatter(timeZone)));
  return {
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode,
    tenantId: auth.tenantId,
    now: format(new Date()),
  };
}

export interface DataRule {
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
}

/** A rule's value with its variables resolved; null when a variable has no value for this user. */
export function ruleValue(raw: string, user: ScopeUser): string | null {
  const values: Record<string, string | null> = {
    sysUserCode: user.username,
    sys_user_code: user.username,
    sysUserId: user.userId,
    sysOrgCode: user.orgCode,
    sys_org_code: user.orgCode,
    sysTenantId: String(user.tenantId),
    sysDate: user.now.slice(0, 10),
    sys_date: user.now.slice(0, 10),
  };
  let missing = false;
  const resolved = raw.replace(/#\{([a-zA-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      missing = true;
      return '';
    }
    return value;
  });
  return missing ? null : resolved;
}

/** Why a rule cannot be saved for this entity, or null (the admin routes call this). */
export function ruleProblem(model: EntityModel, rule: DataRule): string | null {
  const field = model.field(rule.ruleColumn);
  if (!field || !field.filterable) return `规则字段不存在：${rule.ruleColumn}`;
  if (!(DATA_RULE_OPERATORS as readonly string[]).includes(rule.ruleConditions))
    return `规则条件不正确：${rule.ruleConditions}`;
  for (const variable of rule.ruleValue.match(/#\{[^}]*\}/g) ?? [])
    if (!(DATA_RULE_VARIABLES as readonly string[]).includes(variable))
      return `规则值中的变量不存在：${variable}`;
  return null;
}

const NOTHING = sql<SqlBool>`false`;

/** One rule as SQL over `alias`; NOTHING when it cannot be applied. */
function ruleSql(model: EntityModel, alias: string, timeZone: string, rule: DataRule, user: ScopeUser) {
  if (ruleProblem(model, rule)) return NOTHING;
  const field = model.field(rule.ruleColumn) as FieldModel;
  const value = ruleValue(rule.ruleValue, user);
  if (value === null || value.trim() === '') return NOTHING;
  try {
    const condition = ruleCondition(field, rule.ruleConditions as QueryRule, value);
    return condition ? conditionSql({ model, timeZone, alias }, condition) : NOTHING;
  } catch {
    return NOTHING; // a value that does not fit the field's type
  }
}

interface GrantRow {
  roleId: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  ruleIds: string | null;
}

/**
 * The user's scope on the entity as one condition over `alias`, or null when nothing restricts
 * them (no role holds a rule on the screen's menu entry, or one role holds it without rules).
 */
/** The menu rows whose rules apply: those opening the screen's component, or one of its paths. */
export interface ScopeEntry {
  components?: readonly string[];
  urls?: readonly string[];
}

export async function dataScopeSql(
  db: Db,
  user: ScopeUser,
  model: EntityModel,
  alias: string,
  timeZone: string,
  entry: ScopeEntry = { components: declaredComponents(model.name) },
): Promise<RawBuilder<SqlBool> | null> {
  const matches = [
    ...(entry.components?.length ? [sql<SqlBool>`p.component in (${sql.join([...entry.components])})`] : []),
    ...(entry.urls?.length ? [sql<SqlBool>`p.url in (${sql.join([...entry.urls])})`] : []),
  ];
  if (matches.length === 0) return null;
  // One statement: every grant of the screen's entry to the user's roles, with the active rules it
  // holds. The rows depend only on grants and rules, so they are kept with the user's permission
  // codes and dropped with them (permissionsChanged); the condition is built per request, since its
  // variables (#{sysDate}, the current department) change without a grant changing.
  const key = JSON.stringify(['dataScope', entry.components ?? [], entry.urls ?? []]);
  const rows = await permissionCacheOf(db).answerOf(user.userId, key, async () => {
    const answer = await sql<GrantRow>`
    select rp.role_id as "roleId", rp.data_rule_ids as "ruleIds", r.rule_column as "ruleColumn",
      r.rule_conditions as "ruleConditions", r.rule_value as "ruleValue"
    from sys_user_role ur
    join sys_role_permission rp on rp.role_id = ur.role_id
    join sys_permission p on p.id = rp.permission_id
    left join sys_permission_data_rule r on r.permission_id = p.id and r.status = '1'
      and position(',' || r.id || ',' in ',' || coalesce(rp.data_rule_ids, '') || ',') > 0
    where ur.user_id = ${user.userId} and p.del_flag = 0
      and (${sql.join(matches, sql` or `)})`.execute(db);
    return answer.rows.map((row) => Object.freeze(row));
  });
  if (rows.length === 0) return null;
  const byRole = new Map<string, DataRule[]>();
  for (const row of rows) {
    const rules = byRole.get(row.roleId) ?? [];
    if (row.ruleColumn !== null)
      rules.push({
        ruleColumn: row.ruleColumn,
        ruleConditions: row.ruleConditions!,
        ruleValue: row.ruleValue!,
      });
    byRole.set(row.roleId, rules);
  }
  const perRole: RawBuilder<SqlBool>[] = [];
  for (const rules of byRole.values()) {
    if (rules.length === 0) return null; // this role sees every row
    const parts = rules.map((rule) => ruleSql(model, alias, timeZone, rule, user));
    perRole.push(sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
  }
  return sql<SqlBool>`(${sql.join(perRole, sql` or `)})`;
}
