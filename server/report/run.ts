/**
 * Running a report for a caller: who may open it, its parameters, the statement checked by the
 * guard, the data scope of its menu entry, then count, page and totals in one report session (on
 * the report's data source when it names one), and dictionary texts after it. Answers are cached
 * per report, source, request and scope (cache.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CompiledQuery, RawBuilder } from 'kysely';
import type { QueryParams } from '../../runtime/model/query/compile.js';
import type { AuthContext } from '../http/authenticate.js';
import { loadPermissionCodes } from '../auth/permission-codes.js';
import type { DatabaseHandle } from '../db/database.js';
import { addDictText } from '../entity/dict-text.js';
import { dataScopeSql } from '../entity/data-scope.js';
import { ApiError, ResultCode } from '../result.js';
import { AuthMessages } from '../http/authenticate.js';
import type { ReportCache } from './cache.js';
import { datasetNames, REPORT_SCHEMA } from './dataset.js';
import type { ReportDefinition } from './definition.js';
import {
  COUNT_ALIAS,
  innerSql,
  paramValues,
  REPORT_ALIAS,
  reportModel,
  reportStatements,
  type Caller,
} from './query.js';
import { checkCost } from './session.js';
import type { ReportSource, ReportSourcePools } from './source-pools.js';
import { withReportTarget } from './source-session.js';
import { checkReportSql } from './sql-guard.js';
import { PassMemo } from './pass-memo.js';
import { compileTemplate, type ParamValues } from '../../runtime/model/report/template.js';

export const REPORT_PERMS = {
  list: 'report:list',
  add: 'report:add',
  edit: 'report:edit',
  delete: 'report:delete',
  dataset: 'report:dataset',
} as const;

export interface ReportDeps {
  database: DatabaseHandle;
  timeZone: string;
  timeoutMs: number;
  exportRows: number;
  /** The largest planner cost a report statement may have (session.ts checkCost). */
  maxCost: number;
  cache: ReportCache;
  /** The pools of the configured data sources a report may name (db_source). */
  sources: ReportSourcePools;
  now(): string;
}

/** The menu paths that open a report (by id or code): their grants and data rules are the report's. */
export function reportUrls(def: ReportDefinition): string[] {
  return [`/online/cgreport/${def.head.id}`, `/online/cgreport/${def.head.code}`];
}

/** Designers open every report; others those a role of theirs has on the menu. */
export async function checkCanOpen(
  deps: ReportDeps,
  auth: AuthContext,
  def: ReportDefinition,
): Promise<void> {
  const db = deps.database.db;
  if ((await loadPermissionCodes(db, auth.userId)).has(REPORT_PERMS.list)) return;
  const granted = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('p.id')
    .where('ur.userId', '=', auth.userId)
    .where('p.delFlag', '=', 0)
    .where('p.url', 'in', reportUrls(def))
    .executeTakeFirst();
  if (!granted) throw new ApiError(AuthMessages.noPermission, ResultCode.NO_AUTH);
}

export function callerOf(auth: AuthContext, deps: ReportDeps): Caller {
  return { username: auth.username, orgCode: auth.orgCode, now: deps.now() };
}

/** Where a report runs: its data source (refused when missing or unsupported), or null for the own database. */
export function reportSource(deps: ReportDeps, def: ReportDefinition): Promise<ReportSource | null> {
  const code = def.head.dbSource;
  return code ? deps.sources.resolve(code) : Promise.resolve(null);
}

/**
 * The author's statement checked by the guard. On the own database it may read the report data
 * set's views only; on a data source any table its user may read (the guard's other refusals hold).
 */
export async function guardStatement(
  deps: ReportDeps,
  def: ReportDefinition,
  values: ParamValues,
  source: ReportSource | null,
): Promise<void> {
  await guardWith(def, values, source ? null : await datasetNames(deps.database.db), timedOut(deps, source));
}

/**
 * Whether a statement timeout stops a runaway statement where the report runs: on PostgreSQL (the
 * own database or a source) it does; the embedded database cannot interrupt one, so the guard
 * refuses there what the planner's estimate does not bound (WITH RECURSIVE).
 */
function timedOut(deps: ReportDeps, source: ReportSource | null): boolean {
  return source !== null || deps.database.kind === 'postgres';
}

/** The guard with the tables already known (a report session reads them as it opens). */
function guardWith(
  def: ReportDefinition,
  values: ParamValues,
  tables: ReadonlySet<string> | null,
  recursive: boolean,
) {
  const { sql } = compileTemplate(def.head.cgrSql, values);
  return checkReportSql(
    sql,
    tables ? { tables, schema: REPORT_SCHEMA, recursive } : { tables: null, recursive },
  );
}

