import { SIGN_SECRET } from '../config';
import { md5 } from './md5';

/**
 * X-Sign / X-TIMESTAMP of the contract's signed requests (dictionary and table lookups). The secret
 * is in the browser bundle, so anyone can sign: this proves nothing about the caller and is kept only
 * because the API contract defines the headers. Authorisation is the token's job.
 */
export interface SignedHeaders {
  'X-Sign': string;
  'X-TIMESTAMP': string;
}

function queryOf(url: string): Record<string, string> {
  const params: Record<string, string> = {};
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  new URLSearchParams(query).forEach((value, key) => {
    params[key] = value;
  });
  // A comma list in the last path segment (table dictionaries: table,text,code) is signed too.
  const last = url.split('?')[0].split('/').pop() ?? '';
  if (last.includes(',')) params['x-path-variable'] = decodeURIComponent(last);
  return params;
}

function sortedObject(values: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(values).sort()) sorted[key] = values[key];
  return sorted;
}

/** yyyyMMddHHmmss in local time, the contract's X-TIMESTAMP format. */
export function signTimestamp(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(
    now.getMinutes(),
  )}${pad(now.getSeconds())}`;
}

/** MD5 (upper case) of the sorted URL query and parameters as JSON, followed by the secret. */
export function signature(url: string, params: object | undefined): string {
  const merged = sortedObject({ ...queryOf(url), ...(params as Record<string, unknown> | undefined) });
  return md5(JSON.stringify(merged) + SIGN_SECRET).toUpperCase();
}

export function signedHeaders(url: string, params: object | undefined, now = new Date()): SignedHeaders {
  return { 'X-Sign': signature(url, params), 'X-TIMESTAMP': signTimestamp(now) };
}
