/**
 * Reminders of category 绩效考核 (7, spec 000 section 9): written inside the change's transaction
 * (a notice row per person, so it is in the bell even when nobody was online), pushed on the
 * notice bus after the commit together with the to-do refreshes of the people whose 待办 changed.
 * A change keeps its pushes under its request until the answer is sent (flushPushes).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { publishTodo } from '../todo/push.js';

export const EVAL_CATEGORY = '7';
export const SELF_PAGE = '/evaluation/historyScore';
export const SCORE_PAGE = '/evaluation/scoreDetails';

export interface EvalNotice {
  username: string;
  title: string;
  content: string;
  page: string;
  evaluationId: string;
}

export interface Pending {
  notices: { userId: string; msgId: string; msgTxt: string }[];
  /** Usernames whose to-do lists changed. */
  todo: Set<string>;
}

/** Pending pushes by the changed record's id (one change per id succeeds at a time). */
const pending = new Map<string, Pending>();

export function pendingFor(id: string): Pending {
  let found = pending.get(id);
  if (!found) {
    found = { notices: [], todo: new Set() };
    pending.set(id, found);
  }
  return found;
}

/** Writes the notices (call inside the change's transaction) and queues their pushes under `id`. */
export async function storeNotices(trx: Db, id: string, tenantId: number, notices: EvalNotice[]) {
  const queue = pendingFor(id);
  for (const n of notices) {
    const { rows } = await sql<{ id: string }>`select id from sys_user
      where username = ${n.username} and del_flag = 0`.execute(trx);
    const userId = rows[0]?.id;
    if (!userId) continue;
    const msgId = newId();
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
        msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, open_type, open_page, create_by)
      values (${msgId}, ${tenantId}, ${n.title.slice(0, 200)}, ${n.content}, ${n.content.slice(0, 500)}, '系统', 'M',
        ${EVAL_CATEGORY}, 'USER', ${userId}, '1', now(), 'evaluation', ${n.evaluationId}, 'url', ${n.page},
        'system')`.execute(trx);
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${msgId}, ${userId}, '0')`.execute(trx);
    queue.notices.push({ userId, msgId, msgTxt: n.title });
  }
}

const made = new WeakMap<FastifyRequest, string>();

/** Records the id of a record a request made (its pushes wait under that id). */
export function markChange(request: FastifyRequest, id: string): void {
  made.set(request, id);
}

/** The id a change of this module is about (the transition's or the new evaluation's). */
export function changeId(request: FastifyRequest): string | null {
  const own = made.get(request);
  if (own) return own;
  const body = request.body as Record<string, unknown> | null | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const id = body?.id ?? query?.id;
  return typeof id === 'string' ? id : null;
}

/** After the answer: pushes the change's notices and to-do refreshes, or drops them when it failed. */
export async function flushPushes(
  db: Db,
  bus: EventBus,
  log: FastifyBaseLogger,
  id: string,
  succeeded: boolean,
): Promise<void> {
  const queued = pending.get(id);
  pending.delete(id);
  if (!queued || !succeeded) return;
  try {
    await publishTodo(db, bus, queued.todo);
    for (const n of queued.notices)
      await bus.publish({
        to: 'users',
        userIds: [n.userId],
        message: { cmd: 'user', msgId: n.msgId, msgTxt: n.msgTxt },
      });
  } catch (error) {
    log.error({ err: error }, 'evaluation publish failed');
  }
}
