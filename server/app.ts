import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { requireAccessDeclarations } from './http/access.js';
import { installAuthentication } from './http/authenticate.js';
import { createJsonSerializer } from './http/dates.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { ApiError, fail, ResultCode } from './result.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerSysRoutes } from './sys/routes.js';
import { provideDeclaredModels } from './sys/declared-models.js';
import { provideReferenceModels } from './entity/references.js';
import { registerFaultInjection } from './http/fault-injection.js';
import { registerEntityRoutes } from './entity/routes.js';
import { registerTodoRoutes } from './todo/routes.js';
import { TodoRegistry } from './todo/source.js';
import { todayIn } from './workorder/rules.js';
import {
  installWorkOrderRules,
  registerWorkOrder,
  WORK_ORDER_HOOKS,
  WORK_ORDER_SAVE_HOOKS,
} from './workorder/module.js';
import { installWorkRules, registerWork, WORK_HOOKS } from './work/module.js';
import { installMeetingRules, meetingHooks, registerMeeting } from './meeting/module.js';
import { EVALUATION_HOOKS, installEvaluationRules, registerEvaluation } from './evaluation/module.js';
import { installDocumentRules, registerDocuments } from './document/module.js';
import { installWorkflowRules, registerWorkflow } from './workflow/module.js';
import { workflowTimerJob } from './workflow/timer-job.js';
import { installOfficeRules, OFFICE_HOOKS, registerOffice } from './office/module.js';
import { registerVehicles } from './vehicle/module.js';
import {
  installProjectRules,
  registerProjects,
  PROJECT_HOOKS,
  PROJECT_SAVE_HOOKS,
} from './project/module.js';
import { installMailRules, registerMail } from './mail/module.js';
import { installPersonnelRules, registerPersonnel } from './personnel/module.js';
import { createSmsProvider, type SmsProvider } from './auth/sms.js';
import { timerPause, type Pause } from './auth/sign-in-throttle.js';
import type { AppDeps } from './deps.js';
import { registerNotices } from './notice/module.js';
import { installNoticeOutbox } from './notice/assigned.js';
import { installGridSync } from './grid-sync/module.js';
import { registerReports } from './report/module.js';
import { installJobs } from './jobs/module.js';
import { installOperationLog } from './sys/log/operation-log.js';
import { installMonitor } from './monitor/module.js';
import {
  DATA_REFUSED,
  DB_UNAVAILABLE,
  installNulGuard,
  isDatabaseUnavailable,
  isDataError,
  routerRefusal,
} from './http/db-errors.js';
import { installReadAfterWrite } from './db/read-routing.js';
import { registerOnline } from './online/module.js';
import { missingActionRoutes } from './entity/action-routes-check.js';
import { routeTable } from './http/access.js';
import type { LoadedDeclaration } from '../runtime/model/declaration/validate.js';

