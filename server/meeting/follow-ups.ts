/**
 * Meeting follow-ups become work (docs/modules/meetings.md, 会后跟进): each 待派发 follow-up of a
 * meeting becomes a 部门工作 item of its person in charge (biz_work_item, docs/modules/daily-work.md),
 * arranged by the meeting's host, and is marked 已派发 with the item's id - in the caller's
 * transaction, so the meeting's change and the work it makes commit together.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newRowId } from '../entity/child-write.js';
import { ApiError } from '../result.js';

export const FollowUpMessages = {
  notEnded: '只有已结束的会议可以派发跟进事项',
  nothing: '该会议没有待派发的跟进事项',
  person: (title: string, who: string) => `跟进事项「${title}」的负责人“${who}”不存在或已冻结，无法派发`,
  dispatched: (n: number) => `已派发${n}项跟进事项`,
} as const;

/** The department work type (work_item_type) and its to-do status 待开始. */
const DEPARTMENT_WORK = '2';
const NOT_STARTED = '0';
const TITLE_PREFIX = '【会议跟进】';

export interface MeetingHead {
  id: string;
  title: string;
  meetingNo: string | null;
  host: string | null;
}

export interface Dispatcher {
  username: string;
  tenantId: number;
}

/** Dispatches the meeting's pending follow-ups; answers the people who got work (may repeat). */
export async function dispatchFollowUps(
  trx: Db,
  meeting: MeetingHead,
  by: Dispatcher,
  today: string,
): Promise<string[]> {
  const pending = await sql<{ id: string; title: string; assignee: string; deadline: string | null }>`
    select id, title, assignee, to_char(deadline, 'YYYY-MM-DD') as deadline from biz_meeting_follow_up
    where meeting_id = ${meeting.id} and status = '0' order by create_time, id for update`.execute(trx);
  const content = `来自会议「${meeting.title}」${meeting.meetingNo ? `（${meeting.meetingNo}）` : ''}的决议跟进`;
  const assigner = meeting.host || by.username;
  for (const item of pending.rows) {
    const itemId = newRowId();
    const made = await sql`insert into biz_work_item (id, title, item_type, assignee, depart_code, assigner,
        plan_date, deadline, status, progress, content, create_by, create_time, sys_org_code, row_version, tenant_id)
      select ${itemId}, ${`${TITLE_PREFIX}${item.title}`.slice(0, 200)}, ${DEPARTMENT_WORK}, u.username, u.org_code,
        ${assigner}, ${today}::date, ${item.deadline}::date, ${NOT_STARTED}, 0, ${content}, ${by.username}, now(),
        u.org_code, 0, ${by.tenantId}
      from sys_user u where u.username = ${item.assignee} and u.del_flag = 0 and u.status = 1`.execute(trx);
    if (Number(made.numAffectedRows ?? 0) !== 1)
      throw new ApiError(FollowUpMessages.person(item.title, item.assignee));
    await sql`update biz_meeting_follow_up set status = '1', work_item_id = ${itemId}, update_by = ${by.username},
        update_time = now(), row_version = row_version + 1
      where id = ${item.id}`.execute(trx);
  }
  return pending.rows.map((r) => r.assignee);
}
