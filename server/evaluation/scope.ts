/**
 * Who sees which evaluation (docs/modules/evaluations.md, "Data scope"): everyone their own (as the
 * person evaluated or as the one who scores); holders of evaluation:depart those of their
 * department and below; holders of evaluation:list all of the tenant's. The conditions are SQL
 * with bound values, ANDed into the engine's statements (addRequestScope) and the module's own.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import type { Db } from '../db/database.js';
import { ApiError, ResultCode } from '../result.js';

export const EvalPerms = {
  all: 'evaluation:list',
  depart: 'evaluation:depart',
  self: 'evaluation:self',
  score: 'evaluation:score',
  temporary: 'evaluation:temporary',
} as const;

export const EvalMessages = {
  notFound: '未找到对应数据',
  notSelf: '只能填写本人的自评',
  notManager: '只有评分人可以评分',
  selfSubmitted: '自评已提交，请等待上级评分',
  done: '考核已完成，不能修改',
  selfPhaseOnly: '自评阶段只能填写自评分和自评说明',
  managerPhaseOnly: '上级评分时不能修改被考核人的自评',
  scoreRange: (indicator: string, kind: string, max: number) => `「${indicator}」的${kind}应在0到${max}之间`,
  selfMissing: '请为每项考核指标填写自评分后再提交',
  managerMissing: '请为每项考核指标评分后再提交',
  directScore: '请在考核表中评分',
  cycleStarted: '考核周期已开始，不能修改或删除',
  noTemplate: '考核模板不存在或已停用',
  noIndicators: '考核模板没有考核指标',
  noPeople: '考核对象为空：请选择考核部门或考核人员',
  noManager: (name: string) => `未找到${name}的上级评分人，请先设置其部门负责人`,
  unfinished: (n: number) => `还有${n}份考核未完成上级评分，不能结束考核`,
  noUser: '被考核人不存在或已停用',
  outside: (name: string) => `只能考核本部门及下级部门的人员：${name}`,
  badDate: '评分截止日期不能早于自评截止日期',
  noCycle: '请选择考核周期',
} as const;

export interface EvalWho {
  username: string;
  userId: string;
  orgCode: string | null;
  tenantId: number;
  /** The org code prefix the caller may see beyond their own ('' = all), or null. */
  root: string | null;
}

export async function evalWho(db: Db, request: FastifyRequest): Promise<EvalWho> {
  const auth = request.auth;
  if (!auth) throw new ApiError('Token失效，请重新登录!', ResultCode.TOKEN_INVALID, 401);
  let root: string | null = null;
  if (await hasPermission(db, auth.userId, EvalPerms.all)) root = '';
  else if (auth.orgCode && (await hasPermission(db, auth.userId, EvalPerms.depart))) root = auth.orgCode;
  return {
    username: auth.username,
    userId: auth.userId,
    orgCode: auth.orgCode ?? null,
    tenantId: auth.tenantId,
    root,
  };
}

/** `column` is the org code or one below it; left() never reads a wildcard in the value. */
export function underSql(column: RawBuilder<unknown>, prefix: string): RawBuilder<SqlBool> {
  return prefix === '' ? sql<SqlBool>`true` : sql<SqlBool>`left(${column}, ${prefix.length}) = ${prefix}`;
}

/** Evaluations (alias `alias`) the caller may read. */
export function visibleEvalSql(who: EvalWho, alias: string): RawBuilder<SqlBool> {
  const a = sql.raw(alias);
  const own = sql<SqlBool>`(${a}.username = ${who.username} or ${a}.manager = ${who.username})`;
  if (who.root === null) return own;
  if (who.root === '') return sql<SqlBool>`true`;
  return sql<SqlBool>`(${own} or ${underSql(sql`${a}.depart_code`, who.root)})`;
}

/** Cycles the caller may read: made in their department or below (all with evaluation:list). */
export function visibleCycleSql(who: EvalWho, alias: string): RawBuilder<SqlBool> {
  if (who.root === '') return sql<SqlBool>`true`;
  const org = who.root ?? who.orgCode;
  if (!org) return sql<SqlBool>`false`;
  return underSql(sql`${sql.raw(alias)}.sys_org_code`, org);
}

/**
 * Cycles the caller may read: those they may change, and those evaluating someone they see (a
 * company-wide cycle made by 综合办公室 is read by every manager whose people it evaluates).
 */
export function readableCycleSql(who: EvalWho, alias: string): RawBuilder<SqlBool> {
  const a = sql.raw(alias);
  return sql<SqlBool>`(${visibleCycleSql(who, alias)} or exists (select 1 from biz_evaluation e
    where e.cycle_id = ${a}.id and ${visibleEvalSql(who, 'e')}))`;
}

export function isUnder(code: string | null | undefined, prefix: string | null): boolean {
  return prefix !== null && typeof code === 'string' && code.startsWith(prefix);
}
