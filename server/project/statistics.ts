/**
 * 项目统计 and 人员负荷 (schemas/project/project-statistics.json, project-load.json; "routes": "external")
 * and the spec's /sys/projectStatic calls. Only live projects of the caller's tenant that the caller
 * sees are counted (access.ts). Overdue: not closed and the planned end before today.
 *  - list?by=status|category|customer|manager: a 合计 row, then one row per group;
 *  - load/list?realname=: per person the open (not closed) projects they manage or are a member of;
 *  - exportXls, load/exportXls: the same rows as .xlsx (header = the screen's column titles);
 *  - getStatistics, getCategoryList, getUserEmploy, getProjectEmploy, getRecentCountList: JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { XLSX_TYPE } from '../entity/export.js';
import { guarded, pageOf } from '../entity/route-kit.js';
import { attachmentHeader, escapeCell } from '../entity/sheet-columns.js';
import { ApiError, ok } from '../result.js';
import { todayIn } from '../workorder/rules.js';
import { seesProject, viewerOf, type Viewer } from './access.js';
import { text, type ProjectContext } from './context.js';

export const STATISTICS_PERMISSION = 'project:statistics';
const allowed = { config: { access: { perm: STATISTICS_PERMISSION } } };
const TOTAL = '（合计）';

/** The project list's query field each grouping filters by (查看项目 opens the list filtered so). */
const KEYS = {
  status: ['status', sql`p.status`],
  category: ['category', sql`coalesce(p.category, '')`],
  customer: ['customerId', sql`coalesce(p.customer_id, '')`],
  manager: ['manager', sql`coalesce(p.manager, '')`],
} as const;
const KEY_FIELDS = ['status', 'category', 'customerId', 'manager'] as const;

const GROUPS = {
  status: sql`coalesce((select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
    where d.dict_code = 'project_status' and i.item_value = p.status limit 1), p.status)`,
  category: sql`coalesce((select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
    where d.dict_code = 'project_category' and i.item_value = p.category limit 1), '未分类')`,
  customer: sql`coalesce(c.name, '未关联客户')`,
  manager: sql`coalesce(u.realname, p.manager, '未指定')`,
} as const;
type GroupBy = keyof typeof GROUPS;

interface StatRow {
  groupName: string;
  total: number;
  notStarted: number;
  running: number;
  suspended: number;
  closed: number;
  overdue: number;
  budget: number;
}

function live(viewer: Viewer): RawBuilder<unknown> {
  return sql`p.del_flag = 0 and p.tenant_id = ${viewer.tenantId} and ${seesProject('p', viewer)}`;
}

async function groupRows(ctx: ProjectContext, viewer: Viewer, by: GroupBy): Promise<StatRow[]> {
  const today = todayIn(ctx.timeZone);
  const { rows } = await sql<
    StatRow & { sortKey: string; groupKey: string }
  >`select ${GROUPS[by]} as "groupName",
      min(${by === 'status' ? sql`p.status` : sql`p.id`}) as "sortKey", min(${KEYS[by][1]}) as "groupKey",
      count(*)::int as total,
      count(*) filter (where p.status = '0')::int as "notStarted",
      count(*) filter (where p.status = '1')::int as running,
      count(*) filter (where p.status = '2')::int as suspended,
      count(*) filter (where p.status = '3')::int as closed,
      count(*) filter (where p.status <> '3' and p.plan_end < ${today}::date)::int as overdue,
      coalesce(sum(p.budget), 0)::float8 as budget
    from biz_project p
    left join biz_customer c on c.id = p.customer_id
    left join sys_user u on u.username = p.manager
    where ${live(viewer)}
    group by 1
    order by ${by === 'status' ? sql`2` : sql`4 desc, 1`}`.execute(ctx.db);
  const sum = (key: keyof Omit<StatRow, 'groupName'>) => rows.reduce((n, r) => n + Number(r[key]), 0);
  const total: StatRow = {
    groupName: TOTAL,
    total: sum('total'),
    notStarted: sum('notStarted'),
    running: sum('running'),
    suspended: sum('suspended'),
    closed: sum('closed'),
    overdue: sum('overdue'),
    budget: Math.round(sum('budget') * 100) / 100,
  };
  const keys = (value: string) =>
    Object.fromEntries(KEY_FIELDS.map((f) => [f, f === KEYS[by][0] ? value : '']));
  return [
    { ...total, ...keys('') },
    ...rows.map(({ sortKey: _sort, groupKey, ...r }) => ({ ...r, ...keys(groupKey) })),
  ];
}

interface LoadRow {
  username: string;
  realname: string;
  departName: string | null;
  managed: number;
  joined: number;
  total: number;
  running: number;
  overdue: number;
}

