/** Shared steps of the administration suites of issue 10 (tenants, settings, rules, sources). */
import type { Result } from '../../server/result.js';
import type { Page } from './entity-helpers.js';
import type { TestContext } from './helpers.js';

export type { Page };

export interface CallOptions {
  token: string;
  /** The tenant-id header the client sends after its tenant choice (none: tenant 0). */
  tenant?: number;
  payload?: unknown;
}

/** A call under /api with a session token and, optionally, a tenant. */
export async function api<T = unknown>(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions,
): Promise<Result<T>> {
  const headers: Record<string, string> = { 'x-access-token': options.token };
  if (options.tenant !== undefined) headers['tenant-id'] = String(options.tenant);
  const request = { method, url: `/api${url}`, headers };
  const res = await ctx.call<T>(
    options.payload === undefined ? request : { ...request, payload: options.payload as object },
  );
  return res.body;
}

/** The answer of a route the caller holds no permission for (deny by default). */
export const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
