/**
 * A declared action (or view) calls a route of its screen's base path that hand-written code must serve
 * (the engine makes none for it). Once every route is registered, each one is looked up in the
 * route table; a missing route stops the start, naming the file and the action, rather than
 * leaving a button that answers 404.
 */
import type { RouteEntry } from '../http/access.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';

export function missingActionRoutes(
  routes: readonly RouteEntry[],
  declarations: readonly LoadedDeclaration[],
  apiBase: string,
): string[] {
  const served = new Set(routes.map((r) => `${r.method.toUpperCase()} ${r.url}`));
  const problems: string[] = [];
  for (const { file, model } of declarations) {
    model.actions.forEach((action, i) => {
      if (!action.request) return;
      const method = action.request.method ?? 'PUT';
      const url = `${apiBase}${model.basePath}/${action.request.path}`;
      if (!served.has(`${method} ${url}`))
        problems.push(`${file}: /actions/${i}/request: no route serves ${method} ${url}`);
    });
    // A view is a GET of <basePath>/<path>?id= that the engine never makes.
    model.views.forEach((view, i) => {
      const url = `${apiBase}${model.basePath}/${view.path}`;
      if (!served.has(`GET ${url}`)) problems.push(`${file}: /views/${i}: no route serves GET ${url}`);
    });
  }
  return problems;
}