async function loadRows(ctx: ProjectContext, viewer: Viewer, name: string): Promise<LoadRow[]> {
  const today = todayIn(ctx.timeZone);
  const word = name ? `%${name.replace(/[\\%_*]/g, (c) => (c === '*' ? '' : `\\${c}`))}%` : null;
  const { rows } = await sql<LoadRow>`with open_projects as (
      select p.id, p.manager, p.members, p.status, p.plan_end from biz_project p
      where ${live(viewer)} and p.status <> '3'),
    roles as (
      select manager as username, id, status, plan_end, true as managing from open_projects
      union
      select trim(m) as username, id, status, plan_end, false as managing
        from open_projects, unnest(string_to_array(coalesce(members, ''), ',')) as m
        where trim(m) <> '' and trim(m) <> manager)
    select r.username, coalesce(u.realname, r.username) as realname,
      (select d.depart_name from sys_depart d where d.org_code = u.org_code limit 1) as "departName",
      count(*) filter (where r.managing)::int as managed,
      count(*) filter (where not r.managing)::int as joined,
      count(*)::int as total,
      count(*) filter (where r.status = '1')::int as running,
      count(*) filter (where r.plan_end < ${today}::date)::int as overdue
    from roles r left join sys_user u on u.username = r.username
    where (${word}::text is null or coalesce(u.realname, r.username) ilike ${word})
    group by r.username, u.realname, u.org_code
    order by total desc, managed desc, 1`.execute(ctx.db);
  return rows;
}

function groupOf(request: FastifyRequest): GroupBy {
  const by = text(request, 'by') || 'status';
  if (!Object.hasOwn(GROUPS, by)) throw new ApiError(`参数不识别：by=${by}`);
  return by as GroupBy;
}

const STAT_HEADER: [keyof StatRow, string][] = [
  ['groupName', '分组'],
  ['total', '项目数'],
  ['notStarted', '未启动'],
  ['running', '进行中'],
  ['suspended', '已暂停'],
  ['closed', '已关闭'],
  ['overdue', '逾期未关闭'],
  ['budget', '预算合计（元）'],
];
const LOAD_HEADER: [keyof LoadRow, string][] = [
  ['realname', '姓名'],
  ['departName', '部门'],
  ['managed', '负责项目'],
  ['joined', '参与项目'],
  ['total', '合计'],
  ['running', '其中进行中'],
  ['overdue', '其中逾期'],
];

async function sendSheet<T extends object>(
  reply: FastifyReply,
  name: string,
  header: [keyof T, string][],
  rows: T[],
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(name);
  sheet.addRow(header.map(([, title]) => title));
  for (const row of rows)
    sheet.addRow(
      header.map(([key]) => {
        const v = row[key] as unknown;
        return typeof v === 'string' ? escapeCell(v) : (v ?? null);
      }),
    );
  sheet.columns.forEach((c, i) => (c.width = i < 2 ? 24 : 14));
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-disposition', attachmentHeader(name, 'xlsx'))
    .header('cache-control', 'no-store')
    .type(XLSX_TYPE)
    .send(bytes);
}

const page = <T>(rows: T[]) => ok(pageOf(rows, rows.length, 1, Math.max(rows.length, 1)));
const BY_TITLE: Readonly<Record<GroupBy, string>> = {
  status: '按状态',
  category: '按类别',
  customer: '按客户',
  manager: '按项目经理',
};

export function registerProjectStatistics(app: FastifyInstance, ctx: ProjectContext): void {
  const viewer = (request: FastifyRequest) => viewerOf(ctx.db, request);
  app.get('/sys/projectStatic/list', allowed, (request) =>
    guarded(async () => page(await groupRows(ctx, await viewer(request), groupOf(request)))),
  );
  app.get('/sys/projectStatic/exportXls', allowed, async (request, reply) => {
    const by = await guarded(async () => groupOf(request));
    const rows = await groupRows(ctx, await viewer(request), by);
    return sendSheet(reply, `项目统计（${BY_TITLE[by]}）`, STAT_HEADER, rows);
  });
  app.get('/sys/projectStatic/load/list', allowed, (request) =>
    guarded(async () => page(await loadRows(ctx, await viewer(request), text(request, 'realname')))),
  );
  app.get('/sys/projectStatic/load/exportXls', allowed, async (request, reply) => {
    const rows = await loadRows(ctx, await viewer(request), text(request, 'realname'));
    return sendSheet(reply, '人员负荷', LOAD_HEADER, rows);
  });
  app.get('/sys/projectStatic/getStatistics', allowed, (request) =>
    guarded(async () => ok(await groupRows(ctx, await viewer(request), 'status'))),
  );
  app.get('/sys/projectStatic/getCategoryList', allowed, (request) =>
    guarded(async () => ok(await groupRows(ctx, await viewer(request), 'category'))),
  );
  app.get('/sys/projectStatic/getUserEmploy', allowed, (request) =>
    guarded(async () => ok(await loadRows(ctx, await viewer(request), ''))),
  );
  app.get('/sys/projectStatic/getProjectEmploy', allowed, (request) =>
    guarded(async () => {
      const v = await viewer(request);
      const { rows } = await sql`select p.id, p.name, p.status,
          1 + coalesce(array_length(array_remove(string_to_array(coalesce(p.members, ''), ','), ''), 1), 0)
            as "people"
        from biz_project p where ${live(v)} and p.status <> '3' order by 4 desc, p.name limit 200`.execute(
        ctx.db,
      );
      return ok(rows);
    }),
  );
  app.get('/sys/projectStatic/getRecentCountList', allowed, (request) =>
    guarded(async () => {
      const v = await viewer(request);
      const { rows } = await sql`select to_char(date_trunc('month', p.create_time), 'YYYY-MM') as month,
          count(*)::int as created, count(*) filter (where p.status = '3')::int as closed
        from biz_project p where ${live(v)} and p.create_time >= now() - interval '12 months'
        group by 1 order by 1`.execute(ctx.db);
      return ok(rows);
    }),
  );
}
