/**
 * 网关路由 (schemas/system/gateway-route.json, generated routes at /sys/gatewayRoute): stored
 * configuration only. The product has no gateway; the rows are kept for a gateway deployed in
 * front of it to read, or as a record. A save must carry predicates and filters as JSON arrays of
 * {name, args} entries, the shape Spring Cloud Gateway reads.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../result.js';
import { installSaveGuard } from '../config/save-guard.js';

export const GATEWAY_BASE = '/sys/gatewayRoute';

export const GatewayMessages = {
  notJson: (title: string) => `${title}必须是有效的JSON`,
  notList: (title: string) => `${title}必须是 {name, args} 组成的数组`,
} as const;

/** Throws when `text` is not a JSON array of objects with a non-empty string `name`. */
export function checkDefinitions(text: string, title: string): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(GatewayMessages.notJson(title));
  }
  const entries = Array.isArray(value) ? value : null;
  const fits = entries?.every((entry: unknown) => {
    const item = entry as { name?: unknown } | null;
    return typeof item === 'object' && item !== null && typeof item.name === 'string' && item.name !== '';
  });
  if (!fits) throw new ApiError(GatewayMessages.notList(title));
}

export function registerGatewayRoutes(app: FastifyInstance, deps: AppDeps): void {
  installSaveGuard(app, deps.config.apiBase, {
    basePath: GATEWAY_BASE,
    check: (body) => {
      if (typeof body.predicates === 'string' && body.predicates !== '')
        checkDefinitions(body.predicates, '断言');
      if (typeof body.filters === 'string' && body.filters !== '') checkDefinitions(body.filters, '过滤器');
    },
  });
}
