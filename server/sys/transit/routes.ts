/**
 * The generic forwarder (spec 001 section 7 "Other"; JeecgBoot 3.4 CommonController
 * transitRESTful): GET, POST, PUT, DELETE /sys/common/transitRESTful?url=<full url>. Unlike
 * JeecgBoot it is no open proxy: the URL must fall under an enabled target an admin configured
 * in 转发目标 (targets.ts), its method must be allowed there, its host must resolve to addresses
 * the target may reach (forward.ts), and the caller's token and cookies are never passed on. The
 * answer is JeecgBoot's: the target's status as `code`, success for 2xx, its body (JSON when it
 * parses) as `result`. Also the save checks of the 转发目标 screen's generated routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { single } from '../../../runtime/model/query/compile.js';
import { queryOf } from '../../entity/route-kit.js';
import { ApiError, type Result } from '../../result.js';
import { installSaveGuard } from '../config/save-guard.js';
import { checkedAddress, exchange, systemResolver, type Answer, type Resolver } from './forward.js';
import { TransitMessages } from './messages.js';
import { transitDb } from './tables.js';
import { parseHttpUrl, targetFor, toTarget, TRANSIT_METHODS, type TransitTarget } from './targets.js';

export const TRANSIT_PATH = '/sys/common/transitRESTful';
export const TRANSIT_TARGET_BASE = '/sys/transitTarget';
export const TransitPerms = { forward: 'transit:forward' } as const;

/** The target URL with the call's other query parameters added (JeecgBoot passes them on too). */
function requestedUrl(request: FastifyRequest): URL {
  const query = queryOf(request);
  const raw = single(query, 'url')?.trim() ?? '';
  if (raw === '') throw new ApiError(TransitMessages.noUrl);
  const url = parseHttpUrl(raw);
  for (const [key, value] of Object.entries(query)) {
    if (key === 'url' || key === '_t' || value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) url.searchParams.append(key, v);
  }
  url.hash = '';
  return url;
}

/** The body to pass on: a parsed JSON body as JSON, a text body as it came, nothing for GET. */
function bodyOf(request: FastifyRequest): { body?: string; contentType?: string } {
  if (request.method === 'GET' || request.body === undefined || request.body === null) return {};
  if (typeof request.body === 'string') {
    const type = request.headers['content-type'];
    return { body: request.body, contentType: typeof type === 'string' ? type : 'text/plain' };
  }
  return { body: JSON.stringify(request.body), contentType: 'application/json;charset=UTF-8' };
}

function answerOf(answer: Answer): Result<unknown> {
  const text = answer.body.toString('utf8');
  let result: unknown = text;
  if (text !== '') {
    try {
      result = JSON.parse(text);
    } catch {
      // Not JSON: the text itself, as JeecgBoot answers it.
    }
  }
  const success = answer.status >= 200 && answer.status < 300;
  return {
    success,
    message: success ? '' : `转发目标返回HTTP ${answer.status}`,
    code: answer.status,
    result,
    timestamp: Date.now(),
  };
}

export interface TransitOptions {
  /** Tests replace the system resolver to show the connection goes to the checked address. */
  resolver?: Resolver;
}

export function registerTransitRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: TransitOptions = {},
): void {
  const db = transitDb(deps.database.db);
  const resolver = options.resolver ?? systemResolver;

  const enabledTargets = async (): Promise<TransitTarget[]> => {
    const rows = await db
      .selectFrom('sysTransitTarget')
      .select(['name', 'baseUrl', 'allowedMethods', 'allowPrivate', 'timeoutMs'])
      .where('status', '=', '1')
      .execute();
    return rows.map(toTarget).filter((t): t is TransitTarget => t !== null);
  };

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: TRANSIT_PATH,
    config: { access: { perm: TransitPerms.forward } },
    handler: async (request) => {
      const url = requestedUrl(request);
      const target = targetFor(url, await enabledTargets());
      if (!target) throw new ApiError(TransitMessages.notConfigured);
      if (!target.methods.has(request.method)) throw new ApiError(TransitMessages.method(request.method));
      const address = await checkedAddress(url.hostname, target.allowPrivate, resolver);
      const accept = request.headers.accept;
      const answer = await exchange({
        url,
        method: request.method,
        address,
        timeoutMs: target.timeoutMs,
        accept: typeof accept === 'string' ? accept : undefined,
        ...bodyOf(request),
      });
      return answerOf(answer);
    },
  });

  installSaveGuard(app, deps.config.apiBase, {
    basePath: TRANSIT_TARGET_BASE,
    check: (body) => {
      if (typeof body.baseUrl === 'string') {
        const url = parseHttpUrl(body.baseUrl.trim(), TransitMessages.baseUrl);
        if (url.search !== '' || url.hash !== '' || body.baseUrl.includes('#'))
          throw new ApiError(TransitMessages.baseUrl);
      }
      if (typeof body.allowedMethods === 'string') {
        const methods = body.allowedMethods.split(',').map((m) => m.trim());
        if (methods.some((m) => !TRANSIT_METHODS.has(m))) throw new ApiError(TransitMessages.methods);
      }
    },
  });
}
