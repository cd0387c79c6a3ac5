/**
 * The answers of the statistics calls, built from the aggregate rows (queries.ts) and the two
 * dictionaries' texts (work_order_status, work_order_type: one statement). Shapes are documented in
 * docs/modules/workorder-statistics.md.
 */
import type { Db } from '../../db/database.js';
import { groupLength, type StatisticsFilter, type StatisticsQuery } from './filters.js';
import {
  byDepart,
  byProject,
  figures,
  finishedThisWeek,
  totals,
  weekly,
  type Figures,
  type WeekRow,
} from './queries.js';

export const StatisticsText = {
  noDepart: '未设置部门',
  ownLevel: '（本级）',
  noProject: '未关联项目',
} as const;

export interface Summary extends Figures {
  /** 待接收 */
  waiting: number;
  /** 处理中 */
  processing: number;
  closed: number;
  withdrawn: number;
  finishedLate: number;
  finishedThisWeek: number;
}

export interface StatisticsAnswer extends StatisticsFilter {
  summary: Summary;
  byStatus: { status: string; statusText: string; count: number }[];
  byType: ({ orderType: string; typeText: string } & Figures)[];
  byPerson: ({ username: string; realname: string } & Figures)[];
  weekly: WeekRow[];
}

export interface DepartAnswer extends StatisticsFilter {
  records: ({ orgCode: string | null; departName: string } & Figures)[];
}

export interface ProjectAnswer extends StatisticsFilter {
  records: ({ projectId: string | null; projectName: string } & Figures)[];
}

type Dict = Map<string, { text: string; order: number }>;

async function dicts(db: Db): Promise<{ status: Dict; type: Dict }> {
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText', 'i.sortOrder'])
    .where('d.dictCode', 'in', ['work_order_status', 'work_order_type'])
    .where('d.delFlag', '=', 0)
    .orderBy('i.sortOrder')
    .execute();
  const status: Dict = new Map();
  const type: Dict = new Map();
  for (const r of rows)
    (r.dictCode === 'work_order_status' ? status : type).set(r.itemValue, {
      text: r.itemText,
      order: Number(r.sortOrder ?? 0),
    });
  return { status, type };
}

const orderIn = (dict: Dict, value: string) => dict.get(value)?.order ?? Number.MAX_SAFE_INTEGER;

/** GET /sys/workOrderStatic/workOrderStatistics */
export async function statisticsAnswer(db: Db, q: StatisticsQuery): Promise<StatisticsAnswer> {
  const [rows, weeks, thisWeek, dict] = await Promise.all([
    totals(db, q),
    weekly(db, q),
    finishedThisWeek(db, q),
    dicts(db),
  ]);
  const all = rows.find((r) => !r.byStatus && !r.byType && !r.byCharge);
  const summary: Summary = {
    ...figures(all ?? { total: 0, open: 0, finished: 0, overdueOpen: 0, finishedLate: 0, avgHours: null }),
    waiting: Number(all?.waiting ?? 0),
    processing: Number(all?.processing ?? 0),
    closed: Number(all?.closed ?? 0),
    withdrawn: Number(all?.withdrawn ?? 0),
    finishedLate: Number(all?.finishedLate ?? 0),
    finishedThisWeek: thisWeek,
  };
  // Every status of the dictionary, also those without orders (a pie legend that does not jump).
  const counted = new Map(rows.filter((r) => r.byStatus).map((r) => [String(r.status), Number(r.total)]));
  const statuses = [...new Set([...dict.status.keys(), ...counted.keys()])];
  const byStatus = statuses
    .sort((a, b) => orderIn(dict.status, a) - orderIn(dict.status, b))
    .map((status) => ({
      status,
      statusText: dict.status.get(status)?.text ?? status,
      count: counted.get(status) ?? 0,
    }));
  const byType = rows
    .filter((r) => r.byType)
    .map((r) => ({
      orderType: String(r.orderType ?? ''),
      typeText: dict.type.get(String(r.orderType))?.text ?? String(r.orderType ?? ''),
      ...figures(r),
    }))
    .sort((a, b) => b.total - a.total || orderIn(dict.type, a.orderType) - orderIn(dict.type, b.orderType));
  const byPerson = rows
    .filter((r) => r.byCharge)
    .map((r) => ({
      username: String(r.charge ?? ''),
      realname: r.realname ?? String(r.charge ?? ''),
      ...figures(r),
    }))
    .sort((a, b) => b.total - a.total || b.finished - a.finished || a.username.localeCompare(b.username));
  return { ...q.filter, summary, byStatus, byType, byPerson, weekly: weeks };
}

/** GET /sys/workOrderStatic/getAgencyStastics */
export async function departAnswer(db: Db, q: StatisticsQuery): Promise<DepartAnswer> {
  const rows = await byDepart(db, q);
  const records = rows.map((r) => {
    // Orders of the department itself (not of one below it) are its own row, marked 本级.
    const own = r.orgCode !== null && r.orgCode.length < groupLength(q.filter);
    const name = r.orgCode === null ? StatisticsText.noDepart : (r.departName ?? r.orgCode);
    return {
      orgCode: r.orgCode,
      departName: own ? `${name}${StatisticsText.ownLevel}` : name,
      ...figures(r),
    };
  });
  return { ...q.filter, records };
}

/** GET /sys/workOrderStatic/projectTotalSummary */
export async function projectAnswer(db: Db, q: StatisticsQuery): Promise<ProjectAnswer> {
  const rows = await byProject(db, q);
  const records = rows.map((r) => ({
    projectId: r.projectId,
    projectName: r.projectName ?? r.projectId ?? StatisticsText.noProject,
    ...figures(r),
  }));
  return { ...q.filter, records };
}
