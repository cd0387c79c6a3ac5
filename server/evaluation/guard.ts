/**
 * What the evaluation declarations cannot say about their generated routes, as preHandlers attached
 * through onRoute (installed before the entity routes exist): the data scope of every read and
 * write (addRequestScope), who fills which scores in which phase and within which range, that a
 * cycle changes only before it starts, and that score rows are written with their evaluation only.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { addRequestScope } from '../entity/route-kit.js';
import { ApiError, ResultCode } from '../result.js';
import {
  EvalMessages,
  evalWho,
  isUnder,
  readableCycleSql,
  visibleCycleSql,
  visibleEvalSql,
} from './scope.js';

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body => {
  const b = request.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) ? (b as Body) : {};
};

/** Two values of a field are the same (empty ones alike, numbers by value). */
function same(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

/** A sent key whose value differs from the stored one. */
const changed = (sent: Body, stored: Body, key: string) =>
  Object.hasOwn(sent, key) && !same(sent[key], stored[key]);

interface ScoreRow {
  id: string;
  indicator: string;
  maxScore: number;
  selfScore: number | null;
  selfComment: string | null;
  managerScore: number | null;
  managerComment: string | null;
}

function checkRange(sent: Body, row: ScoreRow, key: 'selfScore' | 'managerScore', kind: string): void {
  const v = sent[key];
  if (v === undefined || v === null || v === '') return;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > Number(row.maxScore))
    throw new ApiError(EvalMessages.scoreRange(row.indicator, kind, Number(row.maxScore)));
}

function evaluationEdit(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    if (typeof body.id !== 'string') return;
    const found = await sql<Body>`select status, username, manager, depart_code as "departCode",
        self_comment as "selfComment",
        manager_comment as "managerComment" from biz_evaluation where id = ${body.id}`.execute(db);
    const stored = found.rows[0];
    if (!stored) return; // the engine answers 未找到对应数据
    const me = request.auth!.username;
    const who = await evalWho(db, request);
    const mineOrManaged = stored.username === me || stored.manager === me;
    if (!mineOrManaged && !isUnder(String(stored.departCode ?? ''), who.root))
      throw new ApiError(EvalMessages.notFound);
    const status = String(stored.status);
    if (status === '3') throw new ApiError(EvalMessages.done);
    if (status === '1') throw new ApiError(EvalMessages.selfSubmitted);
    const self = status === '0';
    if (self && stored.username !== me) throw new ApiError(EvalMessages.notSelf);
    if (!self && stored.manager !== me) throw new ApiError(EvalMessages.notManager);
    const [forbidden, message] = self
      ? [['managerComment', 'managerScore'], EvalMessages.selfPhaseOnly]
      : [['selfComment', 'selfScore'], EvalMessages.managerPhaseOnly];
    if (changed(body, stored, forbidden[0]!)) throw new ApiError(message);
    // The grid's payload names its edited rows; a full list (queryById's shape) lists every row.
    const payload = body.evalScore as { edited?: unknown } | unknown[] | undefined;
    const rowsSent = Array.isArray(payload) ? payload : payload?.edited;
    const edited = Array.isArray(rowsSent)
      ? rowsSent.filter((r): r is Body => typeof r === 'object' && r !== null)
      : [];
    if (edited.length === 0) return;
    const { rows } =
      await sql<ScoreRow>`select id, indicator, max_score as "maxScore", self_score as "selfScore",
        self_comment as "selfComment", manager_score as "managerScore", manager_comment as "managerComment"
      from biz_eval_score where evaluation_id = ${body.id}`.execute(db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const sent of edited) {
      const row = typeof sent.id === 'string' ? byId.get(sent.id) : undefined;
      if (!row) continue; // not this evaluation's row: the engine refuses it
      const stale = row as unknown as Body;
      const other = self ? ['managerScore', 'managerComment'] : ['selfScore', 'selfComment'];
      if (other.some((key) => changed(sent, stale, key))) throw new ApiError(message);
      checkRange(sent, row, self ? 'selfScore' : 'managerScore', self ? '自评分' : '上级评分');
    }
  };
}

