/**
 * What an action tells people. Inside its transaction: the result message to the starter (a
 * system notice row, so it is in the bell even when nobody was online). After the commit: the live
 * pushes (to-do refresh of the people whose tasks changed, the new notice) on the notice bus.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { Effects } from './service.js';
import { publishTodo } from '../todo/push.js';

/**
 * Spec 000 section 9 has no approval category: results file under 每日工作 (4) until it has one.
 * The notice opens 我发起的.
 */
const CATEGORY = '4';
const OPEN_PAGE = '/flow/mySend';

export interface Push {
  userId: string;
  msgId: string;
  msgTxt: string;
}

/** Writes the result notices of `effects` (call last inside the action's transaction). */
export async function storeResults(trx: Db, effects: Effects, tenantId: number): Promise<Push[]> {
  const pushes: Push[] = [];
  for (const r of effects.results) {
    // One statement: the starter's id, the notice and its send row (none when the user is gone).
    const { rows } = await sql<{ userId: string; id: string }>`with u as (select id from sys_user
        where username = ${r.username} and del_flag = 0 limit 1),
      a as (insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
          msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, open_type, open_page, create_by)
        select ${newId()}, ${tenantId}, ${r.title.slice(0, 200)}, ${r.content}, ${r.content.slice(0, 500)}, '系统', 'M',
          ${CATEGORY}, 'USER', u.id, '1', now(), 'workflow', ${r.instanceId}, 'url', ${OPEN_PAGE}, 'system' from u
        returning id, user_ids),
      s as (insert into sys_announcement_send (id, annt_id, user_id, read_flag)
        select ${newId()}, a.id, a.user_ids, '0' from a)
      select user_ids as "userId", id from a`.execute(trx);
    const stored = rows[0];
    if (stored) pushes.push({ userId: stored.userId, msgId: stored.id, msgTxt: r.title });
  }
  return pushes;
}

/** After the commit: to-do refreshes and the new notices. A failed publish is only logged. */
export async function publishEffects(
  db: Db,
  bus: EventBus,
  log: FastifyBaseLogger,
  effects: Effects,
  pushes: readonly Push[],
): Promise<void> {
  try {
    await publishTodo(db, bus, effects.todo);
    for (const p of pushes)
      await bus.publish({
        to: 'users',
        userIds: [p.userId],
        message: { cmd: 'user', msgId: p.msgId, msgTxt: p.msgTxt },
      });
  } catch (error) {
    log.error({ err: error }, 'workflow publish failed');
  }
}
