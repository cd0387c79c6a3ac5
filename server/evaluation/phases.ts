/**
 * The transition hooks of the evaluation declarations (run in the change's own transaction):
 * 开始考核 generates the cycle's evaluations and tells each person 请完成自评; 进入上级评分 closes
 * self-scoring (every open evaluation waits for its manager, who is told); 结束考核 needs every
 * evaluation scored; 提交自评 needs every self score and tells the manager (a temporary evaluation
 * goes straight to its manager); 提交评分 needs every manager score and tells the person the result.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TransitionHook, TransitionHooks } from '../entity/transition-hooks.js';
import { ApiError } from '../result.js';
import { GRADE_TEXT } from './dicts.js';
import { cyclePeople, insertEvaluation, managerOf, templateIndicators, type Person } from './generate.js';
import { pendingFor, SCORE_PAGE, SELF_PAGE, storeNotices, type EvalNotice } from './notify.js';
import { EvalMessages } from './scope.js';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A row's columns as text (dates as YYYY-MM-DD), whatever the driver makes of them. */
async function rowText(trx: Db, table: 'biz_eval_cycle' | 'biz_evaluation', id: string) {
  const { rows } = await sql<{
    j: Record<string, unknown>;
  }>`select to_jsonb(t) as j from ${sql.table(table)} t
    where t.id = ${id}`.execute(trx);
  const raw = rows[0]?.j ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

const startCycle: TransitionHook = async (trx, event) => {
  const row = await rowText(trx, 'biz_eval_cycle', event.id);
  const tenantId = event.caller.tenantId;
  const indicators = await templateIndicators(trx, text(row.templateId));
  const people = await cyclePeople(trx, row.departIds, row.usernames, tenantId);
  if (people.length === 0) throw new ApiError(EvalMessages.noPeople);
  const managers = new Map<Person, string>();
  for (const person of people) managers.set(person, await managerOf(trx, person, tenantId));
  const notices: EvalNotice[] = [];
  for (const person of people) {
    const id = await insertEvaluation(
      trx,
      {
        tenantId,
        createBy: event.caller.username,
        orgCode: event.caller.orgCode ?? null,
        title: text(row.name),
        cycleId: event.id,
        evalType: '1',
        periodKey: text(row.periodKey),
        templateId: text(row.templateId),
        reason: null,
        selfDeadline: text(row.selfDeadline),
        managerDeadline: text(row.managerDeadline),
      },
      person,
      managers.get(person)!,
      indicators,
    );
    notices.push({
      username: person.username,
      title: `请完成自评：${text(row.name)}`,
      content: `${text(row.name)}已开始，请在${text(row.selfDeadline)}前完成自评并提交。`,
      page: SELF_PAGE,
      evaluationId: id,
    });
  }
  await sql`update biz_eval_cycle set person_count = ${people.length} where id = ${event.id}`.execute(trx);
  await storeNotices(trx, event.id, tenantId, notices);
  for (const p of people) pendingFor(event.id).todo.add(p.username);
};

const reviewCycle: TransitionHook = async (trx, event) => {
  const { rows } = await sql<{ username: string; manager: string }>`update biz_evaluation
    set status = '2' where cycle_id = ${event.id} and status in ('0', '1')
    returning username, manager`.execute(trx);
  const queue = pendingFor(event.id);
  for (const r of rows) queue.todo.add(r.username).add(r.manager);
};

const finishCycle: TransitionHook = async (trx, event) => {
  const open = await sql<{ n: number }>`select count(*)::int as n from biz_evaluation
    where cycle_id = ${event.id} and status <> '3'`.execute(trx);
  const n = Number(open.rows[0]?.n ?? 0);
  if (n > 0) throw new ApiError(EvalMessages.unfinished(n));
};

async function scoresMissing(trx: Db, id: string, column: 'self_score' | 'manager_score'): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from biz_eval_score
    where evaluation_id = ${id} and ${sql.ref(column)} is null`.execute(trx);
  return Number(rows[0]?.n ?? 0) > 0;
}

async function realname(trx: Db, username: string): Promise<string> {
  const { rows } = await sql<{
    realname: string;
  }>`select realname from sys_user where username = ${username}`.execute(trx);
  return rows[0]?.realname ?? username;
}

const evaluationHook: TransitionHook = async (trx, event) => {
  const row = await rowText(trx, 'biz_evaluation', event.id);
  const tenantId = event.caller.tenantId;
  const queue = pendingFor(event.id);
  if (event.transition.name === 'submitSelf') {
    if (await scoresMissing(trx, event.id, 'self_score')) throw new ApiError(EvalMessages.selfMissing);
    // A temporary evaluation has no cycle phases: it goes straight to the manager.
    const next = text(row.evalType) === '2' ? '2' : '1';
    await sql`update biz_evaluation set self_submit_time = now(), status = ${next}
      where id = ${event.id}`.execute(trx);
    const name = await realname(trx, text(row.username));
    await storeNotices(trx, event.id, tenantId, [
      {
        username: text(row.manager),
        title: `${name}已提交自评：${text(row.title)}`,
        content: `${name}已提交${text(row.title)}的自评（自评得分${text(row.selfTotal)}），请在${text(row.managerDeadline)}前完成评分。`,
        page: SCORE_PAGE,
        evaluationId: event.id,
      },
    ]);
    queue.todo.add(text(row.username)).add(text(row.manager));
  } else if (event.transition.name === 'submitScore') {
    if (await scoresMissing(trx, event.id, 'manager_score')) throw new ApiError(EvalMessages.managerMissing);
    await sql`update biz_evaluation set finish_time = now() where id = ${event.id}`.execute(trx);
    const grade = GRADE_TEXT[text(row.grade)] ?? '';
    await storeNotices(trx, event.id, tenantId, [
      {
        username: text(row.username),
        title: `考核结果已确定：${text(row.title)}`,
        content: `您的${text(row.title)}考核结果已确定：考核得分${text(row.total)}，等级${grade}。`,
        page: SELF_PAGE,
        evaluationId: event.id,
      },
    ]);
    queue.todo.add(text(row.manager));
  }
};

export const EVALUATION_HOOKS: TransitionHooks = new Map<string, TransitionHook>([
  [
    'evalCycle',
    async (trx, event) => {
      const name = event.transition.name;
      if (name === 'start') await startCycle(trx, event);
      else if (name === 'review') await reviewCycle(trx, event);
      else if (name === 'finish') await finishCycle(trx, event);
    },
  ],
  ['evaluation', evaluationHook],
]);
