/**
 * What an action tells people. Inside its transaction: the result message to the starter and the
 * 待审批 notice to each person given a task (system notice rows in 流程审批, so they are in the bell
 * even when nobody was online). After the commit: the live
 * pushes (to-do refresh of the people whose tasks changed, the new notice) on the notice bus.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { Effects } from './service.js';
import { publishTodo } from '../todo/push.js';
import { APPROVAL_TODO_PAGE, NoticeCategory, storeAssignments } from '../notice/assigned.js';

/** 流程审批 (migration 0050): results open 我发起的; a task given opens 我的待办 (its 办理). */
const CATEGORY = NoticeCategory.approval;
const OPEN_PAGE = '/flow/mySend';

export interface Push {
  userId: string;
  msgId: string;
  msgTxt: string;
}

/**
 * Processes whose tasks are worked on their own screen rather than 我的待办 (a project's stages: the
 * project page), by process key; their modules add them. Such a task's notice opens that page in
 * that category, and a plain arrival (`quietArrivals`: a stage offered to the project's people)
 * tells nobody - only a move that names the person (退回 …) does.
 */
export interface TaskRoute {
  page(businessKey: string): string;
  category: (typeof NoticeCategory)[keyof typeof NoticeCategory];
  quietArrivals: boolean;
}
export const TASK_ROUTES = new Map<string, TaskRoute>();

/**
 * Writes the notices of `effects` (call last inside the action's transaction): the results, and a
 * 待审批 notice to everyone given a task (none to `by` themself). Answers their pushes.
 */
export async function storeResults(
  trx: Db,
  effects: Effects,
  tenantId: number,
  by?: { username: string; realname: string },
): Promise<Push[]> {
  const pushes: Push[] = [];
  for (const r of effects.results) {
    // One statement: the starter's id, the notice and its send row (none when the user is gone).
    const { rows } = await sql<{ userId: string; id: string }>`with u as (select id from sys_user
        where username = ${r.username} and del_flag = 0 limit 1),
      a as (insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
          msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, open_type, open_page, create_by)
        select ${newId()}, ${tenantId}, ${r.title.slice(0, 200)}, ${r.content}, ${r.content.slice(0, 500)}, '系统', 'M',
          ${CATEGORY}, 'USER', u.id, '1', now(), 'workflow', ${r.instanceId}, 'url', ${r.page ?? OPEN_PAGE}, 'system' from u
        returning id, user_ids),
      s as (insert into sys_announcement_send (id, annt_id, user_id, read_flag)
        select ${newId()}, a.id, a.user_ids, '0' from a)
      select user_ids as "userId", id from a`.execute(trx);
    const stored = rows[0];
    if (stored) pushes.push({ userId: stored.userId, msgId: stored.id, msgTxt: r.title });
  }
  const assigned = effects.assigned.filter(
    (a) => !(a.arrival && TASK_ROUTES.get(a.processKey)?.quietArrivals),
  );
  effects.assigned = [];
  pushes.push(
    ...(await storeAssignments(
      trx,
      tenantId,
      assigned.map((a) => {
        const route = TASK_ROUTES.get(a.processKey);
        return {
          to: a.username,
          title: a.title,
          content: a.content,
          category: route?.category ?? CATEGORY,
          busType: 'workflow',
          busId: a.instanceId,
          openPage: route?.page(a.businessKey) ?? APPROVAL_TODO_PAGE,
          from: by ?? null,
        };
      }),
    )),
  );
  return pushes;
}

/**
 * A demo's history was acted on at once, not over months: the 待审批 notices of tasks already handled
 * are marked read, as their people would have read them; only the work still waiting stays unread.
 */
export async function settleDemoTaskNotices(db: Db): Promise<void> {
  await sql`update sys_announcement_send s set read_flag = '1', read_time = a.send_time
    from sys_announcement a, sys_user u
    where a.id = s.annt_id and u.id = s.user_id and s.read_flag = '0'
      and a.bus_type = 'workflow' and a.open_page = ${APPROVAL_TODO_PAGE}
      and not exists (select 1 from wf_task t where t.instance_id = a.bus_id and t.status = 'todo'
        and (t.assignee = u.username or t.candidates like '%,' || u.username || ',%'))`.execute(db);
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
