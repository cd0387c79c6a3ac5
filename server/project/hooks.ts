/**
 * What the project and demand transitions record beyond the status (in the transition's own
 * transaction): 启动 sets the actual start the first time and starts the stage flow (stages.ts),
 * 关闭 the actual end and ends a running stage flow; closing a demand stamps its close time and
 * writes a 流转记录 row.
 */
import { sql } from 'kysely';
import type { TransitionHook } from '../entity/transition-hooks.js';
import type { SaveHooks } from '../entity/save-hooks.js';
import { demandSaved } from './demand-notices.js';
import { newId } from '../db/seed/ids.js';
import { endStages, startStages } from './stages.js';

const projectHook: TransitionHook = async (trx, { transition, id, row, caller, deps }) => {
  const today = deps.now().slice(0, 10); // the app's time zone, not the database's
  if (transition.name === 'start') {
    await sql`update biz_project set actual_start = coalesce(actual_start, ${today}::date) where id = ${id}`.execute(
      trx,
    );
    await startStages(trx, { id, name: String(row.name ?? '') }, caller, () => today);
  }
  if (transition.name === 'close') {
    await sql`update biz_project set actual_end = ${today}::date where id = ${id}`.execute(trx);
    await endStages(trx, id, caller);
  }
};

const demandHook: TransitionHook = async (trx, { transition, id, row, caller }) => {
  if (transition.name !== 'close') return;
  await sql`update biz_demand set close_time = now() where id = ${id}`.execute(trx);
  const note = '需求已处理完毕，关闭';
  await sql`insert into biz_demand_circulation (id, demand_id, action, from_user, prev_handler, to_user,
      to_depart, note, tenant_id, create_time)
    values (${newId()}, ${id}, 'close', ${caller.username}, ${String(row.handler ?? '')}, null, null, ${note},
      ${caller.tenantId}, now())`.execute(trx);
};

export const PROJECT_HOOKS: ReadonlyMap<string, TransitionHook> = new Map([
  ['project', projectHook],
  ['demand', demandHook],
]);

/** A demand's new handler is told (demand-notices.ts). */
export const PROJECT_SAVE_HOOKS: SaveHooks = new Map([['demand', demandSaved]]);
