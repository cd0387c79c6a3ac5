/**
 * Declarations reach the browser bundled, one lazy chunk per file. They were validated against the
 * meta-schema at build (tests/unit/decl-files.test.ts) and by the server at start; the browser only
 * migrates and normalises them, because ajv compiles validators with `new Function`, which the
 * app's CSP (script-src 'self') forbids.
 */
import { migrateDeclaration } from '../model/declaration/migrations';
import { buildEntityModel, type EntityModel } from '../model/declaration/model';
import type { Declaration } from '../model/declaration/types';

type JsonModule = { default: unknown };

const FILES = import.meta.glob<JsonModule>('/schemas/system/*.json');

const models = new Map<string, Promise<EntityModel>>();

export function declarationNames(): string[] {
  return Object.keys(FILES).map((file) => file.replace(/^.*\/([^/]+)\.json$/, '$1'));
}

/** The normalised model of `schemas/system/<name>.json`; rejects for an unknown or newer file. */
export function loadEntityModel(name: string): Promise<EntityModel> {
  let model = models.get(name);
  if (!model) {
    const load = FILES[`/schemas/system/${name}.json`];
    if (!load) return Promise.reject(new Error(`no declaration named "${name}"`));
    model = load().then(({ default: json }) => {
      const migrated = migrateDeclaration(json);
      if (!migrated.doc) throw new Error(`${name}: ${migrated.problems.map((p) => p.message).join('; ')}`);
      return buildEntityModel(migrated.doc as unknown as Declaration);
    });
    models.set(name, model);
  }
  return model;
}
