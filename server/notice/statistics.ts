import type { NoticeDb } from './tables.js';

export interface ReaderEntry {
  userId: string;
  username: string;
  realname: string;
  readTime: Date | null;
}

/** Who has read a released announcement and who has not, from its send records. */
export async function readStatistics(db: NoticeDb, anntId: string) {
  const rows = await db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select(['s.userId', 'u.username', 'u.realname', 's.readTime', 's.readFlag'])
    .where('s.anntId', '=', anntId)
    .orderBy('s.readTime', 'desc')
    .orderBy('u.username')
    .execute();
  const entry = (r: (typeof rows)[number]): ReaderEntry => ({
    userId: r.userId,
    username: r.username,
    realname: r.realname,
    readTime: r.readTime,
  });
  const readList = rows.filter((r) => r.readFlag === '1').map(entry);
  const unReadList = rows.filter((r) => r.readFlag !== '1').map(entry);
  return { readCount: readList.length, unReadCount: unReadList.length, readList, unReadList };
}
