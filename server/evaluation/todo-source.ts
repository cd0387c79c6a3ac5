/**
 * Evaluations in the one to-do source (server/todo/), two kinds: 考核自评 - the person's own
 * evaluation waiting for self scores (done once submitted); 考核评分 - evaluations waiting for the
 * caller's scores (done once scored). Each select reads one index: (username, status) and
 * (manager, status) of biz_evaluation.
 */
import { sql } from 'kysely';
import type { TodoSource, TodoState, TodoWho } from '../todo/source.js';
import { SCORE_PAGE, SELF_PAGE } from './notify.js';

function selfSelect(state: TodoState, who: TodoWho, today: string) {
  const statuses = state === 'todo' ? sql`('0')` : sql`('1', '2', '3')`;
  return sql`select 'evalSelf'::text as kind, e.id, e.id as target_id, e.period_key as item_no,
      ('自评：' || e.title) as title, e.status, null::text as priority, e.self_deadline as deadline,
      e.create_by as launcher, e.create_time, e.self_submit_time as done_time,
      (e.status = '0' and e.self_deadline < ${today}::date) as overdue
    from biz_evaluation e
    where e.tenant_id = ${who.tenantId} and e.username = ${who.username} and e.status in ${statuses}
      ${state === 'done' ? sql`and e.self_submit_time is not null` : sql``}`;
}

function scoreSelect(state: TodoState, who: TodoWho, today: string) {
  const statuses = state === 'todo' ? sql`('2')` : sql`('3')`;
  return sql`select 'evalScore'::text as kind, e.id, e.id as target_id, e.period_key as item_no,
      ('评分：' || e.title || '（' || coalesce(u.realname, e.username) || '）') as title, e.status,
      null::text as priority, e.manager_deadline as deadline, e.username as launcher, e.create_time,
      e.finish_time as done_time, (e.status = '2' and e.manager_deadline < ${today}::date) as overdue
    from biz_evaluation e left join sys_user u on u.username = e.username
    where e.tenant_id = ${who.tenantId} and e.manager = ${who.username} and e.status in ${statuses}`;
}

export const EVAL_SELF_TODO: TodoSource = {
  kind: 'evalSelf',
  statusDict: 'eval_status',
  link: () => SELF_PAGE,
  select: selfSelect,
};

export const EVAL_SCORE_TODO: TodoSource = {
  kind: 'evalScore',
  statusDict: 'eval_status',
  link: () => SCORE_PAGE,
  select: scoreSelect,
};
