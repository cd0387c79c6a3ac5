import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route declares who may call it: 'public', 'authenticated' (any signed-in user), or a
 * permission code the user's roles must grant (or one of several: a uniqueness check serves the
 * add and the edit form alike). A route without a declaration is refused at registration, so
 * nothing is reachable by accident (deny by default).
 */
export type RouteAccess = 'public' | 'authenticated' | { perm: string | readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export class MissingAccessError extends Error {}

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  return `perm:${typeof access.perm === 'string' ? access.perm : access.perm.join('|')}`;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every registered route with its access, for the audit test and the API docs. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}

/** Installs the registration check; call before any route is added. */
export function requireAccessDeclarations(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) {
      throw new MissingAccessError(
        `Route ${String(route.method)} ${route.url} declares no access; add config.access`,
      );
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method: String(method), url: route.url, access });
  });
}
