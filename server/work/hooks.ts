/**
 * Transition hooks of the work declarations (run in the change's own transaction): finishing an
 * item stamps its finish time and full progress, reopening clears the stamp; submitting a report
 * stamps its submit time and needs at least one item; sending it back clears the stamp.
 */
import { sql } from 'kysely';
import { ApiError } from '../result.js';
import type { TransitionHook, TransitionHooks } from '../entity/transition-hooks.js';

const itemHook: TransitionHook = async (trx, event) => {
  const name = event.transition.name;
  if (name === 'finish')
    await sql`update biz_work_item set finish_time = now(), progress = 100 where id = ${event.id}`.execute(
      trx,
    );
  else if (name === 'reopen')
    await sql`update biz_work_item set finish_time = null where id = ${event.id}`.execute(trx);
};

const reportHook: TransitionHook = async (trx, event) => {
  if (event.transition.name === 'submit') {
    const items = await sql<{ n: number }>`select count(*)::int as n from biz_weekly_report_item
      where report_id = ${event.id}`.execute(trx);
    if (Number(items.rows[0]?.n ?? 0) === 0) throw new ApiError('请至少填写一项工作事项后再提交');
    await sql`update biz_weekly_report set submit_time = now() where id = ${event.id}`.execute(trx);
  } else if (event.transition.name === 'withdraw') {
    await sql`update biz_weekly_report set submit_time = null where id = ${event.id}`.execute(trx);
  }
};

export const WORK_HOOKS: TransitionHooks = new Map([
  ['workItem', itemHook],
  ['weeklyReport', reportHook],
]);
