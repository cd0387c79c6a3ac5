/**
 * The attendance calls (docs/modules/meetings.md, 签到):
 * PUT /meeting/meeting/signIn {id} (meeting:signIn, the attendee),
 * GET /meeting/attendance/list?meetingId&realname&status (meeting:edit: the meetings the caller
 * organises, one row per attendee, schemas/meeting/meeting-attendance.json),
 * PUT /meeting/attendance/leave and /makeUp {meetingId, username, note} (meeting:edit, the organiser).
 * After a meeting's add or edit its 应到 / 实到 are recounted (the attendees may have changed).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AppDeps } from '../deps.js';
import { single } from '../../runtime/model/query/compile.js';
import { access, guarded, pageOf, queryOf } from '../entity/route-kit.js';
import { ApiError, okMessage, ok } from '../result.js';
import { paging } from '../work/routes.js';
import { AttendMessages, markAttendance, recountAttendance, signIn, type Mark } from './attendance.js';

const STATUS_TEXT: Record<string, string> = {
  '0': '未签到',
  '1': '已签到',
  '2': '迟到',
  '3': '请假',
  '4': '缺席',
};
const SIGN_TEXT: Record<string, string> = { '1': '本人签到', '2': '补签' };
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function bodyText(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
}

function param(request: FastifyRequest, name: string): string | undefined {
  const raw = single(queryOf(request), name);
  return raw === undefined || raw === '' ? undefined : raw;
}

interface AttendRow {
  id: string;
  meetingId: string;
  meetingNo: string | null;
  meetingTitle: string;
  username: string;
  realname: string | null;
  departName: string | null;
  status: string;
  signTime: Date | null;
  signType: string | null;
  note: string | null;
}

/** The add and edit routes of meetings recount 应到 / 实到 once they answered success. */
export function recountAfterSave(app: FastifyInstance, deps: AppDeps): void {
  const urls = new Set(
    ['add', 'edit'].flatMap((r) => [`/meeting/meeting/${r}`, `${deps.config.apiBase}/meeting/meeting/${r}`]),
  );
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!urls.has(route.url)) return;
    const recount = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) => {
      if (reply.statusCode === 200 && (payload as { success?: unknown } | null)?.success === true)
        await recountAttendance(deps.database.db, null).catch((error: unknown) =>
          request.log.error({ err: error }, 'attendance recount failed'),
        );
      return payload;
    };
    const ser = route.preSerialization;
    route.preSerialization = ser === undefined ? [recount] : [...(Array.isArray(ser) ? ser : [ser]), recount];
  });
}

export function registerAttendance(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const timeZone = deps.config.timeZone;

  app.put('/meeting/meeting/signIn', access('meeting:signIn'), (request) =>
    guarded(async () => {
      const id = bodyText(request, 'id');
      if (!ID.test(id)) throw new ApiError('参数错误：id');
      const username = request.auth!.username;
      const late = await db.transaction().execute((trx) => signIn(trx, id, username, timeZone));
      return okMessage(AttendMessages.signed(late));
    }),
  );

  for (const kind of ['leave', 'makeUp'] as const)
    app.put(`/meeting/attendance/${kind}`, access('meeting:edit'), (request) =>
      guarded(async () => {
        const mark: Mark = {
          meetingId: bodyText(request, 'meetingId'),
          username: bodyText(request, 'username'),
          note: bodyText(request, 'note'),
          kind,
        };
        if (!ID.test(mark.meetingId)) throw new ApiError('参数错误：meetingId');
        if (mark.username === '' || mark.username.length > 64) throw new ApiError('参数错误：username');
        const organiser = request.auth!.username;
        const name = await db.transaction().execute((trx) => markAttendance(trx, mark, organiser, timeZone));
        return okMessage(kind === 'leave' ? AttendMessages.leaveDone(name) : AttendMessages.makeUpDone(name));
      }),
    );

  app.get('/meeting/attendance/list', access('meeting:edit'), (request) =>
    guarded(async () => {
      const me = request.auth!.username;
      const meetingId = param(request, 'meetingId');
      if (meetingId !== undefined && !ID.test(meetingId)) throw new ApiError('参数错误：meetingId');
      const status = param(request, 'status');
      if (status !== undefined && !(status in STATUS_TEXT)) throw new ApiError(`参数错误：status=${status}`);
      const realname = param(request, 'realname');
      const state = sql<string>`coalesce(a.status, case when m.status = '2' or now() > m.end_time then '4' else '0' end)`;
      const parts: RawBuilder<SqlBool>[] = [
        sql<SqlBool>`m.status <> '3'`,
        sql<SqlBool>`(m.host = ${me} or m.create_by = ${me})`,
      ];
      if (meetingId) parts.push(sql<SqlBool>`m.id = ${meetingId}`);
      if (status) parts.push(sql<SqlBool>`${state} = ${status}`);
      if (realname) parts.push(sql<SqlBool>`position(${realname} in coalesce(u.realname, p.username)) > 0`);
      const where = sql.join(parts, sql` and `);
      const from = sql`from biz_meeting m
        cross join lateral (select distinct trim(x) as username
          from unnest(string_to_array(m.attendees, ',')) as x where trim(x) <> '') p
        left join biz_meeting_attendance a on a.meeting_id = m.id and a.username = p.username
        left join sys_user u on u.username = p.username and u.del_flag = 0
        left join sys_depart d on d.org_code = u.org_code and d.del_flag = 0`;
      const { current, size } = paging(request);
      const counts = await sql<Record<string, number>>`select count(*)::int as n,
          count(*) filter (where ${state} in ('1', '2'))::int as present,
          count(*) filter (where ${state} = '2')::int as late,
          count(*) filter (where ${state} = '3')::int as leave,
          count(*) filter (where ${state} = '4')::int as absent
        ${from} where ${where}`.execute(db);
      const rows = await sql<AttendRow>`select m.id || '-' || p.username as id, m.id as "meetingId",
          m.meeting_no as "meetingNo", m.title as "meetingTitle", p.username, u.realname,
          d.depart_name as "departName", ${state} as status, a.sign_time as "signTime",
          a.sign_type as "signType", a.note
        ${from} where ${where}
        order by m.start_time desc, m.id, case ${state} when '4' then 0 when '0' then 1 when '2' then 2
          when '3' then 3 else 4 end, a.sign_time nulls last, p.username
        limit ${size} offset ${(current - 1) * size}`.execute(db);
      const records = rows.rows.map((r) => ({
        ...r,
        realname: r.realname ?? r.username,
        status_dictText: STATUS_TEXT[r.status],
        signType_dictText: r.signType ? SIGN_TEXT[r.signType] : null,
      }));
      const head = counts.rows[0]!;
      return ok({
        ...pageOf(records, head.n ?? 0, current, size),
        summary: {
          expected: head.n,
          present: head.present,
          late: head.late,
          leave: head.leave,
          absent: head.absent,
        },
      });
    }),
  );
}
