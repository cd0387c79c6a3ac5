/**
 * /docs: the OpenAPI JSON (signed-in users only: it names every permission code) and a small
 * page that shows it. The page and its script are static and public; the script is served from
 * our own origin (the CSP allows only 'self' scripts), fetches the JSON with the signed-in
 * browser's token and writes every value with textContent, never as HTML.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { Db } from '../db/database.js';
import { routeTable, type RouteEntry } from '../http/access.js';
import { access } from './route-kit.js';
import { buildOpenApi } from './openapi.js';
import { VIEWER_HTML, VIEWER_SCRIPT } from './docs-viewer.js';

/**
 * The route table is kept for the root instance; this plugin runs in an encapsulated child whose
 * prototype chain leads back to it, so the lookup walks up.
 */
function rootRoutes(app: FastifyInstance): readonly RouteEntry[] {
  for (let node: object | null = app; node; node = Object.getPrototypeOf(node) as object | null) {
    const table = routeTable(node as FastifyInstance);
    if (table.length > 0) return table;
  }
  return [];
}

/** The designed declarations served now, per database (online/module.ts keeps it current). */
const designedModels = new WeakMap<Db, readonly EntityModel[]>();

/** Called whenever the designed declarations change: the document lists their routes too. */
export function documentDesigned(db: Db, models: readonly EntityModel[]): void {
  designedModels.set(db, models);
}

export function registerDocs(
  app: FastifyInstance,
  models: readonly EntityModel[],
  apiBase: string,
  db: Db,
): void {
  let cached: { designed: readonly EntityModel[] | undefined; text: string } | null = null;
  app.get('/docs/openapi.json', access(null), (request, reply) => {
    // Built on first use, when every route of the app is registered, and again when designed
    // entities change (their routes live behind /online/data/*, so the route table lacks them).
    const designed = designedModels.get(db);
    if (cached === null || cached.designed !== designed) {
      const routes = rootRoutes(request.server)
        .filter((r) => r.url.startsWith(`${apiBase}/`))
        .map((r) => ({ ...r, url: r.url.slice(apiBase.length) }));
      cached = {
        designed,
        text: JSON.stringify(buildOpenApi([...models, ...(designed ?? [])], routes, apiBase)),
      };
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(cached.text);
  });
  app.get('/docs', { config: { access: 'public' } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(VIEWER_HTML),
  );
  app.get('/docs/viewer.js', { config: { access: 'public' } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(VIEWER_SCRIPT),
  );
}
