/**
 * Attendance of the demo meetings: a new database's migration 0033 leaves a mark, and the first
 * start (once the declared demo meetings exist) takes it and writes who signed in to the held
 * meetings and today's: most on time, some late, a few on leave or signed in afterwards by the host,
 * a few absent. Chosen by a hash of meeting and person, so every database gets the same rows.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import { attendeesOf, recountAttendance } from './attendance.js';

export const ATTENDANCE_DEMO_MARK = 'meeting-attendance-demo';

const LEAVE_NOTES = ['出差在外', '客户现场支持', '病假', '参加培训', '年假'];
const MAKE_UP_NOTES = ['到场后忘记签到，经主持人确认', '手机没电，会后补签'];

/** A number in [0, 1) fixed by its parts. */
function chance(...parts: string[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

interface Held {
  id: string;
  host: string | null;
  attendees: string | null;
  status: string;
}

async function attend(db: Db, m: Held, username: string): Promise<void> {
  const r = chance(m.id, username);
  const minutes = Math.floor(chance('min', m.id, username) * 15);
  const id = seedId(`meetingAttendance:${m.id}:${username}`);
  const insert = (status: string, signType: string | null, offset: number | null, note: string | null) =>
    sql`insert into biz_meeting_attendance (id, meeting_id, username, status, sign_type, sign_time, note,
        marked_by, create_time)
      select ${id}, m.id, ${username}, ${status}, ${signType},
        ${offset === null ? null : sql`m.start_time + make_interval(mins => ${offset}::int)`}, ${note},
        ${signType === '1' ? username : m.host}, m.start_time - interval '1 day'
      from biz_meeting m where m.id = ${m.id}
      on conflict (meeting_id, username) do nothing`.execute(db);
  // Today's meeting is under way: about half have signed in so far.
  if (m.status === '1') {
    if (r < 0.5) await insert('1', '1', -minutes, null);
    return;
  }
  if (r < 0.78) await insert('1', '1', -minutes - 1, null);
  else if (r < 0.88) await insert('2', '1', minutes + 3, null);
  else if (r < 0.93) await insert('3', null, null, LEAVE_NOTES[Math.floor(chance('leave', m.id) * 5)]!);
  else if (r < 0.96) await insert('1', '2', 5, MAKE_UP_NOTES[Math.floor(chance('note', m.id) * 2)]!);
  // else: absent, no row
}

/** Takes the mark and seeds once (after the declared demo); answers whether it did. */
export async function seedAttendanceDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken =
      await sql`delete from sys_seed_pending where name = ${ATTENDANCE_DEMO_MARK} returning name`.execute(
        trx,
      );
    if (taken.rows.length === 0) return false;
    const held = await sql<Held>`select id, host, attendees, status from biz_meeting
      where status in ('1', '2') order by start_time, id`.execute(trx);
    for (const m of held.rows) for (const person of attendeesOf(m.attendees)) await attend(trx, m, person);
    await recountAttendance(trx, null);
    return true;
  });
}