function evaluationScope(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    addRequestScope(request, visibleEvalSql(await evalWho(db, request), 'main'), 'evaluation');
  };
}

function scoreScope(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const visible = visibleEvalSql(await evalWho(db, request), 'e');
    addRequestScope(
      request,
      sql`main.evaluation_id in (select e.id from biz_evaluation e where ${visible})`,
      'evalScore',
    );
  };
}

/** Reads see the cycles evaluating someone the caller sees too; changes only their own (`write`). */
function cycleScope(db: Db, write: boolean): preHandlerAsyncHookHandler {
  return async (request) => {
    const who = await evalWho(db, request);
    const rule = write ? visibleCycleSql(who, 'main') : readableCycleSql(who, 'main');
    addRequestScope(request, rule, 'evalCycle');
  };
}

/** A cycle is edited or deleted only before it starts (its evaluations keep its settings). */
function cycleUnstarted(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const body = bodyOf(request);
    const query = (request.query ?? {}) as Body;
    const ids = [body.id, query.id, query.ids]
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
      .filter(Boolean);
    if (ids.length === 0) return;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from biz_eval_cycle
      where id in (${sql.join(ids)}) and status <> '0'`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) throw new ApiError(EvalMessages.cycleStarted);
  };
}

/** A manager's cycle evaluates their department and below only (evaluation:list: anyone). */
function cycleTargets(db: Db): preHandlerAsyncHookHandler {
  return async (request) => {
    const who = await evalWho(db, request);
    if (who.root === '') return;
    const root = who.root ?? who.orgCode ?? '';
    const body = bodyOf(request);
    const list = (v: unknown) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
    const departs = list(body.departIds);
    const names = list(body.usernames);
    const outside = await sql<{ name: string }>`
      select depart_name as name from sys_depart where id in (${sql.join(departs.length ? departs : [''])})
        and left(coalesce(org_code, ''), ${root.length}) <> ${root}
      union all
      select realname as name from sys_user where username in (${sql.join(names.length ? names : [''])})
        and left(coalesce(org_code, ''), ${root.length}) <> ${root}`.execute(db);
    const first = outside.rows[0];
    if (first) throw new ApiError(EvalMessages.outside(first.name));
  };
}

const refuseDirect: preHandlerAsyncHookHandler = async () => {
  throw new ApiError(EvalMessages.directScore, ResultCode.NO_AUTH);
};

export function installEvaluationGuards(app: FastifyInstance, db: Db, apiBase: string): void {
  const evalScoped = evaluationScope(db);
  const cycleScoped = cycleScope(db, true);
  const unstarted = cycleUnstarted(db);
  const guards: Record<string, preHandlerAsyncHookHandler[]> = {
    '/evaluation/evaluation/edit': [evalScoped, evaluationEdit(db)],
    '/evaluation/score/edit': [refuseDirect],
    '/evaluation/score/list': [scoreScope(db)],
    '/evaluation/score/queryById': [scoreScope(db)],
    '/evaluation/cycle/add': [cycleTargets(db)],
    '/evaluation/cycle/edit': [cycleScoped, unstarted, cycleTargets(db)],
    '/evaluation/cycle/delete': [cycleScoped, unstarted],
    '/evaluation/cycle/deleteBatch': [cycleScoped, unstarted],
  };
  for (const name of ['list', 'queryById', 'exportXls', 'submitSelf', 'submitScore'])
    guards[`/evaluation/evaluation/${name}`] = [evalScoped];
  for (const name of ['start', 'review', 'finish']) guards[`/evaluation/cycle/${name}`] = [cycleScoped];
  for (const name of ['list', 'queryById', 'exportXls'])
    guards[`/evaluation/cycle/${name}`] = [cycleScope(db, false)];
  app.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    const own = Object.hasOwn(guards, path) ? guards[path] : undefined;
    if (!own) return;
    const existing = route.preHandler;
    route.preHandler =
      existing === undefined ? [...own] : [...(Array.isArray(existing) ? existing : [existing]), ...own];
  });
}
