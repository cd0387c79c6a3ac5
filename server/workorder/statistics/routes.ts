/**
 * Work-order statistics (spec 001 §7 "Work order statistics", docs/modules/workorder-statistics.md):
 * GET /sys/workOrderStatic/workOrderStatistics - summary, by status / type / person in charge, weekly;
 * GET /sys/workOrderStatic/getAgencyStastics   - by department (机构), one level below the filter;
 * GET /sys/workOrderStatic/projectTotalSummary - by project;
 * GET /sys/workOrderStatic/exportXls?part=      - one of those tables (or all) as an .xlsx.
 * Each takes beginDate, endDate, orgCode; each needs workOrder:list (the managers' 全部工单 grant,
 * which the 工单统计 and 工单图表 menus share).
 */
import type { FastifyInstance } from 'fastify';
import { single } from '../../../runtime/model/query/compile.js';
import { XLSX_TYPE } from '../../entity/export.js';
import { access, guarded, queryOf } from '../../entity/route-kit.js';
import { attachmentHeader } from '../../entity/sheet-columns.js';
import { ApiError, ok } from '../../result.js';
import type { WorkOrderContext } from '../context.js';
import { departAnswer, projectAnswer, statisticsAnswer } from './answers.js';
import { statisticsQuery, StatisticsMessages } from './filters.js';
import {
  EXPORT_PARTS,
  exportName,
  partNeeds,
  workbookOf,
  type ExportData,
  type ExportPart,
} from './sheets.js';

const BASE = '/sys/workOrderStatic';
export const STATISTICS_PERMISSION = 'workOrder:list';

export function registerWorkOrderStatistics(app: FastifyInstance, ctx: WorkOrderContext): void {
  const allowed = access(STATISTICS_PERMISSION);
  app.get(`${BASE}/workOrderStatistics`, allowed, (request) =>
    guarded(async () => ok(await statisticsAnswer(ctx.db, await statisticsQuery(ctx, request)))),
  );
  app.get(`${BASE}/getAgencyStastics`, allowed, (request) =>
    guarded(async () => ok(await departAnswer(ctx.db, await statisticsQuery(ctx, request)))),
  );
  app.get(`${BASE}/projectTotalSummary`, allowed, (request) =>
    guarded(async () => ok(await projectAnswer(ctx.db, await statisticsQuery(ctx, request)))),
  );
  app.get(`${BASE}/exportXls`, allowed, async (request, reply) => {
    const { bytes, name } = await guarded(async () => {
      const raw = single(queryOf(request), 'part') ?? 'all';
      if (!(EXPORT_PARTS as readonly string[]).includes(raw))
        throw new ApiError(StatisticsMessages.badPart(raw));
      const part = raw as ExportPart;
      const q = await statisticsQuery(ctx, request);
      const needs = partNeeds(part);
      const data: ExportData = {
        ...(needs.stats ? { stats: await statisticsAnswer(ctx.db, q) } : {}),
        ...(needs.departs ? { departs: await departAnswer(ctx.db, q) } : {}),
        ...(needs.projects ? { projects: await projectAnswer(ctx.db, q) } : {}),
      };
      return { bytes: await workbookOf(part, data), name: exportName(part, data) };
    });
    return reply
      .header('content-disposition', attachmentHeader(name, 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(bytes);
  });
}
