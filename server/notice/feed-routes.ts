import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { checkId, pageOf } from '../entity/route-kit.js';
import { ApiError, bare, ok } from '../result.js';
import { direction, pageParams, queryStrings, readerOf, searchText, type NoticeDeps } from './context.js';
import {
  FEED_SORT,
  feed,
  markAllRead,
  markRead,
  noticeJson,
  type NoticeJson,
  type NoticeRow,
} from './feed.js';
import { NoticeMessages } from './messages.js';
import { publishRefresh } from './publish.js';

const authenticated = { access: 'authenticated' as const };
/** The read/unread lists of the notice panel are not paged; each is cut to its newest entries. */
export const READ_LIST_MAX = 200;
const APP_TYPE = /^[A-Za-z0-9]{1,16}$/;

interface ListQuery {
  esReadStatus?: string;
  column?: string;
  order?: string;
  field?: string;
  pageNo?: string;
  pageSize?: string;
  appType?: string;
  esTitle?: string;
}

function readStatus(raw: string | undefined): '0' | '1' | undefined {
  return raw === '0' || raw === '1' ? raw : undefined;
}

/** The category filter: a comma list of codes; anything but plain codes is refused. */
function appTypes(raw: string | undefined): string[] {
  const list = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (list.length > 20 || list.some((v) => !APP_TYPE.test(v))) throw new ApiError('参数错误：appType');
  return list;
}

/** `field=a,b` picks the returned properties among the known ones (id always); unknown names are ignored. */
function pick(records: NoticeJson[], field: string | undefined): Partial<NoticeJson>[] {
  const names = (field ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 50);
  if (names.length === 0) return records;
  const keys = new Set<keyof NoticeJson>(['id']);
  for (const name of names)
    if (records.length === 0 || name in records[0]) keys.add(name as keyof NoticeJson);
  return records.map((r) => Object.fromEntries([...keys].map((k) => [k, r[k]])) as Partial<NoticeJson>);
}

/** The notice panel and bell: GET /sys/notice/list, viewById, queryReadList; PUT readAll and read. */
export function registerFeedRoutes(app: FastifyInstance, deps: NoticeDeps): void {
  const { db } = deps;

  app.get<{ Querystring: ListQuery }>(
    '/sys/notice/list',
    {
      config: authenticated,
      schema: queryStrings({
        esReadStatus: 1,
        column: 32,
        order: 8,
        field: 1000,
        pageNo: 9,
        pageSize: 9,
        appType: 400,
        esTitle: 100,
      }),
    },
    async (request) => {
      const q = request.query;
      const { pageNo, pageSize, offset } = pageParams(q);
      const sortKey = (q.column ?? 'createTime') as keyof typeof FEED_SORT;
      if (!(sortKey in FEED_SORT)) throw new ApiError('参数错误：排序字段不存在');
      const filter = {
        readStatus: readStatus(q.esReadStatus),
        appTypes: appTypes(q.appType),
        title: searchText(q.esTitle),
      };
      const base = feed(db, readerOf(request), filter);
      const [rows, count] = await Promise.all([
        base
          .orderBy(FEED_SORT[sortKey], direction(q.order))
          .orderBy('n.id')
          .limit(pageSize)
          .offset(offset)
          .execute(),
        base
          .clearSelect()
          .select(sql<number>`count(*)`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const records = pick((rows as NoticeRow[]).map(noticeJson), q.field);
      return ok(pageOf(records, Number(count.total), pageNo, pageSize));
    },
  );

  app.get<{ Querystring: { id?: string } }>(
    '/sys/notice/viewById',
    { config: authenticated, schema: queryStrings({ id: 64 }) },
    async (request) => {
      const id = checkId(request.query.id);
      const reader = readerOf(request);
      const row = (await feed(db, reader).where('n.id', '=', id).executeTakeFirst()) as NoticeRow | undefined;
      if (!row) throw new ApiError(NoticeMessages.notFound);
      // Opening a notice's details reads it.
      if (row.esReadStatus === '0' && (await markRead(db, reader, id))) {
        row.esReadStatus = '1';
        row.esReadTime = new Date();
      }
      return ok(noticeJson(row));
    },
  );

  app.get<{ Querystring: { appType?: string } }>(
    '/sys/notice/queryReadList',
    { config: authenticated, schema: queryStrings({ appType: 400 }) },
    async (request) => {
      const reader = readerOf(request);
      const types = appTypes(request.query.appType);
      const list = async (readStatus: '0' | '1') =>
        (
          (await feed(db, reader, { readStatus, appTypes: types })
            .orderBy('n.createTime', 'desc')
            .orderBy('n.id')
            .limit(READ_LIST_MAX)
            .execute()) as NoticeRow[]
        ).map(noticeJson);
      const [readList, unReadList] = await Promise.all([list('1'), list('0')]);
      return ok({ readList, unReadList });
    },
  );

  app.put('/sys/notice/readAll', { config: authenticated }, async (request) => {
    const reader = readerOf(request);
    await markAllRead(db, reader);
    await publishRefresh(deps.bus, reader.userId, request.log);
    return bare(null, NoticeMessages.readAll);
  });

  app.put<{ Body: { id?: string } | null; Querystring: { id?: string } }>(
    '/sys/notice/read',
    {
      config: authenticated,
      schema: {
        ...queryStrings({ id: 64 }),
        body: { type: ['object', 'null'], properties: { id: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request) => {
      const id = checkId(request.body?.id ?? request.query.id);
      await markRead(db, readerOf(request), id);
      return ok(null);
    },
  );
}
