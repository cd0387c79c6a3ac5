import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { checkId, pageOf } from '../entity/route-kit.js';
import { ok } from '../result.js';
import { pageParams, queryStrings, readerOf, searchText, type NoticeDeps } from './context.js';
import { markRead } from './feed.js';
import { likeEscape } from './ids.js';
import { cleanHtml } from '../security/html.js';

interface MySendQuery {
  pageNo?: string;
  pageSize?: string;
  titile?: string;
  sender?: string;
  readFlag?: string;
  msgCategory?: string;
}

/** 我的消息: GET getMyAnnouncementSend (the caller's send records) and PUT editByAnntIdAndUserId. */
export function registerSendRoutes(app: FastifyInstance, deps: NoticeDeps): void {
  const { db } = deps;
  const authenticated = { access: 'authenticated' as const };
  const base = '/sys/sysAnnouncementSend';

  app.get<{ Querystring: MySendQuery }>(
    `${base}/getMyAnnouncementSend`,
    {
      config: authenticated,
      schema: queryStrings({ pageNo: 9, pageSize: 9, titile: 200, sender: 100, readFlag: 1, msgCategory: 2 }),
    },
    async (request) => {
      const q = request.query;
      const reader = readerOf(request);
      const { pageNo, pageSize, offset } = pageParams(q);
      let query = db
        .selectFrom('sysAnnouncementSend as s')
        .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
        .where('s.userId', '=', reader.userId)
        .where('a.tenantId', '=', reader.tenantId)
        .where('a.sendStatus', '=', '1')
        .where('a.delFlag', '=', 0);
      const title = searchText(q.titile);
      if (title) query = query.where('a.titile', 'ilike', `%${likeEscape(title)}%`);
      const sender = searchText(q.sender);
      if (sender) query = query.where('a.sender', 'ilike', `%${likeEscape(sender)}%`);
      if (q.readFlag === '0' || q.readFlag === '1') query = query.where('s.readFlag', '=', q.readFlag);
      if (q.msgCategory) query = query.where('a.msgCategory', '=', q.msgCategory);
      const [rows, count] = await Promise.all([
        query
          .select([
            's.id',
            's.anntId',
            's.userId',
            's.readFlag',
            's.readTime',
            'a.titile',
            'a.msgContent',
            'a.msgAbstract',
            'a.sender',
            'a.priority',
            'a.sendTime',
            'a.msgCategory',
            'a.busId',
            'a.busType',
            'a.openType',
            'a.openPage',
          ])
          .orderBy('a.sendTime', 'desc')
          .orderBy('s.id')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      const records = rows.map((r) => ({ ...r, msgContent: cleanHtml(r.msgContent), bizSource: null }));
      return ok(pageOf(records, Number(count.total), pageNo, pageSize));
    },
  );

  app.put<{ Body: { anntId?: string } | null }>(
    `${base}/editByAnntIdAndUserId`,
    {
      config: authenticated,
      schema: {
        body: { type: ['object', 'null'], properties: { anntId: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request) => {
      await markRead(db, readerOf(request), checkId(request.body?.anntId));
      return ok(null);
    },
  );
}
