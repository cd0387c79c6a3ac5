/**
 * The declarations an app loaded, by name, for code registered before the entity routes that needs
 * them at request time (the table dictionaries' tenancy and data rules, table-dict-scope.ts). Kept
 * per app (its dependencies object), so test apps with other declarations do not see each other's.
 */
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import type { AppDeps } from '../deps.js';

const byApp = new WeakMap<AppDeps, ReadonlyMap<string, EntityModel>>();

/** Called once the entity routes are registered, with the declarations they loaded. */
export function provideDeclaredModels(deps: AppDeps, declarations: readonly LoadedDeclaration[]): void {
  byApp.set(deps, new Map(declarations.map((d) => [d.model.name, d.model] as const)));
}

/** A loaded declaration's model; undefined before the entity routes exist or for an unknown name. */
export function declaredModelOf(deps: AppDeps, name: string): EntityModel | undefined {
  return byApp.get(deps)?.get(name);
}
