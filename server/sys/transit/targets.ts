/**
 * The forwarder's address checks that need no network: the shape of a requested URL and which
 * configured target it falls under. A URL falls under a target when scheme, host and port are
 * exactly the target's and its path is the target's path or below it, segment by segment: a base
 * of https://api.example.com/v1 covers /v1 and /v1/x, never /v1x, and never a host that merely
 * starts like it (api.example.com.evil.com) or hides behind userinfo (api.example.com@evil.com).
 */
import { ApiError } from '../../result.js';
import { TransitMessages } from './messages.js';

export const TRANSIT_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const MAX_URL = 2048;

export interface TransitTarget {
  name: string;
  base: URL;
  methods: ReadonlySet<string>;
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * Parses an absolute http(s) URL, refusing userinfo, `..` and encoded separators in the path (the
 * parser would resolve them, so the path checked could differ from the path the client wrote),
 * backslashes and whitespace. `refusal` words the shape error.
 */
export function parseHttpUrl(raw: string, refusal: string = TransitMessages.badUrl): URL {
  if (raw.length > MAX_URL) throw new ApiError(TransitMessages.tooLong);
  if (/[\s\\]/.test(raw)) throw new ApiError(refusal);
  const schemeEnd = raw.indexOf('://');
  const authorityAndPath = schemeEnd < 0 ? raw : raw.slice(schemeEnd + 3);
  const path = authorityAndPath.split(/[?#]/)[0].replace(/^[^/]*/, '');
  if (/\.\.|%2e|%2f|%5c/i.test(path)) throw new ApiError(TransitMessages.dotSegments);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(refusal);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(refusal);
  if (url.username !== '' || url.password !== '' || authorityAndPath.split(/[/?#]/)[0].includes('@'))
    throw new ApiError(TransitMessages.userinfo);
  if (url.hostname === '') throw new ApiError(refusal);
  return url;
}

/** Whether `path` is `basePath` or lies below it. */
function underPath(path: string, basePath: string): boolean {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return path === basePath || path === base.slice(0, -1) || path.startsWith(base);
}

/** The most specific enabled target covering the URL (longest base path), or null. */
export function targetFor(url: URL, targets: readonly TransitTarget[]): TransitTarget | null {
  let best: TransitTarget | null = null;
  for (const target of targets) {
    const { base } = target;
    if (url.protocol !== base.protocol || url.host !== base.host) continue;
    if (!underPath(url.pathname, base.pathname)) continue;
    if (!best || base.pathname.length > best.base.pathname.length) best = target;
  }
  return best;
}

/** A stored target row as the forwarder uses it; a row whose base URL no longer parses is skipped. */
export function toTarget(row: {
  name: string;
  baseUrl: string;
  allowedMethods: string;
  allowPrivate: string;
  timeoutMs: number;
}): TransitTarget | null {
  let base: URL;
  try {
    base = parseHttpUrl(row.baseUrl);
  } catch {
    return null;
  }
  const methods = new Set(
    row.allowedMethods
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter((m) => TRANSIT_METHODS.has(m)),
  );
  return {
    name: row.name,
    base,
    methods,
    allowPrivate: row.allowPrivate === 'Y',
    timeoutMs: Math.min(Math.max(row.timeoutMs, 100), 60_000),
  };
}
