/**
 * The operation log (操作日志, log_type 2): one row per mutating API request (POST, PUT, DELETE,
 * PATCH) - who, what, when, the result, how long it took and from which address. Installed once
 * at the root of the app, so every API route is covered, the hand-written ones and the generated
 * ones alike, without a line in any of them. The sign-in calls belong to the sign-in log instead
 * (log_type 1): their successes are written by the auth routes, their refusals here.
 *
 * The outcome is taken in onSend from the serialized answer; the row is queued in onResponse and
 * written in a batch (log-queue.ts), so logging adds no database round trip to a request and a
 * failed log write never fails one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { clientIp } from '../../auth/common.js';
import { answerOutcome, NO_OUTCOME, type AnswerOutcome } from './answer-outcome.js';
import { describeRoute, loadAreas } from './describe.js';
import { LogQueue, type LogRow } from './log-queue.js';
import { requestParams } from './request-params.js';
import { signInFailureRow, SIGN_IN_ROUTES } from './sign-in-failures.js';

export const LogType = { signIn: 1, operation: 2 } as const;

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

const outcomes = new WeakMap<FastifyRequest, AnswerOutcome>();
const queues = new WeakMap<FastifyInstance, LogQueue>();

/** The log queue of an app (tests flush it to read what a request wrote). */
export function logQueueOf(app: FastifyInstance): LogQueue | undefined {
  return queues.get(app);
}

function cut(value: string | undefined | null, max: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  return value.length > max ? value.slice(0, max) : value;
}

/** The route's pattern under the API prefix, or null for what is not an API route. */
function apiRoute(request: FastifyRequest, apiBase: string): string | null {
  // A request no route matched (the 404 handler) declares no access and is not logged.
  if (!request.routeOptions.config?.access) return null;
  const url = request.routeOptions.url;
  if (!url || !url.startsWith(`${apiBase}/`)) return null;
  return url.slice(apiBase.length);
}

/** What every log row of a request says about it, whichever log it goes to. */
export function requestFacts(request: FastifyRequest, reply: FastifyReply, outcome: AnswerOutcome) {
  const elapsed = reply.elapsedTime;
  return {
    ip: clientIp(request),
    requestType: request.method,
    requestUrl: cut(request.url.split('?')[0], 500),
    method: cut(request.routeOptions.url, 500),
    costTime: Math.round(elapsed),
    httpStatus: reply.statusCode,
    resultStatus: outcome.success === null ? null : outcome.success ? ('1' as const) : ('0' as const),
    resultCode: outcome.code,
    resultMessage: cut(outcome.message, 500),
    userAgent: cut(request.headers['user-agent'], 500),
    // When the request came in, not when its row happens to be written.
    createTime: new Date(Date.now() - elapsed),
  };
}

export function installOperationLog(app: FastifyInstance, deps: AppDeps): void {
  const { apiBase } = deps.config;
  const queue = new LogQueue(deps.database.db, {
    onError: (error, lost) => app.log.warn({ err: error, lost }, 'operation log rows were not written'),
  });
  queues.set(app, queue);
  let areas: ReturnType<typeof loadAreas> | null = null;

  const logged = (request: FastifyRequest) =>
    MUTATING.has(request.method) && apiRoute(request, apiBase) !== null;

  app.addHook('onSend', async (request, _reply, payload) => {
    if (logged(request)) outcomes.set(request, answerOutcome(payload));
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const route = apiRoute(request, apiBase);
    if (route === null) return;
    try {
      const outcome = outcomes.get(request) ?? NO_OUTCOME;
      const facts = requestFacts(request, reply, outcome);
      if (SIGN_IN_ROUTES.has(route)) {
        const row = signInFailureRow(route, request.body, outcome);
        if (row) queue.add({ ...facts, ...row, logType: LogType.signIn });
        return;
      }
      areas ??= loadAreas();
      const { content, operateType } = describeRoute(areas, request.method, route);
      const row: LogRow = {
        ...facts,
        logType: LogType.operation,
        logContent: content.slice(0, 1000),
        operateType,
        userid: request.auth?.userId ?? null,
        username: request.auth?.username ?? null,
        requestParam: requestParams(request.query, request.body),
      };
      queue.add(row);
    } catch (error) {
      // Logging must never turn a finished request into a failure.
      request.log.warn({ err: error }, 'operation log row skipped');
    }
  });

  app.addHook('onClose', async () => {
    await queue.flush();
  });
}
