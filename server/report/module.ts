/**
 * Online reports (docs/modules/reports.md): the report data set's views are rebuilt at start (the
 * declared tables exist by then), the report login is opened on PostgreSQL (report-login.ts), then
 * the designer, data set, menu and report screen calls. The data sources' pools (source-pools.ts)
 * and the report login's end with the server.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { EMBEDDED_REPORT_MAX_COST, REPORT_DEFAULTS } from '../config.js';
import { createDateFormatter } from '../http/dates.js';
import { registerReportApiRoutes } from './api-routes.js';
import { ReportCache } from './cache.js';
import { syncReportViews } from './dataset.js';
import { registerReportDatasetRoutes } from './dataset-routes.js';
import { registerReportDesignerRoutes } from './designer-routes.js';
import { registerReportMenuRoutes } from './menu-routes.js';
import { closeReportLogin, openReportLogin } from './report-login.js';
import type { ReportDeps } from './run.js';
import { ReportSourcePools } from './source-pools.js';
import { createSecretBox } from '../sys/data-source/secret.js';

export async function registerReports(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const format = createDateFormatter(deps.config.timeZone);
  const limits = deps.config.report ?? REPORT_DEFAULTS;
  const reportDeps: ReportDeps = {
    database: deps.database,
    timeZone: deps.config.timeZone,
    timeoutMs: limits.timeoutMs,
    exportRows: limits.exportRows,
    // Lower on the embedded database, where no statement timeout backs the estimate.
    maxCost:
      deps.config.report?.maxCost ??
      (deps.database.kind === 'pglite' ? EMBEDDED_REPORT_MAX_COST : REPORT_DEFAULTS.maxCost),
    cache: new ReportCache(),
    // Its own box over the same key (DATA_SOURCE_KEY or the data directory's key file).
    sources: new ReportSourcePools(
      deps.database.db,
      createSecretBox(deps.config.dataSourceKey, deps.config.dataDir),
      (message) => app.log.warn(message),
      deps.config.dataSourceHosts,
      deps.pause,
    ),
    now: () => format(new Date()),
  };
  app.addHook('onClose', () => reportDeps.sources.close());
  await syncReportViews(deps.database.db);
  await openReportLogin(deps.database, deps.config.reportDatabaseUrl ?? '', (message) =>
    app.log.warn(message),
  );
  app.addHook('onClose', () => closeReportLogin(deps.database));
  registerReportDesignerRoutes(app, reportDeps);
  registerReportMenuRoutes(app, reportDeps);
  registerReportDatasetRoutes(app, reportDeps);
  registerReportApiRoutes(app, reportDeps);
}
