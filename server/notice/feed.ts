import { sql } from 'kysely';
import { likeEscape } from './ids.js';
import { cleanHtml } from '../security/html.js';
import { CATEGORIES, type NoticeDb } from './tables.js';

/**
 * The caller's notices: released announcements addressed to them, and reminders (催办) sent to them,
 * in one list. A notice's id is the announcement's id or the reminder's id, the same id the socket
 * sends as msgId, so a push can be opened with viewById.
 */
export interface NoticeRow {
  id: string;
  kind: 'announcement' | 'urge';
  esTitle: string;
  esContent: string;
  msgAbstract: string | null;
  createUserName: string | null;
  createTime: Date;
  esReadStatus: '0' | '1';
  esReadTime: Date | null;
  appType: string;
  category: string;
  appId: string | null;
  busType: string | null;
  busId: string | null;
  openType: string | null;
  openPage: string | null;
  priority: string | null;
}

export interface Reader {
  userId: string;
  tenantId: number;
}

const nullText = sql<string | null>`null::text`;

function announcementPart(db: NoticeDb, reader: Reader) {
  return db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .where('s.userId', '=', reader.userId)
    .where('a.tenantId', '=', reader.tenantId)
    .where('a.sendStatus', '=', '1')
    .where('a.delFlag', '=', 0)
    .select([
      'a.id as id',
      sql<'announcement' | 'urge'>`'announcement'::text`.as('kind'),
      'a.titile as esTitle',
      'a.msgContent as esContent',
      'a.msgAbstract as msgAbstract',
      'a.sender as createUserName',
      sql<Date>`coalesce(a.send_time, s.create_time)`.as('createTime'),
      's.readFlag as esReadStatus',
      's.readTime as esReadTime',
      'a.msgCategory as appType',
      'a.msgCategory as category',
      'a.busId as appId',
      'a.busType as busType',
      'a.busId as busId',
      sql<string | null>`a.open_type::text`.as('openType'),
      'a.openPage as openPage',
      sql<string | null>`a.priority::text`.as('priority'),
    ]);
}

function urgePart(db: NoticeDb, reader: Reader) {
  return db
    .selectFrom('sysUrge as u')
    .where('u.userId', '=', reader.userId)
    .where('u.tenantId', '=', reader.tenantId)
    .select([
      'u.id as id',
      sql<'announcement' | 'urge'>`'urge'::text`.as('kind'),
      'u.title as esTitle',
      'u.content as esContent',
      nullText.as('msgAbstract'),
      'u.urgerName as createUserName',
      sql<Date>`u.create_time`.as('createTime'),
      'u.readFlag as esReadStatus',
      'u.readTime as esReadTime',
      sql<string>`u.app_type::text`.as('appType'),
      sql<string>`case u.app_type when 'workOrder' then '6' when 'flow' then '9' else '5' end`.as('category'),
      sql<string | null>`u.app_id`.as('appId'),
      sql<string | null>`u.app_type::text`.as('busType'),
      sql<string | null>`u.app_id`.as('busId'),
      sql<string | null>`'component'::text`.as('openType'),
      nullText.as('openPage'),
      nullText.as('priority'),
    ]);
}

export interface FeedFilter {
  readStatus?: '0' | '1';
  /** Category codes (4-9) or reminder types (workOrder, project); a notice matches either. */
  appTypes?: string[];
  /** Part of the title. */
  title?: string;
}

/** The union as a table to filter, sort and page. */
export function feed(db: NoticeDb, reader: Reader, filter: FeedFilter = {}) {
  let query = db
    .selectFrom(announcementPart(db, reader).unionAll(urgePart(db, reader)).as('n'))
    .selectAll('n');
  if (filter.readStatus) query = query.where('n.esReadStatus', '=', filter.readStatus);
  const types = filter.appTypes ?? [];
  if (types.length > 0) {
    query = query.where((eb) => eb.or([eb('n.category', 'in', types), eb('n.appType', 'in', types)]));
  }
  if (filter.title) query = query.where('n.esTitle', 'ilike', `%${likeEscape(filter.title)}%`);
  return query;
}

/** Sortable columns of the notice list: API name to the union's column. */
export const FEED_SORT = {
  createTime: 'n.createTime',
  esReadTime: 'n.esReadTime',
  esTitle: 'n.esTitle',
  priority: 'n.priority',
} as const;

/** A notice as the client reads it (spec 000 section 3), HTML cleaned on the way out. */
export function noticeJson(row: NoticeRow) {
  const appTypeName = CATEGORIES[row.category] ?? '';
  return {
    id: row.id,
    kind: row.kind,
    esTitle: row.esTitle,
    titile: row.esTitle,
    esContent: cleanHtml(row.esContent),
    msgAbstract: row.msgAbstract,
    createUserName: row.createUserName,
    // The reminder modal shows createBy as 催办人: the urger's (or the sender's) name.
    createBy: row.createUserName,
    createTime: row.createTime,
    esReadStatus: row.esReadStatus,
    esReadTime: row.esReadTime,
    appType: row.appType,
    appTypeName,
    appName: appTypeName,
    category: row.category,
    appId: row.appId,
    action: row.kind,
    openType: row.openType,
    openPage: row.openPage,
    busType: row.busType,
    busId: row.busId,
    priority: row.priority,
    msgId: row.id,
    msgTxt: row.esTitle,
  };
}

export type NoticeJson = ReturnType<typeof noticeJson>;

/** Marks one notice of the reader read; false when it is not theirs. */
export async function markRead(db: NoticeDb, reader: Reader, id: string): Promise<boolean> {
  const now = new Date();
  const send = await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: now })
    .where('userId', '=', reader.userId)
    .where('anntId', '=', id)
    .where('readFlag', '=', '0')
    .where('anntId', 'in', (eb) =>
      eb.selectFrom('sysAnnouncement').select('id').where('tenantId', '=', reader.tenantId),
    )
    .executeTakeFirst();
  if (Number(send.numUpdatedRows) > 0) return true;
  const urge = await db
    .updateTable('sysUrge')
    .set({ readFlag: '1', readTime: now })
    .where('id', '=', id)
    .where('userId', '=', reader.userId)
    .where('tenantId', '=', reader.tenantId)
    .where('readFlag', '=', '0')
    .executeTakeFirst();
  return Number(urge.numUpdatedRows) > 0;
}

/** Marks every notice of the reader (in the current tenant) read. */
export async function markAllRead(db: NoticeDb, reader: Reader): Promise<void> {
  const now = new Date();
  await db
    .updateTable('sysAnnouncementSend')
    .set({ readFlag: '1', readTime: now })
    .where('userId', '=', reader.userId)
    .where('readFlag', '=', '0')
    .where('anntId', 'in', (eb) =>
      eb.selectFrom('sysAnnouncement').select('id').where('tenantId', '=', reader.tenantId),
    )
    .execute();
  await db
    .updateTable('sysUrge')
    .set({ readFlag: '1', readTime: now })
    .where('userId', '=', reader.userId)
    .where('tenantId', '=', reader.tenantId)
    .where('readFlag', '=', '0')
    .execute();
}
