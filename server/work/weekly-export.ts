/**
 * 团队周报's 导出 (the list's built-in export button, schemas/work/weekly-team.json): GET
 * /sys/work/weeklyTeam/exportXls with the list's filters writes the same rows as the list - everyone
 * of the caller's department and below for the week, 未提交 first - into an .xlsx with the list's
 * columns, and a last line with the week's counts.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { single } from '../../runtime/model/query/compile.js';
import { XLSX_TYPE } from '../entity/export.js';
import { access, guarded, queryOf } from '../entity/route-kit.js';
import { attachmentHeader, escapeCell } from '../entity/sheet-columns.js';
import type { WorkDeps } from './routes.js';
import { WorkPerms } from './scope.js';
import { teamPage } from './weekly-routes.js';

/** More people than any department has; the list pages, the export does not. */
const MAX_ROWS = 10_000;

const COLUMNS = ['周次', '姓名', '部门', '状态', '事项数', '合计用时(小时)', '提交时间'];

export function registerWeeklyTeamExport(
  app: FastifyInstance,
  deps: WorkDeps,
  formatDate: (d: Date) => string,
): void {
  app.get('/sys/work/weeklyTeam/exportXls', access(WorkPerms.team), async (request, reply) => {
    const { buffer, week } = await guarded(async () => {
      const page = await teamPage(deps, request, MAX_ROWS, 0);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(`团队周报 ${page.week}`);
      sheet.addRow(COLUMNS);
      for (const r of page.records)
        sheet.addRow([
          r.weekKey,
          escapeCell(r.realname),
          r.departName === null ? null : escapeCell(r.departName),
          r.status_dictText ?? r.status,
          r.itemCount,
          r.totalHours,
          r.submitTime ? formatDate(r.submitTime) : null,
        ]);
      sheet.addRow([]);
      sheet.addRow([`共${page.people}人，已提交${page.submitted}人，未提交${page.missing}人`]);
      return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), week: page.week };
    });
    const name = single(queryOf(request), 'fileName') || `团队周报_${week}`;
    return reply
      .header('content-disposition', attachmentHeader(name, 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(buffer);
  });
}