export interface BuildOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  sms?: SmsProvider;
  /** Replaces the sign-in throttle's timer (tests observe the wait instead of spending it). */
  pause?: Pause;
  logger?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const deps: AppDeps = {
    config,
    database,
    sms: options.sms ?? createSmsProvider(config),
    pause: options.pause ?? timerPause,
  };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    // A first start on a new database creates every declared table and the demo inside the plugins'
    // registration: seconds on a busy machine, past Fastify's 10 s default.
    pluginTimeout: 120_000,
    // A malformed URL or an over-long path parameter is refused by the router before any route: as a
    // Result too (server/http/db-errors.ts), not Fastify's own JSON.
    frameworkErrors: routerRefusal,
  });
  requireAccessDeclarations(app);
  app.setReplySerializer(createJsonSerializer(config.timeZone));
  // The document editor's server (docs/modules/documents.md "Editor") serves api.js and the editor frame.
  const editorOrigin = config.documentServer ? [new URL(config.documentServer.url).origin] : [];
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...editorOrigin],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // Document preview shows a PDF in the browser's own viewer from a same-origin blob URL.
        frameSrc: ["'self'", 'blob:', ...editorOrigin],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  installAuthentication(app, database.db, config);
  installOperationLog(app, deps);
  // Root hooks that count every request (系统监控, /metrics); before any route is registered.
  installMonitor(app, deps);
  installNulGuard(app); // input PostgreSQL cannot store is refused before any handler
  installReadAfterWrite(app, database.db); // a writer's lists read the primary (DATABASE_READ_URL)

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(fail(error.message, error.code));
    const fastifyError = error as { validation?: unknown; statusCode?: number; message: string };
    if (fastifyError.validation) return reply.status(200).send(fail(`参数错误：${fastifyError.message}`));
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send(fail(fastifyError.message, fastifyError.statusCode));
    }
    // The database restarting or out of reach: a clear answer, not an internal error (db-errors.ts).
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`database unavailable: ${fastifyError.message}`);
      return reply.status(200).send(fail(DB_UNAVAILABLE, ResultCode.ERROR));
    }
    if (isDataError(error)) {
      request.log.warn(`data error: ${fastifyError.message}`);
      return reply.status(200).send(fail(DATA_REFUSED, ResultCode.ERROR));
    }
    request.log.error(error);
    return reply.status(200).send(fail('操作失败，服务器内部错误', ResultCode.ERROR));
  });

  const { bus, hub: noticeHub } = await registerNotices(app, deps);
  // Notices written in a change's transaction are pushed once its answer reads success.
  installNoticeOutbox(app, bus);
  let declarations: readonly LoadedDeclaration[] = [];
  await app.register(
    async (api) => {
      await registerAuthRoutes(api, deps);
      await registerSysRoutes(api, deps);
      registerFaultInjection(api, config);
      installWorkOrderRules(api, deps, bus);
      installWorkRules(api, deps, bus);
      installMeetingRules(api, deps, bus);
      installEvaluationRules(api, deps, bus);
      const approvals = installWorkflowRules(api, deps); // before the entity routes: the approvals' guard
      installOfficeRules(api, deps); // before the entity routes: confirmed stock documents stay
      installProjectRules(api, deps, bus); // before the entity routes: project rights attach to them
      installMailRules(api, deps); // before the entity routes: drafts are the author's alone
      installPersonnelRules(api, deps); // before the entity routes: own file unless personnel:all
      const documents = installDocumentRules(api, deps); // before the entity routes: rights attach to them
      // Before the entity routes: its write hook must cover them (live table sync, server/grid-sync).
      const gridSync = installGridSync(api, deps, bus, noticeHub);
      const jobs = installJobs(api, deps, bus); // before the entity routes: its rules attach to them
      jobs.registry.add(workflowTimerJob(approvals)); // fires the flows' timers (server/workflow)
      declarations = await registerEntityRoutes(
        api,
        deps,
        new Map([
          ...WORK_ORDER_HOOKS,
          ...WORK_HOOKS,
          ...EVALUATION_HOOKS,
          ...PROJECT_HOOKS,
          ...OFFICE_HOOKS,
          ...meetingHooks(config.timeZone),
        ]),
        new Map([...WORK_ORDER_SAVE_HOOKS, ...PROJECT_SAVE_HOOKS]),
      );
      // The table dictionaries ask the declarations whose rows a caller may look up (server/sys/).
      provideDeclaredModels(deps, declarations);
      provideReferenceModels(
        database.db,
        'files',
        declarations.map((item) => item.model),
      );
      await jobs.register(api, declarations);
      gridSync.watch(declarations.map((item) => item.model));
      const todo = new TodoRegistry();
      registerWorkOrder(api, deps, declarations, todo);
      await registerWork(api, deps, todo);
      registerMeeting(api, deps, bus);
      await registerEvaluation(api, deps, todo);
      await registerDocuments(api, documents);
      await registerWorkflow(api, deps, bus, todo, declarations, approvals);
      await registerOffice(api, deps, approvals);
      await registerVehicles(api, deps, approvals); // after the office: its role approves bookings
      await registerProjects(api, deps, bus, declarations, todo);
      await registerMail(api, deps, bus, declarations);
      await registerPersonnel(deps);
      registerTodoRoutes(
        api,
        { db: database.db, registry: todo, today: () => todayIn(config.timeZone) },
        declarations,
      );
      // After the declared tables exist: the report data set's views read them.
      await registerReports(api, deps);
      // Online forms: designed declarations next to the files, their routes served at run time.
      await registerOnline(api, deps, bus, declarations);
    },
    { prefix: config.apiBase },
  );
  // Declared actions call hand-written routes: all of them must exist once every route is in.
  app.addHook('onReady', async () => {
    const missing = missingActionRoutes(routeTable(app), declarations, config.apiBase);
    if (missing.length > 0) throw new Error(`Invalid declarations:\n  ${missing.join('\n  ')}`);
  });

  registerWebApp(app, config);
  return app;
}

/** The built browser app at '/', with index.html for every client-side route. */
function registerWebApp(app: FastifyInstance, config: ServerConfig): void {
  const indexFile = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    // serve:false: we add the one wildcard route ourselves so it carries an access declaration.
    void app.register(fastifyStatic, { root: config.webDir, serve: false });
  }
  const apiPrefix = config.apiBase ? `${config.apiBase}/` : '/api/';
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix) || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(fail('路径不存在，请检查路径是否正确', 404));
    }
    return reply.type('text/html').sendFile('index.html');
  });
  if (!hasWeb) return;
  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    if (request.url.startsWith(apiPrefix)) {
      return reply.status(404).send(fail('路径不存在，请检查路径是否正确', 404));
    }
    const rel = (request.params as { '*': string })['*'];
    const file = path.join(config.webDir, rel);
    // Only files under webDir; anything else is a client route and gets the app shell.
    if (
      rel &&
      file.startsWith(config.webDir + path.sep) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      const immutable = rel.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(rel);
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
