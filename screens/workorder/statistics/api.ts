/**
 * The work-order statistics calls (docs/modules/workorder-statistics.md) as the two screens use
 * them: the filters, the answers' shapes, the department tree for the filter and the export.
 */
import { getAction } from '../../../src/http/client';
import { downloadFile } from '../../../src/http/download';
import type { DepartNode } from '../../../runtime/model/contract/pickers';

const BASE = '/sys/workOrderStatic';

export interface StatFilter {
  beginDate: string;
  endDate: string;
  /** '' = every department. */
  orgCode: string;
}

export interface Figures {
  total: number;
  open: number;
  finished: number;
  overdue: number;
  overdueOpen: number;
  /** Percent, one decimal. */
  overdueRate: number;
  /** Hours, one decimal; null when none finished. */
  avgFinishHours: number | null;
}

export interface Summary extends Figures {
  waiting: number;
  processing: number;
  closed: number;
  withdrawn: number;
  finishedLate: number;
  finishedThisWeek: number;
}

interface Period {
  beginDate: string;
  endDate: string;
  orgCode: string;
  departName: string | null;
  today: string;
}

export interface StatisticsAnswer extends Period {
  summary: Summary;
  byStatus: { status: string; statusText: string; count: number }[];
  byType: ({ orderType: string; typeText: string } & Figures)[];
  byPerson: ({ username: string; realname: string } & Figures)[];
  weekly: { weekStart: string; created: number; finished: number }[];
}

export type DepartFigures = { orgCode: string | null; departName: string } & Figures;

export interface DepartAnswer extends Period {
  records: DepartFigures[];
}

export interface Statistics {
  stats: StatisticsAnswer;
  departs: DepartAnswer;
}

/** Both answers a screen draws from, or the server's refusal. */
export async function loadStatistics(filter: StatFilter): Promise<Statistics> {
  const params = { ...filter, orgCode: filter.orgCode || undefined };
  const [stats, departs] = await Promise.all([
    getAction<StatisticsAnswer>(`${BASE}/workOrderStatistics`, params),
    getAction<DepartAnswer>(`${BASE}/getAgencyStastics`, params),
  ]);
  if (!stats.success || !stats.result) throw new Error(stats.message);
  if (!departs.success || !departs.result) throw new Error(departs.message);
  return { stats: stats.result, departs: departs.result };
}

export type ExportPart = 'summary' | 'depart' | 'person' | 'type' | 'status' | 'weekly' | 'project' | 'all';

export function exportPart(part: ExportPart, title: string, filter: StatFilter): Promise<boolean> {
  const name = `工单统计-${title}-${filter.beginDate}至${filter.endDate}.xlsx`;
  return downloadFile(`${BASE}/exportXls`, name, { ...filter, orgCode: filter.orgCode || undefined, part });
}

export interface DepartOption {
  value: string;
  title: string;
  children?: DepartOption[];
}

function options(nodes: readonly DepartNode[]): DepartOption[] {
  return nodes.map((n) => ({
    value: n.orgCode,
    title: n.departName,
    ...(n.children?.length ? { children: options(n.children) } : {}),
  }));
}

/** The department tree (the pickers' call), valued by org code. */
export async function loadDepartOptions(): Promise<DepartOption[]> {
  const res = await getAction<DepartNode[]>('/sys/sysDepart/queryTreeList');
  return res.success && res.result ? options(res.result) : [];
}
