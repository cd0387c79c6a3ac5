/**
 * Meeting attendance (签到, docs/modules/meetings.md). An attendee signs in from 30 minutes before
 * the start until the end (after the start it counts as 迟到); the organiser (the host or whoever
 * created the meeting) marks 请假 or 补签 with a note. Only what happened is stored, one row per
 * meeting and person (biz_meeting_attendance, migration 0033): who has no row is 未签到 until the
 * meeting ends and 缺席 after. The meeting's 应到 / 实到 are recounted in the same transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';

/** How long before the start signing in opens. */
export const SIGN_IN_LEAD_MINUTES = 30;

/** A constant of this file, never input: written into the statement as an interval literal. */
const LEAD = sql.raw(`interval '${SIGN_IN_LEAD_MINUTES} minutes'`);

export const AttendStatus = {
  absentYet: '0',
  present: '1',
  late: '2',
  leave: '3',
  absent: '4',
} as const;

export const AttendMessages = {
  notFound: '未找到对应数据',
  cancelled: '会议已取消，无法签到',
  ended: '会议已结束，无法签到',
  notAttendee: '您不是该会议的参会人，无法签到',
  twice: '已签到，请勿重复签到',
  outside: (from: string, to: string) => `不在签到时间内，签到时间为${from}至${to}`,
  signed: (late: boolean) => (late ? '签到成功（迟到）' : '签到成功'),
  notOrganiser: '只有会议的主持人或发起人可以登记请假或补签',
  notListed: (name: string) => `${name}不是该会议的参会人`,
  markCancelled: '会议已取消，无法登记请假或补签',
  alreadyIn: (name: string) => `${name}已签到，无需登记`,
  notOpen: (from: string) => `会议尚未到签到时间（${from}起），不能补签`,
  noNote: '请填写说明',
  leaveDone: (name: string) => `已登记${name}请假`,
  makeUpDone: (name: string) => `已为${name}补签`,
} as const;

interface MeetingFacts {
  id: string;
  status: string;
  host: string | null;
  createBy: string | null;
  attendees: string | null;
  from: string;
  to: string;
  opened: boolean;
  closed: boolean;
  late: boolean;
}

/** The attendees of a meeting's comma list, trimmed, without blanks and repeats. */
export function attendeesOf(list: string | null): string[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
}

/** The meeting, locked for the change, with its window in the app's time zone and where now stands. */
async function lockMeeting(trx: Db, id: string, timeZone: string): Promise<MeetingFacts> {
  const found = await sql<MeetingFacts>`select id, status, host, create_by as "createBy", attendees,
      to_char((start_time - ${LEAD}) at time zone ${timeZone},
        'YYYY-MM-DD HH24:MI') as "from",
      to_char(end_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as "to",
      now() >= start_time - ${LEAD} as opened,
      now() > end_time as closed, now() > start_time as late
    from biz_meeting where id = ${id} for update`.execute(trx);
  const meeting = found.rows[0];
  if (!meeting) throw new ApiError(AttendMessages.notFound);
  return meeting;
}

/**
 * 应到 (the attendees) and 实到 (those of them signed in, late or not) of the meetings given, or of
 * every meeting whose figures are out of date when `ids` is null (after a meeting's add or edit).
 */
export async function recountAttendance(db: Db, ids: readonly string[] | null): Promise<void> {
  const people = sql`coalesce(string_to_array(nullif(replace(m.attendees, ' ', ''), ''), ','), '{}')`;
  const expected = sql`cardinality(array(select distinct unnest(${people})))`;
  const present = sql`(select count(*)::int from biz_meeting_attendance a where a.meeting_id = m.id
    and a.status in ('1', '2') and a.username = any(${people}))`;
  const which =
    ids === null
      ? sql`m.expected_count is distinct from ${expected} or m.present_count is distinct from ${present}`
      : ids.length === 0
        ? sql`false`
        : sql`m.id in (${sql.join(ids)})`;
  await sql`update biz_meeting m set expected_count = ${expected}, present_count = ${present}
    where ${which}`.execute(db);
}

