/**
 * 发送会议通知 (docs/modules/meetings.md): the host and attendees of a meeting that has not ended get
 * a notice in the bell (a system notice row each, written in one transaction, so it is there when
 * they next sign in) and at once on their socket after the commit. The notice says when, where, who
 * hosts and the agenda; the sender is not notified of their own meeting.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';

/** Spec 000 section 9 names no meeting category: meeting notices file under 每日工作 (4). */
const CATEGORY = '4';
const NOTIFIABLE = ['0', '1'];

export const InviteMessages = {
  missing: '未找到对应数据',
  closed: '只有未开始或进行中的会议可以发送通知',
  nobody: '该会议没有需要通知的主持人或参会人',
  sent: (n: number) => `已通知${n}人`,
} as const;

export interface Invitation {
  userId: string;
  msgId: string;
  msgTxt: string;
}

interface MeetingFacts {
  title: string;
  status: string;
  host: string | null;
  attendees: string | null;
  start: string;
  end: string;
  room: string | null;
  hostName: string | null;
}

function contentOf(m: MeetingFacts, agenda: readonly string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = [
    `<p>时间：${escape(m.start)} 至 ${escape(m.end)}</p>`,
    `<p>地点：${escape(m.room ?? '待定')}</p>`,
    `<p>主持人：${escape(m.hostName ?? m.host ?? '')}</p>`,
  ];
  if (agenda.length > 0)
    lines.push(`<p>议程：</p><ol>${agenda.map((topic) => `<li>${escape(topic)}</li>`).join('')}</ol>`);
  return lines.join('');
}

/** Writes the notices inside `trx`; answers the pushes to make after the commit. */
export async function inviteToMeeting(
  trx: Db,
  meetingId: string,
  /** The sender is shown by real name (发布人); the account only records who created the row. */
  sender: { username: string; realname: string; tenantId: number },
  timeZone: string,
): Promise<Invitation[]> {
  const found = await sql<MeetingFacts>`select m.title, m.status, m.host, m.attendees,
      to_char(m.start_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as start,
      to_char(m.end_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as "end",
      r.name || coalesce('（' || r.location || '）', '') as room, u.realname as "hostName"
    from biz_meeting m left join biz_meeting_room r on r.id = m.room_id
      left join sys_user u on u.username = m.host and u.del_flag = 0
    where m.id = ${meetingId} for update of m`.execute(trx);
  const meeting = found.rows[0];
  if (!meeting) throw new ApiError(InviteMessages.missing);
  if (!NOTIFIABLE.includes(meeting.status)) throw new ApiError(InviteMessages.closed);
  const names = [meeting.host ?? '', ...(meeting.attendees ?? '').split(',')]
    .map((n) => n.trim())
    .filter((n) => n !== '' && n !== sender.username);
  if (names.length === 0) throw new ApiError(InviteMessages.nobody);
  const people = await sql<{ id: string }>`select id from sys_user
    where username in (${sql.join([...new Set(names)])}) and del_flag = 0 and status = 1`.execute(trx);
  if (people.rows.length === 0) throw new ApiError(InviteMessages.nobody);
  const agenda = await sql<{
    topic: string;
  }>`select topic from biz_meeting_agenda where meeting_id = ${meetingId}
    order by order_num nulls last, create_time`.execute(trx);
  const title = `会议通知：${meeting.title}`.slice(0, 200);
  const content = contentOf(
    meeting,
    agenda.rows.map((a) => a.topic),
  );
  const invitations: Invitation[] = [];
  for (const person of people.rows) {
    const id = newId();
    await sql`insert into sys_announcement (id, tenant_id, titile, msg_content, msg_abstract, sender, priority,
        msg_category, msg_type, user_ids, send_status, send_time, bus_type, bus_id, create_by)
      values (${id}, ${sender.tenantId}, ${title}, ${content}, ${`${meeting.start} ${meeting.room ?? ''}`.slice(0, 500)},
        ${sender.realname}, 'M', ${CATEGORY}, 'USER', ${person.id}, '1', now(), 'meeting', ${meetingId},
        ${sender.username})`.execute(trx);
    await sql`insert into sys_announcement_send (id, annt_id, user_id, read_flag)
      values (${newId()}, ${id}, ${person.id}, '0')`.execute(trx);
    invitations.push({ userId: person.id, msgId: id, msgTxt: title });
  }
  return invitations;
}
