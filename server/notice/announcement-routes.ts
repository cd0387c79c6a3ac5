import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import { checkId, idList, pageOf } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import { announcementSchema, readAnnouncement, type AnnouncementBody } from './announcement-input.js';
import {
  addAnnouncement,
  announcementJson,
  deleteAnnouncements,
  editAnnouncement,
  findAnnouncement,
  releaseAnnouncement,
  revokeAnnouncement,
} from './announcement-store.js';
import {
  actorOf,
  authOf,
  direction,
  pageParams,
  queryStrings,
  searchText,
  type NoticeDeps,
} from './context.js';
import { likeEscape } from './ids.js';
import { NoticeMessages } from './messages.js';
import { publishRelease } from './publish.js';
import { readStatistics } from './statistics.js';
import { listByUser } from './by-user.js';

/** Button codes of the 通知公告 admin screen. */
export const AnnouncementPerms = {
  list: 'announcement:list',
  add: 'announcement:add',
  edit: 'announcement:edit',
  delete: 'announcement:delete',
  release: 'announcement:release',
  revoke: 'announcement:revoke',
} as const;

const SORT = {
  createTime: 'createTime',
  sendTime: 'sendTime',
  priority: 'priority',
  titile: 'titile',
} as const;

interface AdminListQuery {
  pageNo?: string;
  pageSize?: string;
  titile?: string;
  msgCategory?: string;
  msgType?: string;
  sendStatus?: string;
  column?: string;
  order?: string;
}

const perm = (code: string) => ({ config: { access: { perm: code } } });
const idQuery = queryStrings({ id: 64 });

/** The admin screen: GET list, POST add, PUT edit, DELETE delete / deleteBatch, release, revoke, read statistics. */
export function registerAnnouncementAdminRoutes(app: FastifyInstance, deps: NoticeDeps): void {
  const { db, timeZone } = deps;
  const base = '/sys/annountCement';

  app.get<{ Querystring: AdminListQuery }>(
    `${base}/list`,
    {
      ...perm(AnnouncementPerms.list),
      schema: queryStrings({
        pageNo: 9,
        pageSize: 9,
        titile: 200,
        msgCategory: 2,
        msgType: 10,
        sendStatus: 1,
        column: 32,
        order: 8,
      }),
    },
    async (request) => {
      const q = request.query;
      const { pageNo, pageSize, offset } = pageParams(q);
      const sortKey = (q.column ?? 'createTime') as keyof typeof SORT;
      if (!(sortKey in SORT)) throw new ApiError('参数错误：排序字段不存在');
      let query = db
        .selectFrom('sysAnnouncement')
        .where('tenantId', '=', actorOf(request).tenantId)
        .where('delFlag', '=', 0);
      const title = searchText(q.titile);
      if (title) query = query.where('titile', 'ilike', `%${likeEscape(title)}%`);
      if (q.msgCategory) query = query.where('msgCategory', '=', q.msgCategory);
      if (q.sendStatus) query = query.where('sendStatus', '=', q.sendStatus as '0' | '1' | '2');
      if (q.msgType) query = query.where('msgType', '=', q.msgType as 'ALL');
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(SORT[sortKey], direction(q.order))
          .orderBy('id')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return ok(pageOf(rows.map(announcementJson), Number(count.total), pageNo, pageSize));
    },
  );

  app.post<{ Body: AnnouncementBody }>(
    `${base}/add`,
    { ...perm(AnnouncementPerms.add), schema: announcementSchema },
    async (request) => {
      await addAnnouncement(db, actorOf(request), readAnnouncement(request.body ?? {}), timeZone);
      return okMessage(NoticeMessages.added);
    },
  );

  app.put<{ Body: AnnouncementBody }>(
    `${base}/edit`,
    { ...perm(AnnouncementPerms.edit), schema: announcementSchema },
    async (request) => {
      const body = request.body ?? {};
      const id = checkId(body.id);
      await editAnnouncement(db, actorOf(request), id, readAnnouncement(body), timeZone);
      return okMessage(NoticeMessages.edited);
    },
  );

  app.delete<{ Querystring: { id?: string } }>(
    `${base}/delete`,
    { ...perm(AnnouncementPerms.delete), schema: idQuery },
    async (request) => {
      const n = await deleteAnnouncements(db, actorOf(request), [checkId(request.query.id)]);
      if (n === 0) throw new ApiError(NoticeMessages.notFound);
      return okMessage(NoticeMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    `${base}/deleteBatch`,
    { ...perm(AnnouncementPerms.delete), schema: queryStrings({ ids: 40_000 }) },
    async (request) => {
      await deleteAnnouncements(db, actorOf(request), idList(request.query.ids));
      return okMessage(NoticeMessages.batchDeleted);
    },
  );

  app.get<{ Querystring: { id?: string } }>(
    `${base}/doReleaseData`,
    { ...perm(AnnouncementPerms.release), schema: idQuery },
    async (request) => {
      const released = await releaseAnnouncement(db, actorOf(request), checkId(request.query.id));
      await publishRelease(deps.bus, released, request.log);
      return okMessage(NoticeMessages.released);
    },
  );

  app.get<{ Querystring: { id?: string } }>(
    `${base}/doReovkeData`,
    { ...perm(AnnouncementPerms.revoke), schema: idQuery },
    async (request) => {
      await revokeAnnouncement(db, actorOf(request), checkId(request.query.id));
      return okMessage(NoticeMessages.revoked);
    },
  );

  app.get<{ Querystring: { id?: string } }>(
    `${base}/readStatistics`,
    { ...perm(AnnouncementPerms.list), schema: idQuery },
    async (request) => {
      const row = await findAnnouncement(db, actorOf(request).tenantId, checkId(request.query.id));
      if (!row) throw new ApiError(NoticeMessages.notFound);
      return ok(await readStatistics(db, row.id));
    },
  );
}

/** For every signed-in user: GET queryById (what they may see) and GET listByUser (the bell). */
export function registerAnnouncementReaderRoutes(app: FastifyInstance, deps: NoticeDeps): void {
  const { db } = deps;
  const authenticated = { access: 'authenticated' as const };

  app.get<{ Querystring: { id?: string } }>(
    '/sys/annountCement/queryById',
    { config: authenticated, schema: idQuery },
    async (request) => {
      const auth = authOf(request);
      const id = checkId(request.query.id);
      const row = await findAnnouncement(db, auth.tenantId, id);
      if (!row) throw new ApiError(NoticeMessages.notFound);
      const send = await db
        .selectFrom('sysAnnouncementSend')
        .select(['id', 'readFlag', 'readTime'])
        .where('anntId', '=', id)
        .where('userId', '=', auth.userId)
        .executeTakeFirst();
      // A reader sees a released announcement sent to them; the admin screen sees every one of the tenant.
      const reader = send !== undefined && row.sendStatus === '1';
      if (!reader && !(await hasPermission(deps.baseDb, auth.userId, AnnouncementPerms.list))) {
        throw new ApiError(NoticeMessages.notFound);
      }
      return ok({
        ...announcementJson(row),
        ...(send ? { sendId: send.id, readFlag: send.readFlag, readTime: send.readTime } : {}),
      });
    },
  );

  app.get<{ Querystring: { pageSize?: string } }>(
    '/sys/annountCement/listByUser',
    { config: authenticated, schema: queryStrings({ pageSize: 9 }) },
    async (request) => {
      const { pageSize } = pageParams(request.query, 5);
      return ok(await listByUser(db, actorOf(request), Math.min(pageSize, 50)));
    },
  );
}
