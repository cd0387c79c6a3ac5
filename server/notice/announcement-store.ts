import { sql, type Selectable } from 'kysely';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import type { AnnouncementValues } from './announcement-input.js';
import { NoticeMessages } from './messages.js';
import { resolveRecipients } from './recipients.js';
import { cleanHtml } from '../security/html.js';
import { CATEGORIES, type NoticeDb, type SysAnnouncementTable } from './tables.js';

export type AnnouncementRow = Selectable<SysAnnouncementTable>;

/** Who acts: announcements belong to the caller's tenant and record the caller's names. */
export interface Actor {
  userId: string;
  username: string;
  realname: string;
  tenantId: number;
}

const SEND_STATUS_TEXT: Readonly<Record<string, string>> = { '0': '未发布', '1': '已发布', '2': '已撤销' };
const MSG_TYPE_TEXT: Readonly<Record<string, string>> = {
  ALL: '全体用户',
  USER: '指定用户',
  DEPART: '指定部门',
  ROLE: '指定角色',
};
const INSERT_BATCH = 1000;

/** The contract's announcement JSON, with dictionary texts and the HTML cleaned again on the way out. */
export function announcementJson(row: AnnouncementRow) {
  const { tenantId: _tenant, ...rest } = row;
  return {
    ...rest,
    msgContent: cleanHtml(row.msgContent),
    msgCategory_dictText: CATEGORIES[row.msgCategory] ?? row.msgCategory,
    msgType_dictText: MSG_TYPE_TEXT[row.msgType] ?? row.msgType,
    sendStatus_dictText: SEND_STATUS_TEXT[row.sendStatus] ?? row.sendStatus,
  };
}

/** Local 'YYYY-MM-DD HH:mm:ss' text as a timestamp of the app's time zone (bound, cast in SQL). */
function localTime(value: string | null, timeZone: string) {
  return value === null ? null : sql<Date>`(${value}::timestamp at time zone ${timeZone})`;
}

export async function findAnnouncement(
  db: NoticeDb,
  tenantId: number,
  id: string,
): Promise<AnnouncementRow | undefined> {
  return db
    .selectFrom('sysAnnouncement')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

async function mustFind(db: NoticeDb, tenantId: number, id: string): Promise<AnnouncementRow> {
  const row = await findAnnouncement(db, tenantId, id);
  if (!row) throw new ApiError(NoticeMessages.notFound);
  return row;
}

export async function addAnnouncement(
  db: NoticeDb,
  actor: Actor,
  values: AnnouncementValues,
  timeZone: string,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('sysAnnouncement')
    .values({
      ...values,
      id,
      tenantId: actor.tenantId,
      startTime: localTime(values.startTime, timeZone),
      endTime: localTime(values.endTime, timeZone),
      sender: actor.realname,
      sendStatus: '0',
      delFlag: 0,
      createBy: actor.username,
    })
    .execute();
  return id;
}

/** A released announcement cannot change under its readers: revoke it first. */
export async function editAnnouncement(
  db: NoticeDb,
  actor: Actor,
  id: string,
  values: AnnouncementValues,
  timeZone: string,
): Promise<void> {
  const row = await mustFind(db, actor.tenantId, id);
  if (row.sendStatus === '1') throw new ApiError(NoticeMessages.editReleased);
  await db
    .updateTable('sysAnnouncement')
    .set({
      ...values,
      startTime: localTime(values.startTime, timeZone),
      endTime: localTime(values.endTime, timeZone),
      updateBy: actor.username,
      updateTime: new Date(),
    })
    .where('id', '=', id)
    .where('tenantId', '=', actor.tenantId)
    .execute();
}

/** Soft delete (the contract keeps del_flag); returns how many of the ids were the caller's tenant's. */
export async function deleteAnnouncements(db: NoticeDb, actor: Actor, ids: string[]): Promise<number> {
  const result = await db
    .updateTable('sysAnnouncement')
    .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('tenantId', '=', actor.tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface Released {
  row: AnnouncementRow;
  recipients: string[];
}

/**
 * Release: mark it published and write a send record for each recipient. Records already there (a
 * re-release after a revoke) keep their read state; records of users no longer addressed go.
 */
export async function releaseAnnouncement(db: NoticeDb, actor: Actor, id: string): Promise<Released> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sysAnnouncement')
      .selectAll()
      .where('id', '=', id)
      .where('tenantId', '=', actor.tenantId)
      .where('delFlag', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ApiError(NoticeMessages.notFound);
    if (row.sendStatus === '1') throw new ApiError(NoticeMessages.alreadyReleased);
    const now = new Date();
    const updated = await trx
      .updateTable('sysAnnouncement')
      .set({ sendStatus: '1', sendTime: now, cancelTime: null, updateBy: actor.username, updateTime: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const recipients = await resolveRecipients(trx, row);
    // A revoked announcement may have been edited to a narrower audience: drop those it left.
    let leavers = trx.deleteFrom('sysAnnouncementSend').where('anntId', '=', id);
    if (recipients.length > 0) leavers = leavers.where('userId', 'not in', recipients);
    await leavers.execute();
    for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
      await trx
        .insertInto('sysAnnouncementSend')
        .values(
          recipients.slice(i, i + INSERT_BATCH).map((userId) => ({
            id: newId(),
            anntId: id,
            userId,
            readFlag: '0' as const,
            createTime: now,
          })),
        )
        .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
        .execute();
    }
    return { row: updated, recipients };
  });
}

/** Revoke: readers no longer see it; their send records stay for a later re-release. */
export async function revokeAnnouncement(db: NoticeDb, actor: Actor, id: string): Promise<void> {
  const row = await mustFind(db, actor.tenantId, id);
  if (row.sendStatus !== '1') throw new ApiError(NoticeMessages.notReleased);
  const now = new Date();
  await db
    .updateTable('sysAnnouncement')
    .set({ sendStatus: '2', cancelTime: now, updateBy: actor.username, updateTime: now })
    .where('id', '=', id)
    .where('tenantId', '=', actor.tenantId)
    .execute();
}