/** An attendee signs in (inside `trx`); answers whether it was late. */
export async function signIn(
  trx: Db,
  meetingId: string,
  username: string,
  timeZone: string,
): Promise<boolean> {
  const m = await lockMeeting(trx, meetingId, timeZone);
  if (m.status === '3') throw new ApiError(AttendMessages.cancelled);
  if (m.status === '2') throw new ApiError(AttendMessages.ended);
  if (!attendeesOf(m.attendees).includes(username)) throw new ApiError(AttendMessages.notAttendee);
  if (!m.opened || m.closed) throw new ApiError(AttendMessages.outside(m.from, m.to));
  const status = m.late ? AttendStatus.late : AttendStatus.present;
  // Someone marked on leave who comes after all signs in; a second sign-in changes nothing.
  const saved = await sql`insert into biz_meeting_attendance (id, meeting_id, username, status, sign_type,
      sign_time, marked_by)
    values (${newId()}, ${meetingId}, ${username}, ${status}, '1', now(), ${username})
    on conflict (meeting_id, username) do update set status = excluded.status, sign_type = '1',
      sign_time = excluded.sign_time, note = null, marked_by = excluded.marked_by, update_time = now()
      where biz_meeting_attendance.status = ${AttendStatus.leave}
    returning id`.execute(trx);
  if (saved.rows.length === 0) throw new ApiError(AttendMessages.twice);
  await recountAttendance(trx, [meetingId]);
  return m.late;
}

export interface Mark {
  meetingId: string;
  username: string;
  note: string;
  kind: 'leave' | 'makeUp';
}

/** The organiser marks 请假 or 补签 (inside `trx`); answers the person's name for the message. */
export async function markAttendance(
  trx: Db,
  mark: Mark,
  organiser: string,
  timeZone: string,
): Promise<string> {
  const m = await lockMeeting(trx, mark.meetingId, timeZone);
  if (m.host !== organiser && m.createBy !== organiser) throw new ApiError(AttendMessages.notOrganiser);
  if (m.status === '3') throw new ApiError(AttendMessages.markCancelled);
  const note = mark.note.trim();
  if (note === '') throw new ApiError(AttendMessages.noNote);
  const person = await sql<{ realname: string }>`select realname from sys_user
    where username = ${mark.username} and del_flag = 0`.execute(trx);
  const name = person.rows[0]?.realname ?? mark.username;
  if (!attendeesOf(m.attendees).includes(mark.username)) throw new ApiError(AttendMessages.notListed(name));
  if (mark.kind === 'makeUp' && !m.opened) throw new ApiError(AttendMessages.notOpen(m.from));
  const status = mark.kind === 'leave' ? AttendStatus.leave : AttendStatus.present;
  const signType = mark.kind === 'leave' ? null : '2';
  // Only a person not signed in yet (no row, or on leave) is marked: a sign-in is never overwritten.
  const saved = await sql`insert into biz_meeting_attendance (id, meeting_id, username, status, sign_type,
      sign_time, note, marked_by)
    values (${newId()}, ${mark.meetingId}, ${mark.username}, ${status}, ${signType},
      ${signType === null ? null : sql`now()`}, ${note.slice(0, 200)}, ${organiser})
    on conflict (meeting_id, username) do update set status = excluded.status, sign_type = excluded.sign_type,
      sign_time = excluded.sign_time, note = excluded.note, marked_by = excluded.marked_by, update_time = now()
      where biz_meeting_attendance.status = ${AttendStatus.leave}
    returning id`.execute(trx);
  if (saved.rows.length === 0) throw new ApiError(AttendMessages.alreadyIn(name));
  await recountAttendance(trx, [mark.meetingId]);
  return name;
}
