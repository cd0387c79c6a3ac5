/**
 * Online forms (issue 15, docs/modules/online-forms.md): the registry of file and designed
 * declarations, the designer's calls, the served declarations and the designed entities' runtime
 * routes. Registered after the entity routes (it needs the file declarations); every instance
 * follows changes through the bus, and a poll catches an event lost while the listener reconnected.
 */
import { ensureReferenceKeys } from '../entity/reference-keys.js';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { registerBundleRoutes } from './bundle-routes.js';
import { seedOnlineDemo } from './demo.js';
import { registerDesignerRoutes } from './designer-routes.js';
import { DesignedRoutes } from './dispatch.js';
import { documentDesigned } from '../entity/docs-routes.js';
import { DESIGNER_MENU_URL, syncDeclaredMenus } from '../entity/menu-sync.js';
import { registerExportFileRoute } from './export-file.js';
import { registerCheckRoute } from './check-route.js';
import { registerMenuRoutes } from './menu-routes.js';
import { OnlineRegistry } from './registry.js';
import type { OnlineContext } from './save.js';
import { registerServeRoutes } from './serve-routes.js';
import { registerSetSaveRoute } from './set-save.js';

const POLL_MS = 15_000;
const DATA_PREFIX = '/online/data';

export async function registerOnline(
  api: FastifyInstance,
  deps: AppDeps,
  bus: EventBus,
  files: readonly LoadedDeclaration[],
): Promise<OnlineRegistry> {
  const db = deps.database.db;
  const registry = new OnlineRegistry(db, files, (message) => api.log.warn(message));
  const routes = new DesignedRoutes(deps, (error) =>
    api.log.error({ err: error }, 'designed entity route failed'),
  );
  registry.onChange(async (designed) => {
    const models = designed.map((item) => item.model);
    documentDesigned(db, models);
    // Every designed form's codes exist to be granted (its read code above all: reads are denied
    // by default), also for a form saved before they were asked for; two statements when they do.
    await syncDeclaredMenus(db, models, DESIGNER_MENU_URL);
    // Foreign keys of designed references and children, to file tables too (entity/reference-keys.ts).
    await ensureReferenceKeys(db, [...files.map((item) => item.model), ...models]);
    return routes.rebuild(designed);
  });
  await registry.reload();
  const adoptable = new Set(deps.config.adoptableTables ?? []);
  const ctx: OnlineContext = { db, registry, bus, adoptable };
  // After every plugin started (a first start inserts months of demo rows; plugins have a time
  // limit). Demo rows must never stop a start: a failure is logged and the mark stays taken.
  api.addHook('onReady', async () => {
    await seedOnlineDemo(ctx).catch((error: unknown) =>
      api.log.warn({ err: error }, 'online form demo not seeded'),
    );
  });
  registerDesignerRoutes(api, ctx);
  registerMenuRoutes(api, ctx);
  registerBundleRoutes(api, ctx);
  registerExportFileRoute(api, ctx);
  registerCheckRoute(api, ctx);
  registerSetSaveRoute(api, ctx);
  registerServeRoutes(api, registry);
  await api.register(async (data) => {
    // Multipart bodies (imports) reach the inner instance as the raw stream; JSON is parsed as usual.
    if (data.hasContentTypeParser('multipart/form-data')) data.removeContentTypeParser('multipart/form-data');
    data.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    data.all(`${DATA_PREFIX}/*`, { config: { access: 'authenticated' } }, (request, reply) =>
      routes.forward(request, reply, request.url.slice(deps.config.apiBase.length)),
    );
  });
  const unsubscribe = bus.subscribe((event) => {
    if (event.to === 'declarations') void registry.reload();
  });
  const poll = setInterval(() => void registry.reload(), POLL_MS);
  poll.unref();
  api.addHook('onClose', async () => {
    clearInterval(poll);
    unsubscribe();
    await routes.close();
  });
  return registry;
}
