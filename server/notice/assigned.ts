/**
 * "You were given work" (issue 33): the bell notice each assignment sends to its assignee - a work
 * order dispatched or handed to someone (工单派发), an approval task reaching its approver (流程审批),
 * a demand handed on (项目管理). One writer for every module: the notice row and its send row are
 * written inside the assignment's own transaction (so the bell has it even when nobody was online,
 * and a refused change leaves none), the socket push goes out once the change committed. Nobody is
 * told of work they gave themselves. The notice's open page leads to the item (去处理 on the notice's
 * details, screens/notice/NoticeDetails.tsx); its title names the record by its title and number,
 * never its id, and the sender is the assigner's real name (系统 for the engine's own moves).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';

/** The bell's categories (spec 000 section 9, and 流程审批 added by migration 0050). */
export const NoticeCategory = {
  daily: '4',
  project: '5',
  workOrder: '6',
  evaluation: '7',
  plan: '8',
  approval: '9',
} as const;

export interface Assignment {
  /** The assignee's username. */
  to: string;
  title: string;
  /** Plain text: escaped here and stored as one paragraph. */
  content: string;
  category: (typeof NoticeCategory)[keyof typeof NoticeCategory];
  /** What the notice is about (bus_type / bus_id of sys_announcement). */
  busType: string;
  busId: string;
  /** The app page that opens the item (去处理). */
  openPage: string;
  /** Who gave the work; null for the engine's own moves (a timer's escalation). */
  from: { username: string; realname: string } | null;
}

/** A stored notice's live push. */
export interface NoticePush {
  userId: string;
  msgId: string;
  msgTxt: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Writes the notices over `trx` (call it inside the assignment's transaction); answers their
 * pushes. Skips an assignment to its own assigner and one to a user who is gone.
 */
export async function storeAssignments(
  trx: Db,
  tenantId: number,
  assignments: readonly Assignment[],
): Promise<NoticePush[]> {
  const pushes: NoticePush[] = [];
  const seen = new Set<string>();
  for (const a of assignments) {
    if (a.to === '' || a.to === a.from?.username) continue;
    // One notice per person and item in one change (a candidate listed twice, an order and its sub-order).
    const key = `${a.to}\n${a.busType}\n${a.busId}\n${a.title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const title = a.title.slice(0, 200);
    const content = `<p>${escapeHtml(a.content)}</p>`;
    // One statement: the user's id, the notice and its send row (none when the user is gone).
    const { rows } = await sql<{ userId: string; id: string }>`with u as (select id from sys_user
        where username = ${a.to} and del_flag = 0 limit 1),
      n as (insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
          msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, open_type, open_page, create_by)
        select ${newId()}, ${tenantId}, ${title}, ${content}, ${a.content.slice(0, 500)},
          ${a.from?.realname ?? '系统'}, 'M', ${a.category}, 'USER', u.id, '1', now(), ${a.busType}, ${a.busId},
          'url', ${a.openPage.slice(0, 255)}, ${a.from?.username ?? 'system'} from u
        returning id, user_ids),
      s as (insert into sys_announcement_send (id, annt_id, user_id, read_flag)
        select ${newId()}, n.id, n.user_ids, '0' from n)
      select user_ids as "userId", id from n`.execute(trx);
    const stored = rows[0];
    if (stored) pushes.push({ userId: stored.userId, msgId: stored.id, msgTxt: title });
  }
  return pushes;
}

/** After the commit: each stored notice to its reader's sockets. A failed publish is only logged. */
export async function publishNoticePushes(
  bus: EventBus,
  pushes: readonly NoticePush[],
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    for (const p of pushes)
      await bus.publish({
        to: 'users',
        userIds: [p.userId],
        message: { cmd: 'user', msgId: p.msgId, msgTxt: p.msgTxt },
      });
  } catch (error) {
    log.error({ err: error }, 'notice publish failed');
  }
}

/** Pushes waiting for their request's answer (a hook inside the change's transaction queued them). */
const waiting = new WeakMap<FastifyRequest, NoticePush[]>();

/** Queues pushes for after the request's answer: sent when it reads success, dropped otherwise. */
export function queueNoticePushes(request: FastifyRequest, pushes: readonly NoticePush[]): void {
  if (pushes.length === 0) return;
  const list = waiting.get(request);
  if (list) list.push(...pushes);
  else waiting.set(request, [...pushes]);
}

/**
 * The outbox of queueNoticePushes: one root hook, run when an answer is about to be serialised.
 * Install on the root before the API plugin is registered so it covers every route.
 */
export function installNoticeOutbox(app: FastifyInstance, bus: EventBus): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const pushes = waiting.get(request);
    if (!pushes) return payload;
    waiting.delete(request);
    const answer = payload as { success?: unknown } | null;
    if (reply.statusCode === 200 && answer?.success === true)
      void publishNoticePushes(bus, pushes, request.log);
    return payload;
  });
}

/** An assignment's notice for a work order and its sub-orders: 工单派发, opening the order's details. */
export const WORK_ORDER_PAGE = '/HomePage/DistributedDetails/details';
/** An approval task's: 流程审批, opening 我的待办 (its 办理). */
export const APPROVAL_TODO_PAGE = '/flow/todo';
/** A demand's: 项目管理, opening the project page's 需求 tab. */
export const PROJECT_PAGE = '/modules/project/index';
