/**
 * GET /online/cgreport/api/exportXls/{id}: the whole (filtered, sorted) result as an .xlsx,
 * streamed: rows come through a cursor 2,000 at a time inside the report session and go straight
 * to exceljs's streaming writer, so neither the rows nor the workbook sit in memory. At most
 * REPORT_EXPORT_ROWS rows; a result cut there says so in its last row and a response header
 * (the total is counted first, so the headers can say it before the rows follow).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryParams } from '../../runtime/model/query/compile.js';
import { dataScopeSql } from '../entity/data-scope.js';
import { XLSX_TYPE } from '../entity/export.js';
import { guarded } from '../entity/route-kit.js';
import { attachmentHeader, escapeCell } from '../entity/sheet-columns.js';
import { createDateFormatter } from '../http/dates.js';
import { requireAuth } from '../sys/permission.js';
import { lookupDict } from '../sys/dicts.js';
import type { ReportDefinition } from './definition.js';
import { innerSql, paramValues, REPORT_ALIAS, reportModel, reportStatements } from './query.js';
import { callerOf, checkStatement, reportUrls, type ReportDeps } from './run.js';
import { checkCost } from './session.js';
import { withReportTarget } from './source-session.js';

const FETCH = 2000;
export const TRUNCATED_HEADER = 'x-report-truncated';

type Opener = (deps: ReportDeps, request: FastifyRequest) => Promise<ReportDefinition>;

async function dictMaps(deps: ReportDeps, def: ReportDefinition): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const item of def.items) {
    if (!item.dictCode || out.has(item.dictCode)) continue;
    const items = await lookupDict(deps.database.db, item.dictCode, { kind: 'all' }, 200_000).catch(() => []);
    out.set(item.dictCode, new Map(items.map((i) => [i.value, i.text])));
  }
  return out;
}

export function registerReportExport(app: FastifyInstance, deps: ReportDeps, open: Opener): void {
  const format = createDateFormatter(deps.timeZone);
  app.get(
    '/online/cgreport/api/exportXls/:key',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      // Everything that can be refused is decided before the first byte.
      const job = await guarded(async () => {
        const def = await open(deps, request);
        const auth = requireAuth(request);
        const query = (request.query ?? {}) as QueryParams;
        const caller = callerOf(auth, deps);
        const values = paramValues(def, query, caller);
        const source = await checkStatement(deps, def, values);
        const model = reportModel(def);
        const scope = await dataScopeSql(
          deps.database.db,
          {
            userId: auth.userId,
            username: auth.username,
            orgCode: auth.orgCode,
            tenantId: auth.tenantId,
            now: caller.now,
          },
          model,
          REPORT_ALIAS,
          deps.timeZone,
          { urls: reportUrls(def) },
        );
        const statements = reportStatements(def, model, innerSql(def, values), query, scope, deps.timeZone);
        const count = statements.count.compile(deps.database.db);
        const total = await withReportTarget(
          deps.database,
          source,
          { timeoutMs: deps.timeoutMs, tenantId: auth.tenantId, reader: auth.userId },
          async (s) => {
            await checkCost(s, count.sql, count.parameters, deps.maxCost);
            return Number((await s.query<{ total: number }>(count.sql, count.parameters)).rows[0].total);
          },
        );
        return {
          def,
          auth,
          source,
          total,
          statement: statements.all(deps.exportRows).compile(deps.database.db),
          dicts: await dictMaps(deps, def),
        };
      });
      const columns = job.def.items.filter((i) => i.isShow);
      const stream = new PassThrough();
      const write = async () => {
        const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
          stream,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = workbook.addWorksheet(job.def.head.name.slice(0, 31));
        sheet.addRow(columns.map((c) => c.fieldTxt)).commit();
        let written = 0;
        await withReportTarget(
          deps.database,
          job.source,
          { timeoutMs: deps.timeoutMs * 6, tenantId: job.auth.tenantId, reader: job.auth.userId },
          async (session) => {
            await session.query(
              `declare report_rows no scroll cursor for ${job.statement.sql}`,
              job.statement.parameters,
            );
            for (;;) {
              const { rows } = await session.query(`fetch ${FETCH} from report_rows`, []);
              for (const row of rows) {
                sheet
                  .addRow(
                    columns.map((c) =>
                      cell(row[c.fieldName], c.dictCode ? job.dicts.get(c.dictCode) : undefined, format),
                    ),
                  )
                  .commit();
                written += 1;
              }
              if (rows.length < FETCH) break;
              // Let the response drain between batches instead of buffering the whole workbook.
              await new Promise<void>((resolve) => setImmediate(resolve));
            }
          },
        );
        if (job.total > written)
          sheet.addRow([`结果超过${deps.exportRows}行，只导出了前${deps.exportRows}行`]).commit();
        sheet.commit();
        await workbook.commit();
      };
      write().catch((error: unknown) => {
        request.log.error(error);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-disposition', attachmentHeader(job.def.head.name, 'xlsx'))
        .header('cache-control', 'no-store')
        .header('x-report-total', String(job.total))
        .header(TRUNCATED_HEADER, String(job.total > deps.exportRows))
        .type(XLSX_TYPE)
        .send(stream);
    },
  );
}

function cell(
  value: unknown,
  dict: Map<string, string> | undefined,
  format: (d: Date) => string,
): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (dict)
    return escapeCell(
      String(value)
        .split(',')
        .map((v) => dict.get(v) ?? v)
        .join(','),
    );
  if (value instanceof Date) return format(value);
  if (typeof value === 'number') return value;
  return escapeCell(String(value));
}
