/**
 * The meeting module's code beyond its declarations (docs/modules/meetings.md): 结束 dispatches the
 * meeting's follow-ups as work in the transition's own transaction (MEETING_HOOKS), 派发跟进事项
 * does it for a meeting already ended (follow-ups written into the minutes afterwards), and after
 * either has committed, the people who got work see it on their 待办 live. Attendance (签到) is in
 * attendance*.ts.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import type { TransitionHook, TransitionHooks } from '../entity/transition-hooks.js';
import { ApiError, okMessage } from '../result.js';
import { publishTodo } from '../todo/push.js';
import { todayIn } from '../workorder/rules.js';
import { dispatchFollowUps, FollowUpMessages, type MeetingHead } from './follow-ups.js';
import { inviteToMeeting, InviteMessages } from './invite.js';
import { seedAttendanceDemo } from './attendance-demo.js';
import { recountAfterSave, registerAttendance } from './attendance-routes.js';

const BASE = '/meeting/meeting';
const ENDED = '2';

function headOf(row: Record<string, unknown>): MeetingHead {
  return {
    id: String(row.id),
    title: String(row.title ?? ''),
    meetingNo: typeof row.meetingNo === 'string' ? row.meetingNo : null,
    host: typeof row.host === 'string' && row.host !== '' ? row.host : null,
  };
}

export function meetingHooks(timeZone: string): TransitionHooks {
  const finish: TransitionHook = async (trx, event) => {
    if (event.transition.name !== 'finish') return;
    await dispatchFollowUps(trx, headOf({ ...event.row, id: event.id }), event.caller, todayIn(timeZone));
  };
  return new Map([['meeting', finish]]);
}

/** Tells the people with work from a meeting's follow-ups to reload their 待办 (after the commit). */
async function pushTodo(db: Db, bus: EventBus, meetingId: string): Promise<void> {
  const { rows } = await sql<{ assignee: string }>`select distinct assignee from biz_meeting_follow_up
    where meeting_id = ${meetingId} and status = '1'`.execute(db);
  await publishTodo(
    db,
    bus,
    rows.map((r) => r.assignee),
  );
}

function meetingIdOf(request: FastifyRequest): string {
  const id = (request.body as { id?: unknown } | null)?.id ?? (request.query as { id?: unknown }).id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : '';
}

/** Before the entity routes: the 结束 route pushes the new work once it has answered success. */
export function installMeetingRules(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  recountAfterSave(app, deps);
  const finishUrl = `${deps.config.apiBase}${BASE}/finish`;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== finishUrl && route.url !== `${BASE}/finish`) return;
    const push = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
      const ok = (payload as { success?: unknown } | null)?.success === true;
      const id = meetingIdOf(request);
      if (reply.statusCode === 200 && ok && id)
        void pushTodo(deps.database.db, bus, id).catch((error: unknown) =>
          request.log.error({ err: error }, 'to-do publish failed'),
        );
      return payload;
    };
    const ser = route.preSerialization;
    route.preSerialization = ser === undefined ? [push] : [...(Array.isArray(ser) ? ser : [ser]), push];
  });
}

export function registerMeeting(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  const db = deps.database.db;
  registerAttendance(app, deps);
  // A new database's demo meetings get their attendance once the declared demo rows exist.
  app.addHook('onReady', async () => {
    await seedAttendanceDemo(db);
  });
  app.put(`${BASE}/dispatchFollowUps`, access('meeting:edit'), (request) =>
    guarded(async () => {
      const id = meetingIdOf(request);
      if (!id) throw new ApiError('参数错误：id');
      const auth = request.auth!;
      const people = await db.transaction().execute(async (trx) => {
        const found = await sql<
          Record<string, unknown>
        >`select id, title, meeting_no as "meetingNo", host, status
          from biz_meeting where id = ${id} for update`.execute(trx);
        const row = found.rows[0];
        if (!row) throw new ApiError('未找到对应数据');
        if (row.status !== ENDED) throw new ApiError(FollowUpMessages.notEnded);
        const dispatched = await dispatchFollowUps(
          trx,
          headOf(row),
          { username: auth.username, tenantId: auth.tenantId },
          todayIn(deps.config.timeZone),
        );
        if (dispatched.length === 0) throw new ApiError(FollowUpMessages.nothing);
        return dispatched;
      });
      void pushTodo(db, bus, id).catch((error: unknown) =>
        request.log.error({ err: error }, 'to-do publish failed'),
      );
      return okMessage(FollowUpMessages.dispatched(people.length));
    }),
  );

  app.put(`${BASE}/notify`, access('meeting:edit'), (request) =>
    guarded(async () => {
      const id = meetingIdOf(request);
      if (!id) throw new ApiError('参数错误：id');
      const auth = request.auth!;
      const sender = { username: auth.username, realname: auth.realname, tenantId: auth.tenantId };
      const sent = await db
        .transaction()
        .execute((trx) => inviteToMeeting(trx, id, sender, deps.config.timeZone));
      for (const s of sent)
        void bus
          .publish({
            to: 'users',
            userIds: [s.userId],
            message: { cmd: 'user', msgId: s.msgId, msgTxt: s.msgTxt },
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'meeting notice publish failed'));
      return okMessage(InviteMessages.sent(sent.length));
    }),
  );
}
