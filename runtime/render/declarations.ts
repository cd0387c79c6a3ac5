/**
 * Declarations reach the browser bundled, one lazy chunk per file. They were validated against the
 * meta-schema at build (tests/unit/decl-files.test.ts) and by the server at start; the browser only
 * migrates and normalises them, because ajv compiles validators with `new Function`, which the
 * app's CSP (script-src 'self') forbids.
 *
 * Files live under `schemas/<area>/<kebab-name>.json` and their entity name is the camelCase of the
 * file name (a unit test holds every file to it), so a screen is found by either spelling:
 * `declared/sysMessage` and `declared/sys-message` open the same declaration.
 */
import { migrateDeclaration } from '../model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../model/declaration/model';
import type { Declaration } from '../model/declaration/types';
import { fetchEntityModel } from './declared-source';
import type { HttpClient } from './types';

type JsonModule = { default: unknown };

const FILES = import.meta.glob<JsonModule>(['/schemas/*/*.json', '!/schemas/meta/**']);

/** camelCase of a kebab-case file name: `dict-item` -> `dictItem`. */
export function entityNameOf(fileName: string): string {
  return fileName.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const LOADERS = new Map<string, () => Promise<JsonModule>>(
  Object.entries(FILES).map(([file, load]) => [
    entityNameOf(file.replace(/^.*\/([^/]+)\.json$/, '$1')),
    load,
  ]),
);

const models = new Map<string, Promise<EntityModel>>();

export function declarationNames(): string[] {
  return [...LOADERS.keys()];
}

/**
 * A screen's model: bundled when a file declares it, else asked of the server (a declaration
 * designed in the app, declared-source.ts), afresh on every call so a reload shows its newest version.
 */
export function loadScreenModel(name: string, server: HttpClient): Promise<EntityModel> {
  const key = entityNameOf(name);
  return LOADERS.has(key) ? loadEntityModel(key) : fetchEntityModel(server, key);
}

/** The normalised model of the declaration named `name` (or its file name); rejects for an unknown or newer file. */
export function loadEntityModel(name: string): Promise<EntityModel> {
  const key = entityNameOf(name);
  let model = models.get(key);
  if (!model) {
    const load = LOADERS.get(key);
    if (!load) return Promise.reject(new Error(`no declaration named "${name}"`));
    model = load().then(({ default: json }) => {
      const migrated = migrateDeclaration(json);
      if (!migrated.doc) throw new Error(`${name}: ${migrated.problems.map((p) => p.message).join('; ')}`);
      return buildEntityModel(migrated.doc as unknown as Declaration);
    });
    models.set(key, model);
  }
  return model;
}
