/**
 * The report screen's calls (spec 000 section 7, 001 section 7): getRpColumns/{code},
 * getQueryInfo/{id}, getParamsInfo/{id}, getData/{id} and exportXls/{id}. A report is named by id
 * or code; every call checks the caller may open it (checkCanOpen).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../sys/permission.js';
import { lookupDict } from '../sys/dicts.js';
import { guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { DefinitionMessages, loadDefinition, type ReportDefinition } from './definition.js';
import { reportDb } from './tables.js';
import { checkCanOpen, reportPage, type ReportDeps } from './run.js';
import { registerReportExport } from './export.js';

const authenticated = { config: { access: 'authenticated' as const } };
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The report a path names, for a caller who may open it. */
export async function openReport(deps: ReportDeps, request: FastifyRequest): Promise<ReportDefinition> {
  const key = (request.params as { key?: string }).key ?? '';
  if (!ID.test(key)) throw new ApiError(DefinitionMessages.notFound);
  const def = await loadDefinition(reportDb(deps.database.db), key);
  if (!def) throw new ApiError(DefinitionMessages.notFound);
  await checkCanOpen(deps, requireAuth(request), def);
  return def;
}

/** Every dictionary the report's columns and parameters name, as {value, text} lists. */
async function dictOptions(deps: ReportDeps, def: ReportDefinition) {
  const codes = [
    ...new Set([...def.items.map((i) => i.dictCode), ...def.params.map((p) => p.dictCode)].filter(Boolean)),
  ];
  const out: Record<string, { value: string; text: string }[]> = {};
  for (const code of codes as string[]) {
    const items = await lookupDict(deps.database.db, code, { kind: 'all' }, 500).catch(() => []);
    out[code] = items.map((i) => ({ value: i.value, text: i.text }));
  }
  return out;
}

export function registerReportApiRoutes(app: FastifyInstance, deps: ReportDeps): void {
  const base = '/online/cgreport/api';

  app.get(`${base}/getRpColumns/:key`, authenticated, (request) =>
    guarded(async () => {
      const def = await openReport(deps, request);
      const shown = def.items.filter((i) => i.isShow);
      const options = await dictOptions(deps, def);
      return ok({
        columns: shown.map((i) => ({
          title: i.fieldTxt,
          dataIndex: i.fieldName,
          fieldType: i.fieldType,
          width: i.fieldWidth,
          sorter: i.isOrder === 1,
          dictCode: i.dictCode,
          href: i.fieldHref,
          total: i.isTotal,
        })),
        dictOptions: Object.fromEntries(
          shown.filter((i) => i.dictCode).map((i) => [i.fieldName, options[i.dictCode!] ?? []]),
        ),
        fieldHrefSlots: shown
          .filter((i) => i.fieldHref)
          .map((i) => ({ field: i.fieldName, href: i.fieldHref })),
        isGroupTitle: false,
        cgRpConfigId: def.head.id,
        cgRpConfigName: def.head.name,
        chart: def.head.chart,
      });
    }),
  );

  app.get(`${base}/getQueryInfo/:key`, authenticated, (request) =>
    guarded(async () => {
      const def = await openReport(deps, request);
      return ok(
        def.items
          .filter((i) => i.isSearch)
          .map((i) => ({
            field: i.fieldName,
            label: i.fieldTxt,
            view: i.fieldType,
            mode: i.searchMode === 'group' ? 'group' : 'single',
            dictCode: i.dictCode,
          })),
      );
    }),
  );

  app.get(`${base}/getParamsInfo/:key`, authenticated, (request) =>
    guarded(async () => {
      const def = await openReport(deps, request);
      return ok(
        def.params.map((p) => ({
          paramName: p.paramName,
          paramTxt: p.paramTxt,
          paramType: p.paramType,
          paramValue: p.paramValue,
          dictCode: p.dictCode,
          required: p.required === 1,
          dependsOn: p.dependsOn,
        })),
      );
    }),
  );

  app.get(`${base}/getData/:key`, authenticated, (request) =>
    guarded(async () => {
      const def = await openReport(deps, request);
      return ok(await reportPage(deps, request, requireAuth(request), def));
    }),
  );

  registerReportExport(app, deps, openReport);
}
