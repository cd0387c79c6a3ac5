/**
 * The user list's query: the engine's compiler (micro-syntax, ranges, advanced query, sort on
 * declared sortable fields only) over the user model, turned into SQL on `main` (sys_user). The
 * link fields are not columns, so their conditions become EXISTS over the link tables; everything
 * else is the engine's own condition SQL. Values are always bound.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { compileListQuery, type ListQuery, type QueryParams } from '../../../runtime/model/query/compile.js';
import { QueryError, type Condition } from '../../../runtime/model/query/conditions.js';
import { conditionSql, likePattern, type SqlContext } from '../../entity/sql.js';
import { fieldTitle, LINK_FIELDS, queryFieldOf, userModel, USER_ALIAS } from './model.js';

export function userSqlContext(timeZone: string): SqlContext {
  return { model: userModel, timeZone, alias: USER_ALIAS };
}

/** The list parameters as a condition tree; `directory` limits filters and sort to the directory columns. */
export function compileUserQuery(
  params: QueryParams,
  directory: boolean,
  ignore: readonly string[] = [],
): ListQuery {
  return compileListQuery(params, queryFieldOf(directory), {
    defaultSort: userModel.defaultSort,
    ignore: new Set(ignore),
  });
}

const main = (column: string) => sql.ref(`${USER_ALIAS}.${column}`);

type Leaf = Exclude<Condition, { kind: 'all' | 'any' }>;

/** The values a leaf asks for with eq / in (or ne: negate), or null for another operator. */
function wanted(c: Leaf): { values: string[]; negate: boolean } | null {
  if (c.kind === 'in') return { values: c.values.map(String), negate: false };
  if (c.kind === 'compare' && (c.op === 'eq' || c.op === 'ne'))
    return { values: [String(c.value)], negate: c.op === 'ne' };
  return null;
}

/** Members of the departments (and their sub-departments), or of a department whose name matches. */
function departCondition(c: Leaf): RawBuilder<SqlBool> {
  const link = (match: RawBuilder<SqlBool>) => sql<SqlBool>`exists (
    select 1 from sys_user_depart ud
    join sys_depart d on d.id = ud.dep_id and d.del_flag = 0
    where ud.user_id = ${main('id')} and ${match})`;
  if (c.kind === 'like')
    return link(sql<SqlBool>`d.depart_name ilike ${likePattern(c.value, c.match)} escape '\\'`);
  const asked = wanted(c);
  if (!asked) throw new QueryError(`${fieldTitle(LINK_FIELDS.departs)}只能按等于、不等于或包含查询`);
  // A department's branch: every department whose code starts with its code.
  const branch = link(sql<SqlBool>`exists (
    select 1 from sys_depart root
    where root.id in (${sql.join(asked.values)}) and left(d.org_code, length(root.org_code)) = root.org_code)`);
  return asked.negate ? sql<SqlBool>`not ${branch}` : branch;
}

/** Holders of the roles (named by code or id), or of a role whose name matches. */
function roleCondition(c: Leaf): RawBuilder<SqlBool> {
  const link = (match: RawBuilder<SqlBool>) => sql<SqlBool>`exists (
    select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
    where ur.user_id = ${main('id')} and ${match})`;
  if (c.kind === 'like') {
    const pattern = likePattern(c.value, c.match);
    return link(
      sql<SqlBool>`(r.role_name ilike ${pattern} escape '\\' or r.role_code ilike ${pattern} escape '\\')`,
    );
  }
  const asked = wanted(c);
  if (!asked) throw new QueryError(`${fieldTitle(LINK_FIELDS.roles)}只能按等于、不等于或包含查询`);
  const list = sql.join(asked.values);
  const held = link(sql<SqlBool>`(r.role_code in (${list}) or r.id in (${list}))`);
  return asked.negate ? sql<SqlBool>`not ${held}` : held;
}

const TEXT_COMPARE = { eq: '=', ne: 'is distinct from', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/**
 * sys_user.birthday is text written YYYY-MM-DD (checked on every write), which sorts like the
 * date; it is compared as text so the column needs no cast.
 */
function birthdayCondition(c: Leaf): RawBuilder<SqlBool> {
  const column = main('birthday');
  if (c.kind === 'in') return sql<SqlBool>`${column} in (${sql.join(c.values.map(String))})`;
  if (c.kind === 'compare') return sql<SqlBool>`${column} ${sql.raw(TEXT_COMPARE[c.op])} ${String(c.value)}`;
  return sql<SqlBool>`${column} ilike ${likePattern(c.value, c.match)} escape '\\'`;
}

export function userConditionSql(ctx: SqlContext, c: Condition): RawBuilder<SqlBool> {
  if (c.kind === 'all' || c.kind === 'any') {
    const joiner = c.kind === 'all' ? sql` and ` : sql` or `;
    return sql<SqlBool>`(${sql.join(
      c.items.map((item) => userConditionSql(ctx, item)),
      joiner,
    )})`;
  }
  if (c.field === LINK_FIELDS.departs) return departCondition(c);
  if (c.field === LINK_FIELDS.roles) return roleCondition(c);
  if (c.field === 'birthday') return birthdayCondition(c);
  return conditionSql(ctx, c);
}
