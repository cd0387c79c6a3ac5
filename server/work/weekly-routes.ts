/**
 * The manager's view of weekly reports (团队周报, schemas/work/weekly-team.json): every live person
 * of the caller's department and below for one ISO week (default this week), with their report's
 * state - 已提交, 草稿 or 未提交 when they have none - and the report's items on demand.
 * GET /sys/work/weeklyTeam/list?weekKey&departCode&realname&status, GET .../items?id=<report id>;
 * the list's export is weekly-export.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { single } from '../../runtime/model/query/compile.js';
import { access, guarded, idParam, pageOf, queryOf } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { WEEKLY_STATUS } from './dicts.js';
import { weekKeyOf, weekMonday } from './periods.js';
import type { WorkDeps } from './routes.js';
import { paging } from './routes.js';
import { departOf, isUnder, underSql, WorkMessages, WorkPerms, workWho } from './scope.js';

interface TeamRow {
  id: string;
  username: string;
  realname: string;
  departCode: string | null;
  departName: string | null;
  status: string;
  itemCount: number;
  totalHours: number | null;
  submitTime: Date | null;
}

function param(request: FastifyRequest, name: string): string | undefined {
  const raw = single(queryOf(request), name);
  return raw === undefined || raw === '' ? undefined : raw;
}

export interface TeamPage {
  week: string;
  records: (TeamRow & { weekKey: string; departCode_dictText: string | null; status_dictText?: string })[];
  people: number;
  submitted: number;
  missing: number;
}

/**
 * One week's people of the caller's department and below with their report's state (the list's
 * filters), 未提交 first; `limit` rows from `offset`. Shared by the list and its export.
 */
export async function teamPage(
  deps: WorkDeps,
  request: FastifyRequest,
  limit: number,
  offset: number,
): Promise<TeamPage> {
  const { db } = deps;
  const who = await workWho(db, request, WorkPerms.team);
  const week = param(request, 'weekKey') ?? weekKeyOf(deps.today());
  if (!weekMonday(week)) throw new ApiError(WorkMessages.badWeek(week));
  const orgCode = departOf(who, param(request, 'departCode'));
  const status = param(request, 'status');
  if (status !== undefined && !(status in WEEKLY_STATUS)) throw new ApiError(`参数错误：status=${status}`);
  const realname = param(request, 'realname');
  const parts: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`u.del_flag = 0 and u.status = 1`,
    underSql(sql`u.org_code`, orgCode),
  ];
  if (realname) parts.push(sql<SqlBool>`position(${realname} in u.realname) > 0`);
  if (status) parts.push(sql<SqlBool>`coalesce(r.status, '9') = ${status}`);
  const where = sql.join(parts, sql` and `);
  const from = sql`from sys_user u
    left join sys_depart d on d.org_code = u.org_code and d.del_flag = 0
    left join biz_weekly_report r on r.reporter = u.username and r.week_key = ${week}`;
  const count = await sql<{ n: number; missing: number; submitted: number }>`select count(*)::int as n,
      count(*) filter (where r.id is null)::int as missing,
      count(*) filter (where r.status = '1')::int as submitted
    ${from} where ${where}`.execute(db);
  const rows = await sql<TeamRow>`select coalesce(r.id, 'u-' || u.id) as id, u.username, u.realname,
      u.org_code as "departCode", d.depart_name as "departName", coalesce(r.status, '9') as status,
      (select count(*)::int from biz_weekly_report_item i where i.report_id = r.id) as "itemCount",
      r.total_hours as "totalHours", r.submit_time as "submitTime"
    ${from} where ${where}
    order by case coalesce(r.status, '9') when '9' then 0 when '0' then 1 else 2 end, u.org_code, u.username
    limit ${limit} offset ${offset}`.execute(db);
  const head = count.rows[0]!;
  return {
    week,
    records: rows.rows.map((r) => ({
      ...r,
      weekKey: week,
      departCode_dictText: r.departName,
      status_dictText: WEEKLY_STATUS[r.status],
      totalHours: r.totalHours === null ? null : Number(r.totalHours),
    })),
    people: head.n,
    submitted: head.submitted,
    missing: head.missing,
  };
}

export function registerWeeklyTeamRoutes(app: FastifyInstance, deps: WorkDeps): void {
  const { db } = deps;
  const team = access(WorkPerms.team);

  app.get('/sys/work/weeklyTeam/list', team, (request) =>
    guarded(async () => {
      const { current, size } = paging(request);
      const page = await teamPage(deps, request, size, (current - 1) * size);
      const { week, people, submitted, missing } = page;
      return ok({
        ...pageOf(page.records, people, current, size),
        summary: { weekKey: week, people, submitted, missing },
      });
    }),
  );

  app.get('/sys/work/weeklyTeam/items', team, (request) =>
    guarded(async () => {
      const id = idParam(request);
      if (id.startsWith('u-')) return ok({ items: [] });
      const who = await workWho(db, request, WorkPerms.team);
      const report = await sql<{ departCode: string | null }>`select depart_code as "departCode"
        from biz_weekly_report where id = ${id}`.execute(db);
      const found = report.rows[0];
      if (!found || !isUnder(found.departCode, who.root)) throw new ApiError(WorkMessages.notFound);
      const items =
        await sql`select id, project_name as "projectName", progress, hours, this_week as "thisWeek",
          next_week as "nextWeek"
        from biz_weekly_report_item where report_id = ${id} order by create_time, id`.execute(db);
      return ok({ items: items.rows });
    }),
  );
}