/** The statement with empty parameters checked (designer and runs alike); answers where it runs. */
export async function checkStatement(
  deps: ReportDeps,
  def: ReportDefinition,
  values: ParamValues = {},
): Promise<ReportSource | null> {
  const source = await reportSource(deps, def);
  await guardStatement(deps, def, values, source);
  return source;
}

export interface ReportPage {
  records: Record<string, unknown>[];
  total: number;
  current: number;
  size: number;
  pages: number;
  totals: Record<string, number | null> | null;
}

// Per database: the planner's estimate is of that database's tables (several in one test process).
const costPasses = new WeakMap<DatabaseHandle, PassMemo>();
function costPassesOf(database: DatabaseHandle): PassMemo {
  let memo = costPasses.get(database);
  if (!memo) {
    memo = new PassMemo(60_000);
    costPasses.set(database, memo);
  }
  return memo;
}

const compile = (db: DatabaseHandle['db'], raw: RawBuilder<unknown>): CompiledQuery => raw.compile(db);

/** A page of the report for the caller (cached 30 s per report, request and scope). */
export async function reportPage(
  deps: ReportDeps,
  request: FastifyRequest,
  auth: AuthContext,
  def: ReportDefinition,
): Promise<ReportPage> {
  const db = deps.database.db;
  const query = (request.query ?? {}) as QueryParams;
  const caller = callerOf(auth, deps);
  const values = paramValues(def, query, caller);
  const model = reportModel(def);
  const scope = await dataScopeSql(
    db,
    {
      userId: auth.userId,
      username: auth.username,
      orgCode: auth.orgCode,
      tenantId: auth.tenantId,
      now: caller.now,
    },
    model,
    REPORT_ALIAS,
    deps.timeZone,
    { urls: reportUrls(def) },
  );
  const statements = reportStatements(def, model, innerSql(def, values), query, scope, deps.timeZone);
  const summarySql = compile(db, statements.summary);
  const pageSql = compile(db, statements.page);
  // The source and its settings' version: the same SQL on another database is another answer.
  const source = await reportSource(deps, def);
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        def.head.id,
        def.head.rowVersion,
        source?.code ?? '',
        source?.version ?? '',
        auth.tenantId,
        summarySql.sql,
        summarySql.parameters,
        pageSql.sql,
        pageSql.parameters,
      ]),
    )
    .digest('hex');
  // A hit is an answer to this very statement of this version of the report, which passed the
  // guard when it was stored: the parse is only needed on a miss.
  const cached = deps.cache.get<ReportPage>(key);
  if (cached) return cached;
  const options = { timeoutMs: deps.timeoutMs, tenantId: auth.tenantId, reader: auth.userId };
  const answer = await withReportTarget(deps.database, source, options, async (session) => {
    await guardWith(def, values, session.tables, timedOut(deps, source));
    // The same statement and values passed within the minute: the next page skips the EXPLAIN.
    const costKey = JSON.stringify([
      source?.code ?? '',
      source?.version ?? '',
      deps.maxCost,
      summarySql.sql,
      summarySql.parameters,
    ]);
    await costPassesOf(deps.database).unlessPassed(costKey, () =>
      checkCost(session, summarySql.sql, summarySql.parameters, deps.maxCost),
    );
    // The count and the totals in one pass over the result, then the page.
    const [summary] = (await session.query(summarySql.sql, summarySql.parameters)).rows;
    const total = Number(summary[COUNT_ALIAS]);
    const records = total > 0 ? (await session.query(pageSql.sql, pageSql.parameters)).rows : [];
    const totalled = def.items.filter((i) => i.isTotal === 'sum' || i.isTotal === 'avg');
    const totals =
      totalled.length > 0
        ? Object.fromEntries(totalled.map((i) => [i.fieldName, summary[i.fieldName]]))
        : null;
    return { records, total, totals };
  });
  const { pageNo, pageSize } = statements.query;
  const page: ReportPage = {
    records: await addDictText(db, model, answer.records),
    total: answer.total,
    current: pageNo,
    size: pageSize,
    pages: Math.ceil(answer.total / pageSize),
    totals: answer.totals
      ? Object.fromEntries(
          Object.entries(answer.totals).map(([k, v]) => [
            k,
            v === null || v === undefined ? null : Number(v),
          ]),
        )
      : null,
  };
  deps.cache.set(def.head.id, key, page);
  return page;
}
