/**
 * Reading users: the columns an answer may carry (never the password hash, salt or tokens), the
 * departments and roles of each user, and the dictionary texts the engine adds to declared dict
 * fields (`sex_dictText`, `post_dictText`, ...). Two views: the admin view (holders of user:list)
 * and the directory view every signed-in user may read (id, account, name, avatar, departments:
 * what a user picker shows of a person).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel } from '../../../runtime/model/declaration/model.js';
import type { Condition, SortTerm } from '../../../runtime/model/query/conditions.js';
import type { Db } from '../../db/database.js';
import { addDictText } from '../../entity/dict-text.js';
import { orderBySql, type SqlContext } from '../../entity/sql.js';
import type { Row } from '../../entity/store.js';
import { isDirectoryField, LINK_FIELDS, userModel, USER_ALIAS } from './model.js';
import { userConditionSql } from './query.js';

export type UserView = 'admin' | 'directory';

const ADMIN_COLUMNS = [
  'id',
  'username',
  'realname',
  'avatar',
  'sex',
  'birthday',
  'email',
  'phone',
  'org_code',
  'work_no',
  'post',
  'status',
  'del_flag',
  'rel_tenant_ids',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
] as const;

/** What a picker shows of a person: never phone, e-mail, birthday, work number or position. */
const DIRECTORY_COLUMNS = ['id', 'username', 'realname', 'avatar', 'org_code'] as const;

function selectColumns(view: UserView): RawBuilder<unknown> {
  const columns = view === 'admin' ? ADMIN_COLUMNS : DIRECTORY_COLUMNS;
  return sql.join(columns.map((c) => sql.ref(`${USER_ALIAS}.${c}`)));
}

/** The model whose dict fields a view's records carry (the directory has no roles or tenants). */
const directoryModel: EntityModel = {
  ...userModel,
  fields: userModel.fields.filter((f) => isDirectoryField(f.name)),
  declared: userModel.declared.filter((f) => isDirectoryField(f.name)),
};

/** Live users (not deleted) matching all conditions. */
export function liveWhere(parts: readonly (RawBuilder<SqlBool> | null)[]): RawBuilder<unknown> {
  const all = [sql<SqlBool>`${sql.ref(`${USER_ALIAS}.del_flag`)} = 0`, ...parts.filter((p) => p !== null)];
  return sql`where ${sql.join(all, sql` and `)}`;
}

export interface UserQuery {
  ctx: SqlContext;
  view: UserView;
  condition: Condition | null;
  /** More bound conditions: the data scope, an id list ... */
  extra: readonly (RawBuilder<SqlBool> | null)[];
}

function whereOf(q: UserQuery): RawBuilder<unknown> {
  return liveWhere([q.condition ? userConditionSql(q.ctx, q.condition) : null, ...q.extra]);
}

export async function countUsers(db: Db, q: UserQuery): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from sys_user as ${sql.id(USER_ALIAS)} ${whereOf(q)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** The matching users in list order (without links or texts; see presentUsers). */
export async function selectUsers(
  db: Db,
  q: UserQuery,
  sort: readonly SortTerm[],
  limit: number,
  offset = 0,
): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select ${selectColumns(q.view)} from sys_user as ${sql.id(USER_ALIAS)} ${whereOf(q)}
    order by ${orderBySql(q.ctx, sort)} limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** id -> values, for the link rows of a set of users. */
function group(rows: readonly { userId: string; value: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const list = out.get(row.userId);
    if (list) list.push(row.value);
    else out.set(row.userId, [row.value]);
  }
  return out;
}

/**
 * Adds each user's departments (`selecteddeparts`: ids; `orgCodeTxt`: their names, the contract's
 * department text), roles (`selectedroles`: codes, admin view only) and the dictionary texts.
 */
export async function presentUsers(db: Db, rows: Row[], view: UserView): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => String(r.id));
  const departs = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select(['ud.userId', 'd.id', 'd.departName'])
    .where('ud.userId', 'in', ids)
    .where('d.delFlag', '=', 0)
    .orderBy('d.orgCode')
    .execute();
  const departIds = group(departs.map((d) => ({ userId: d.userId, value: d.id })));
  const departNames = group(departs.map((d) => ({ userId: d.userId, value: d.departName })));
  const roles =
    view === 'admin'
      ? group(
          (
            await db
              .selectFrom('sysUserRole as ur')
              .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
              .select(['ur.userId', 'r.roleCode as value'])
              .where('ur.userId', 'in', ids)
              .orderBy('r.roleCode')
              .execute()
          ).map((r) => ({ userId: r.userId, value: r.value })),
        )
      : null;
  for (const row of rows) {
    const id = String(row.id);
    row[LINK_FIELDS.departs] = (departIds.get(id) ?? []).join(',');
    row.orgCodeTxt = (departNames.get(id) ?? []).join(',');
    if (roles) row[LINK_FIELDS.roles] = (roles.get(id) ?? []).join(',');
  }
  return addDictText(db, view === 'admin' ? userModel : directoryModel, rows);
}

/** One live user by id within the extra conditions (the data scope), presented; undefined if none. */
export async function findUser(
  db: Db,
  ctx: SqlContext,
  id: string,
  scope: RawBuilder<SqlBool> | null,
): Promise<Row | undefined> {
  const byId = sql<SqlBool>`${sql.ref(`${USER_ALIAS}.id`)} = ${id}`;
  const rows = await selectUsers(db, { ctx, view: 'admin', condition: null, extra: [byId, scope] }, [], 1);
  if (rows.length === 0) return undefined;
  return (await presentUsers(db, rows, 'admin'))[0];
}
