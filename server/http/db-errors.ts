/**
 * What the server answers when the database, not the request, is the problem (docs/OPERATIONS.md
 * "PostgreSQL restarted mid-load"), and the input PostgreSQL can never store (a NUL character).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../result.js';

export const DB_UNAVAILABLE = '数据库暂时不可用，请稍后重试';
export const NUL_REFUSED = '参数错误：不能包含空字符（\\u0000）';

/** Node socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * SQLSTATEs of a database that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin_shutdown (fast shutdown ends the sessions), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up / shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own messages for a connection it lost or could not get in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed and is not queryable/,
];

/** True when an error means the database cannot be reached right now (the request itself may be fine). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
  )
    return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node's happy-eyeballs connect reports an AggregateError of the attempts.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

export const DATA_REFUSED = '参数错误：数据格式不正确或超出范围';

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of range for its column, text that is
 * not a number or a date, a string too long, bad bytes): a value the request brought that the type
 * checks before the query let through. The caller's error, named as such, never PostgreSQL's text.
 */
export function isDataError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  for (const [key, item] of Object.entries(value))
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  return false;
}

/**
 * Refuses a query string or JSON body holding U+0000 before any handler runs: PostgreSQL text cannot
 * hold it, so such a value would fail inside the handler - after the headers, for a streamed export.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const nulInQuery = /%00/.test(query) || hasNul(request.query);
    const json = String(request.headers['content-type'] ?? '').includes('json');
    if (nulInQuery || (json && hasNul(request.body))) return reply.status(200).send(fail(NUL_REFUSED));
  });
}

/** Fastify's frameworkErrors: a URL the router cannot read (400) or a path parameter too long (414). */
export function routerRefusal(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  void reply.status(status).send(fail(tooLong ? '参数错误：路径参数过长' : '参数错误：请求地址无效', status));
}
