/**
 * GET /sys/workOrderStatic/exportXls?part=: a table of the statistics screens as an .xlsx, built
 * from the same answers the screens show (so the file and the screen never disagree). `part` is
 * summary, depart, person, type, status, weekly, project, or all (every sheet in one workbook).
 */
import ExcelJS from 'exceljs';
import { escapeCell } from '../../entity/sheet-columns.js';
import type { Figures } from './queries.js';
import type { DepartAnswer, ProjectAnswer, StatisticsAnswer } from './answers.js';

export const EXPORT_PARTS = [
  'summary',
  'depart',
  'person',
  'type',
  'status',
  'weekly',
  'project',
  'all',
] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export interface ExportData {
  stats?: StatisticsAnswer;
  departs?: DepartAnswer;
  projects?: ProjectAnswer;
}

/** Which answers a part needs. */
export function partNeeds(part: ExportPart): { stats: boolean; departs: boolean; projects: boolean } {
  const all = part === 'all';
  return {
    stats: all || ['summary', 'person', 'type', 'status', 'weekly'].includes(part),
    departs: all || part === 'depart',
    projects: all || part === 'project',
  };
}

type Cell = string | number | null;

const FIGURE_TITLES = ['工单总数', '进行中', '已完成', '逾期', '逾期率(%)', '平均完成时长(小时)'];
const figureCells = (f: Figures): Cell[] => [
  f.total,
  f.open,
  f.finished,
  f.overdue,
  f.overdueRate,
  f.avgFinishHours,
];

interface Sheet {
  name: string;
  header: string[];
  rows: Cell[][];
}

function sheetsOf(part: ExportPart, data: ExportData): Sheet[] {
  const out: Sheet[] = [];
  const want = (p: ExportPart) => part === 'all' || part === p;
  const { stats, departs, projects } = data;
  if (stats && want('summary')) {
    const s = stats.summary;
    out.push({
      name: '汇总',
      header: ['指标', '数值'],
      rows: [
        ['统计区间', `${stats.beginDate} 至 ${stats.endDate}`],
        ['部门', stats.departName ?? '全部'],
        ['总工单', s.total],
        ['待接收', s.waiting],
        ['处理中', s.processing],
        ['已完成', s.finished],
        ['已关闭', s.closed],
        ['已撤回', s.withdrawn],
        ['逾期（未完成）', s.overdueOpen],
        ['逾期完成', s.finishedLate],
        ['逾期合计', s.overdue],
        ['逾期率(%)', s.overdueRate],
        ['平均完成时长(小时)', s.avgFinishHours],
        ['本周完成', s.finishedThisWeek],
      ],
    });
  }
  if (departs && want('depart'))
    out.push({
      name: '按部门',
      header: ['部门', ...FIGURE_TITLES],
      rows: departs.records.map((r) => [r.departName, ...figureCells(r)]),
    });
  if (stats && want('person'))
    out.push({
      name: '按负责人',
      header: ['负责人', '账号', ...FIGURE_TITLES],
      rows: stats.byPerson.map((r) => [r.realname, r.username, ...figureCells(r)]),
    });
  if (stats && want('type'))
    out.push({
      name: '按类型',
      header: ['工单类型', ...FIGURE_TITLES],
      rows: stats.byType.map((r) => [r.typeText, ...figureCells(r)]),
    });
  if (stats && want('status'))
    out.push({
      name: '按状态',
      header: ['状态', '工单数'],
      rows: stats.byStatus.map((r) => [r.statusText, r.count]),
    });
  if (stats && want('weekly'))
    out.push({
      name: '按周趋势',
      header: ['周（起始日）', '新建', '完成'],
      rows: stats.weekly.map((r) => [r.weekStart, r.created, r.finished]),
    });
  if (projects && want('project'))
    out.push({
      name: '按项目',
      header: ['项目', ...FIGURE_TITLES],
      rows: projects.records.map((r) => [r.projectName, ...figureCells(r)]),
    });
  return out;
}

export async function workbookOf(part: ExportPart, data: ExportData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheetsOf(part, data)) {
    const ws = workbook.addWorksheet(sheet.name);
    ws.addRow(sheet.header).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row.map((c) => (typeof c === 'string' ? escapeCell(c) : c)));
    ws.columns.forEach((column, i) => {
      column.width = i === 0 ? 22 : 14;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file's name: what and when, e.g. 工单统计-按部门-2026-01-01至2026-11-26. */
export function exportName(part: ExportPart, data: ExportData): string {
  const filter = data.stats ?? data.departs ?? data.projects;
  const what = part === 'all' ? '' : `-${sheetsOf(part, data)[0]?.name ?? part}`;
  return `工单统计${what}-${filter?.beginDate ?? ''}至${filter?.endDate ?? ''}`;
}
