/**
 * The server half of the declaration engine: load and validate every declaration (the server does
 * not start on an invalid one), bring the tables up to date, then register each entity's routes.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { createRecordValidation } from '../../runtime/model/declaration/record-validator.js';
import { createDateFormatter } from '../http/dates.js';
import { registerCheckRule } from './check-rule.js';
import { registerCrudRoutes } from './crud-routes.js';
import { ensureEntityTables } from './ddl.js';
import { registerExport } from './export.js';
import { IMPORT_LIMITS, registerImport } from './import.js';
import { registerErrorDownload } from './import-errors.js';
import { registerDocs } from './docs-routes.js';
import { registerDuplicateCheck } from './duplicate-check.js';
import { loadDeclarationFiles } from './load.js';
import { linkModels } from './graph.js';
import type { EntityDeps } from './route-kit.js';
import { EntityStore } from './store.js';
import { registerTransitionRoutes } from './transition-routes.js';
import type { TransitionHooks } from './transition-hooks.js';
import type { SaveHooks } from './save-hooks.js';
import { registerTreeRoutes } from './tree.js';
import { registerTreeSelectRoutes } from './tree-select.js';
import { missingReferences } from './restrict-delete.js';
import { ensureReferenceKeys } from './reference-keys.js';
import { syncDeclaredMenus } from './menu-sync.js';
import { seedDeclaredDemo } from '../db/seed/declared/index.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { StartRefused } from '../start-refused.js';

/** Registers every declaration's routes; answers the declarations for the checks made once all routes exist. */
export async function registerEntityRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  transitionHooks: TransitionHooks = new Map(),
  saveHooks: SaveHooks = new Map(),
): Promise<readonly LoadedDeclaration[]> {
  const { db } = deps.database;
  const loaded = loadDeclarationFiles();
  // Children read through their parents; read rules may look at other entities (graph.ts).
  linkModels(loaded.map((item) => item.model));
  await ensureEntityTables(db, loaded, new Set(deps.config.adoptableTables ?? []));
  const missing = await missingReferences(db, loaded);
  if (missing.length > 0) throw new StartRefused(`Invalid declarations:\n  ${missing.join('\n  ')}`);
  await syncDeclaredMenus(
    db,
    loaded.map((item) => item.model),
  );
  await seedDeclaredDemo(db, new Map(loaded.map((item) => [item.model.name, item.model])));
  // After the demo rows: keys check what is written from now on (reference-keys.ts).
  await ensureReferenceKeys(
    db,
    loaded.map((item) => item.model),
  );
  const format = createDateFormatter(deps.config.timeZone);
  const byName = new Map<string, EntityStore>();
  const parentKeys = new Map<string, string[]>();
  for (const child of loaded.flatMap((item) => item.declaration.children ?? []))
    parentKeys.set(child.entity, [...new Set([...(parentKeys.get(child.entity) ?? []), child.foreignKey])]);
  const entityDeps: EntityDeps = {
    db,
    timeZone: deps.config.timeZone,
    validation: createRecordValidation(),
    now: () => format(new Date()),
    formatDate: format,
    dataDir: deps.config.dataDir,
    storeOf: (name) => byName.get(name),
    parentKeysOf: (entity) => parentKeys.get(entity) ?? [],
    saveHookOf: (entity) => saveHooks.get(entity),
  };
  // Multipart bodies for the import routes, with their file size and part count limits. Registered
  // once in this API context: another plugin here must not register @fastify/multipart again.
  await app.register(multipart, { limits: IMPORT_LIMITS });
  // "routes": "external" declarations are served by hand-written code: validated above, no store here.
  const stores = loaded
    .filter((item) => !item.model.external)
    .map((item) => new EntityStore(db, item.model, deps.config.timeZone));
  for (const store of stores) byName.set(store.model.name, store);
  for (const store of stores) {
    registerCrudRoutes(app, entityDeps, store);
    registerTreeRoutes(app, entityDeps, store);
    registerTreeSelectRoutes(app, entityDeps, store);
    registerTransitionRoutes(app, entityDeps, store, transitionHooks.get(store.model.name));
    registerExport(app, entityDeps, store);
    registerImport(app, entityDeps, store);
  }
  registerDuplicateCheck(app, entityDeps, stores);
  registerCheckRule(app, db);
  registerErrorDownload(app, entityDeps.dataDir);
  // The docs list every declaration; external ones document their fields, their routes come from the route table.
  registerDocs(
    app,
    loaded.map((item) => item.model),
    deps.config.apiBase,
    db,
  );
  return loaded;
}
