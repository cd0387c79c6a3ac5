import { sql } from 'kysely';
import type { Reader } from './feed.js';
import { feed, type NoticeRow } from './feed.js';
import { cleanHtml } from '../security/html.js';
import type { NoticeDb } from './tables.js';

/** A notice in the shape of the contract's SysAnnouncement list entry (the bell of the Vue2 client). */
function legacyJson(row: NoticeRow) {
  return {
    id: row.id,
    titile: row.esTitle,
    msgContent: cleanHtml(row.esContent),
    msgAbstract: row.msgAbstract,
    sender: row.createUserName,
    priority: row.priority,
    msgCategory: row.category,
    sendTime: row.createTime,
    createTime: row.createTime,
    readFlag: row.esReadStatus,
    busType: row.busType,
    busId: row.busId,
    openType: row.openType,
    openPage: row.openPage,
  };
}

/**
 * GET /sys/annountCement/listByUser: the caller's unread announcements (anntMsgList) and unread
 * reminders, the system messages (sysMsgList), newest first, with their totals.
 */
export async function listByUser(db: NoticeDb, reader: Reader, pageSize: number) {
  const part = async (kind: NoticeRow['kind']) => {
    const base = feed(db, reader, { readStatus: '0' }).where('n.kind', '=', kind);
    const [rows, count] = await Promise.all([
      base.orderBy('n.createTime', 'desc').orderBy('n.id').limit(pageSize).execute(),
      base
        .clearSelect()
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: (rows as NoticeRow[]).map(legacyJson), total: Number(count.total) };
  };
  const [annt, sys] = await Promise.all([part('announcement'), part('urge')]);
  return { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
}
