/**
 * Who may see which work (docs/modules/daily-work.md, "Data scope"): everyone sees the items they
 * execute or assigned; a manager (workItem:depart) sees every item and report of their department
 * and its sub-departments (org codes below theirs: A01A02 covers A01A02A01); holders of
 * workItem:list see all of the tenant's. Every /sys/work call and the guards of the generated
 * routes decide with these functions, on the server.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import { ApiError, ResultCode } from '../result.js';

export const WorkPerms = {
  all: 'workItem:list',
  depart: 'workItem:depart',
  assign: 'workItem:assign',
  team: 'weeklyReport:team',
  generate: 'routineWork:generate',
} as const;

export const WorkMessages = {
  noDepart: '您没有查看该部门的权限',
  noPerson: '您没有查看该人员工作的权限',
  notFound: '未找到对应数据',
  ownOnly: '只能为本人添加工作事项',
  outside: (name: string) => `只能给本部门及下级部门的人员安排工作：${name}`,
  noUser: (name: string) => `执行人不存在：${name}`,
  notAssigner: '只有安排人可以修改或删除该工作',
  notReporter: '只能修改本人的草稿周报',
  badWeek: (raw: string) => `周次格式有误：${raw}`,
} as const;

export interface WorkWho {
  userId: string;
  username: string;
  orgCode: string | null;
  tenantId: number;
  /** The org code prefix of what they may see beyond their own items ('' = everything), or null. */
  root: string | null;
}

export async function workWho(db: Db, request: FastifyRequest, scopePerm: string = WorkPerms.depart) {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  let root: string | null = null;
  if (await hasPermission(db, auth.userId, WorkPerms.all)) root = '';
  else if (auth.orgCode && (await hasPermission(db, auth.userId, scopePerm))) root = auth.orgCode;
  const who: WorkWho = {
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode ?? null,
    tenantId: auth.tenantId,
    root,
  };
  return who;
}

/** `column` is the org code or one below it; left() never reads a wildcard in the value. */
export function underSql(column: RawBuilder<unknown>, prefix: string): RawBuilder<SqlBool> {
  return prefix === '' ? sql<SqlBool>`true` : sql<SqlBool>`left(${column}, ${prefix.length}) = ${prefix}`;
}

export function isUnder(code: string | null | undefined, prefix: string | null): boolean {
  return prefix !== null && typeof code === 'string' && code.startsWith(prefix);
}

/** The department a board call is about: the asked one when inside the caller's scope. */
export function departOf(who: WorkWho, asked: string | undefined): string {
  if (who.root === null) throw new ApiError(WorkMessages.noDepart, ResultCode.NO_AUTH);
  if (asked === undefined || asked === '') return who.root === '' ? (who.orgCode ?? '') : who.root;
  if (!/^[A-Za-z0-9]{1,64}$/.test(asked) || !isUnder(asked, who.root))
    throw new ApiError(WorkMessages.noDepart, ResultCode.NO_AUTH);
  return asked;
}

/** Items the caller may read: their own (executes or assigned) or inside their department scope. */
export function visibleItemSql(who: WorkWho, alias = 'w'): RawBuilder<SqlBool> {
  const a = sql.raw(alias);
  const own = sql<SqlBool>`(${a}.assignee = ${who.username} or ${a}.assigner = ${who.username})`;
  if (who.root === null) return own;
  return sql<SqlBool>`(${own} or ${underSql(sql`${a}.depart_code`, who.root)})`;
}

/** The department (org code) and name of a live user, or null. */
export async function userDepart(db: Db, username: string) {
  const found = await sql<{ orgCode: string | null; realname: string }>`select org_code as "orgCode", realname
    from sys_user where username = ${username} and del_flag = 0`.execute(db);
  return found.rows[0] ?? null;
}
