/**
 * Runtime routes of designed entities (docs/modules/online-forms.md). Fastify cannot add routes
 * once it listens, so one wildcard route per instance, `ALL /online/data/*`, forwards to an inner
 * Fastify instance that holds the designed entities' generated routes, registered by the same code
 * as the file entities' routes, behind the same authentication hook and deny-by-default permission
 * check. The inner instance is rebuilt and swapped whenever the registry changes.
 */
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createRecordValidation } from '../../runtime/model/declaration/record-validator.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { requireAccessDeclarations } from '../http/access.js';
import { installAuthentication } from '../http/authenticate.js';
import { createDateFormatter, createJsonSerializer } from '../http/dates.js';
import { ApiError, fail, ResultCode } from '../result.js';
import { registerCrudRoutes } from '../entity/crud-routes.js';
import { registerExport } from '../entity/export.js';
import { IMPORT_LIMITS, registerImport } from '../entity/import.js';
import type { EntityDeps } from '../entity/route-kit.js';
import { EntityStore } from '../entity/store.js';
import { linkModels } from '../entity/graph.js';
import { provideReferenceModels } from '../entity/references.js';
import { registerTransitionRoutes } from '../entity/transition-routes.js';
import { registerTreeRoutes } from '../entity/tree.js';
import { registerTreeSelectRoutes } from '../entity/tree-select.js';

/** Headers of the inner answer that the outer reply sets itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);
/** How long a replaced inner instance stays open for requests already forwarded to it. */
const RETIRE_MS = 30_000;

async function buildInner(
  deps: AppDeps,
  designed: readonly LoadedDeclaration[],
  log: (error: unknown) => void,
): Promise<FastifyInstance> {
  const { db } = deps.database;
  const { config } = deps;
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  requireAccessDeclarations(app);
  app.setReplySerializer(createJsonSerializer(config.timeZone));
  installAuthentication(app, db, config);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(fail(error.message, error.code));
    const fastifyError = error as { validation?: unknown; statusCode?: number; message: string };
    if (fastifyError.validation) return reply.status(200).send(fail(`参数错误：${fastifyError.message}`));
    if (fastifyError.statusCode && fastifyError.statusCode < 500)
      return reply.status(fastifyError.statusCode).send(fail(fastifyError.message, fastifyError.statusCode));
    log(error);
    return reply.status(200).send(fail('操作失败，服务器内部错误', ResultCode.ERROR));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(fail('路径不存在，请检查路径是否正确', 404)),
  );
  await app.register(multipart, { limits: IMPORT_LIMITS });
  const format = createDateFormatter(config.timeZone);
  // Designed children read through their designed parents, as file children do (graph.ts).
  const graph = linkModels(designed.map((item) => item.model));
  // References to and from designed forms resolve against what is served now (entity/references.ts).
  provideReferenceModels(
    db,
    'designed',
    designed.map((item) => item.model),
  );
  const byName = new Map<string, EntityStore>();
  const entityDeps: EntityDeps = {
    db,
    timeZone: config.timeZone,
    validation: createRecordValidation(),
    now: () => format(new Date()),
    formatDate: format,
    dataDir: config.dataDir,
    storeOf: (name) => byName.get(name),
    parentKeysOf: (entity) => graph.parentsOf(entity).map((link) => link.foreignKey),
  };
  for (const item of designed) byName.set(item.model.name, new EntityStore(db, item.model, config.timeZone));
  for (const store of byName.values()) {
    registerCrudRoutes(app, entityDeps, store);
    registerTreeRoutes(app, entityDeps, store);
    registerTreeSelectRoutes(app, entityDeps, store);
    registerTransitionRoutes(app, entityDeps, store);
    registerExport(app, entityDeps, store);
    registerImport(app, entityDeps, store);
  }
  await app.ready();
  return app;
}

export class DesignedRoutes {
  private inner: Promise<FastifyInstance> | null = null;
  private readonly retiring = new Map<ReturnType<typeof setTimeout>, Promise<FastifyInstance>>();

  constructor(
    private readonly deps: AppDeps,
    private readonly log: (error: unknown) => void,
  ) {}

  /** Builds the inner instance for `designed` and swaps it in; the old one closes a little later. */
  async rebuild(designed: readonly LoadedDeclaration[]): Promise<void> {
    const next = await buildInner(this.deps, designed, this.log);
    const old = this.inner;
    this.inner = Promise.resolve(next);
    if (!old) return;
    const timer = setTimeout(() => {
      this.retiring.delete(timer);
      void old.then((app) => app.close());
    }, RETIRE_MS);
    timer.unref();
    this.retiring.set(timer, old);
  }

  /** Forwards one request (its path below the API prefix) and copies the answer. */
  async forward(request: FastifyRequest, reply: FastifyReply, url: string): Promise<FastifyReply> {
    if (!this.inner) return reply.status(404).send(fail('路径不存在，请检查路径是否正确', 404));
    const inner = await this.inner;
    const body = request.body as Readable | Record<string, unknown> | string | undefined;
    const headers = { ...request.headers };
    // A parsed body is serialised again by inject, with its own length; a stream keeps its own.
    const streamed = typeof body === 'object' && body !== null && 'pipe' in body;
    if (!streamed) delete headers['content-length'];
    const res = await inner.inject({
      method: request.method as 'GET',
      url,
      headers,
      payload: body === undefined || body === null ? undefined : (body as string),
      remoteAddress: request.ip,
    });
    reply.status(res.statusCode);
    for (const [name, value] of Object.entries(res.headers))
      if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    return reply.send(res.rawPayload);
  }

  async close(): Promise<void> {
    for (const [timer, old] of this.retiring) {
      clearTimeout(timer);
      await (await old).close();
    }
    this.retiring.clear();
    if (this.inner) await (await this.inner).close();
    this.inner = null;
  }
}
