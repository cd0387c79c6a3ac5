/**
 * The work board calls under /sys/work (spec 001 §7; docs/modules/daily-work.md "Work board"):
 * list, queryById, queryUserWorkPage (items a person may see), getSubDepartList,
 * getDepartWorkStatusQuantity, getDepartStatisticsPage (also the declared board's
 * /sys/work/board/list), getWorkDetailsPage, getDepartUserWorkPage and the board's 人员 view
 * (/sys/work/board/people?id=<org code>). Scopes are decided here, on the server (scope.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { single } from '../../runtime/model/query/compile.js';
import type { Db } from '../db/database.js';
import { access, guarded, idParam, pageOf, queryOf } from '../entity/route-kit.js';
import { ApiError, ok, ResultCode } from '../result.js';
import {
  departCounts,
  departStatistics,
  itemPage,
  peopleCounts,
  subDeparts,
  type CountFilter,
  type ItemFilter,
} from './board.js';
import {
  departOf,
  isUnder,
  userDepart,
  visibleItemSql,
  underSql,
  WorkMessages,
  WorkPerms,
  workWho,
  type WorkWho,
} from './scope.js';
import { sql } from 'kysely';

export interface WorkDeps {
  db: Db;
  today(): string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS = /^[0-3]$/;

function text(request: FastifyRequest, name: string, shape?: RegExp): string | undefined {
  const raw = single(queryOf(request), name);
  if (raw === undefined || raw === '') return undefined;
  if (shape && !shape.test(raw)) throw new ApiError(`参数错误：${name}=${raw}`);
  return raw;
}

export function paging(request: FastifyRequest): { current: number; size: number } {
  const whole = (raw: string | undefined, fallback: number, max: number) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
  };
  return {
    current: whole(text(request, 'pageNo'), 1, 100000),
    size: whole(text(request, 'pageSize'), 10, 200),
  };
}

function countFilter(deps: WorkDeps, request: FastifyRequest, who: WorkWho): CountFilter {
  return {
    tenantId: who.tenantId,
    planBegin: text(request, 'planDate_begin', DATE),
    planEnd: text(request, 'planDate_end', DATE),
    today: deps.today(),
  };
}

function itemFilter(deps: WorkDeps, request: FastifyRequest, who: WorkWho): Omit<ItemFilter, 'visible'> {
  return {
    ...countFilter(deps, request, who),
    assignee: text(request, 'assignee'),
    status: text(request, 'status', STATUS),
    title: text(request, 'title'),
    overdue: text(request, 'overdue') === '1',
  };
}

async function items(deps: WorkDeps, request: FastifyRequest, filter: ItemFilter) {
  const { current, size } = paging(request);
  const page = await itemPage(deps.db, filter, current, size);
  return ok(pageOf(page.records, page.total, current, size));
}

export function registerWorkBoardRoutes(app: FastifyInstance, deps: WorkDeps): void {
  const { db } = deps;
  const signedIn = access(null);
  const managers = access(WorkPerms.depart);
  const base = '/sys/work';

  app.get(`${base}/list`, signedIn, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const asked = text(request, 'departCode');
      const visible = asked ? underSql(sql`w.depart_code`, departOf(who, asked)) : visibleItemSql(who);
      return items(deps, request, { ...itemFilter(deps, request, who), visible });
    }),
  );

  app.get(`${base}/queryById`, signedIn, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const id = idParam(request);
      const page = await itemPage(
        db,
        { tenantId: who.tenantId, visible: visibleItemSql(who), today: deps.today() },
        1,
        1,
        id,
      );
      if (page.records.length === 0) throw new ApiError(WorkMessages.notFound);
      return ok(page.records[0]);
    }),
  );

  app.get(`${base}/queryUserWorkPage`, signedIn, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const username = text(request, 'username') ?? who.username;
      if (username !== who.username) {
        const person = await userDepart(db, username);
        if (!person || !isUnder(person.orgCode, who.root))
          throw new ApiError(WorkMessages.noPerson, ResultCode.NO_AUTH);
      }
      const visible =
        username === who.username ? visibleItemSql(who) : underSql(sql`w.depart_code`, who.root ?? '-');
      return items(deps, request, { ...itemFilter(deps, request, who), assignee: username, visible });
    }),
  );

  app.get(`${base}/getSubDepartList`, managers, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      return ok(await subDeparts(db, departOf(who, text(request, 'departCode'))));
    }),
  );

  app.get(`${base}/getDepartWorkStatusQuantity`, managers, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const orgCode = departOf(who, text(request, 'departCode'));
      return ok({
        departCode: orgCode,
        ...(await departCounts(db, orgCode, countFilter(deps, request, who))),
      });
    }),
  );

  const statistics = (request: FastifyRequest) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const orgCode = departOf(who, text(request, 'departCode'));
      const rows = await departStatistics(db, orgCode, countFilter(deps, request, who));
      const { current, size } = paging(request);
      return ok(pageOf(rows.slice((current - 1) * size, current * size), rows.length, current, size));
    });
  app.get(`${base}/getDepartStatisticsPage`, managers, statistics);
  app.get(`${base}/board/list`, managers, statistics);

  app.get(`${base}/getWorkDetailsPage`, managers, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const orgCode = departOf(who, text(request, 'departCode'));
      return items(deps, request, {
        ...itemFilter(deps, request, who),
        visible: underSql(sql`w.depart_code`, orgCode),
      });
    }),
  );

  const people = (request: FastifyRequest) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const orgCode = departOf(who, text(request, 'departCode'));
      const rows = await peopleCounts(db, orgCode, countFilter(deps, request, who));
      const { current, size } = paging(request);
      return ok(pageOf(rows.slice((current - 1) * size, current * size), rows.length, current, size));
    });
  app.get(`${base}/getDepartUserWorkPage`, managers, people);
  app.get(`${base}/people/list`, managers, people);

  // 统计工作's 工作明细 view: one person's items (of the caller's scope), newest first.
  app.get(`${base}/people/items`, managers, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const username = idParam(request);
      const person = await userDepart(db, username);
      if (!person || !isUnder(person.orgCode, who.root))
        throw new ApiError(WorkMessages.noPerson, ResultCode.NO_AUTH);
      const filter = {
        ...countFilter(deps, request, who),
        assignee: username,
        visible: underSql(sql`w.depart_code`, who.root ?? '-'),
      };
      const { records } = await itemPage(db, filter, 1, 200);
      return ok({
        items: records.map((r) => ({
          ...r,
          itemTypeText: r.itemType_dictText,
          statusText: r.status_dictText,
        })),
      });
    }),
  );

  // The declared board's 人员 view: the department's people with their counts, and its open items.
  app.get(`${base}/board/people`, managers, (request) =>
    guarded(async () => {
      const who = await workWho(db, request);
      const orgCode = departOf(who, idParam(request));
      const filter = countFilter(deps, request, who);
      const people = await peopleCounts(db, orgCode, filter);
      const open = await itemPage(
        db,
        { ...filter, visible: sql`${underSql(sql`w.depart_code`, orgCode)} and w.status in ('0', '1')` },
        1,
        200,
      );
      const items = open.records.map((r) => ({
        ...r,
        realname: r.assignee_dictText,
        statusText: r.status_dictText,
        overdueText: r.overdue ? '已逾期' : '',
      }));
      return ok({ people, items });
    }),
  );
}
