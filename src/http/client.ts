import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, BLOB_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../config';
import { handleHttpError } from './errors';
import { signedHeaders } from './sign';
import type { Result, SessionPort } from './types';

/** Dictionary item lookups are cacheable, so they go without the `_t` cache buster (spec section 7). */
const NO_TIMESTAMP = /\/sys\/dict\/getDictItems\//;

const noSession: SessionPort = {
  getToken: () => '',
  getTenantId: () => '0',
  signOut: async () => {},
};
let port: SessionPort = noSession;

/** Connects the client to the session store; called once by the entry. */
export function bindSession(next: SessionPort): void {
  port = next;
}

/** Adds the token, tenant and GET cache-buster headers/params of spec section 7 (and signs on request). */
export function decorateRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = port.getToken();
  if (token) config.headers.set('X-Access-Token', token);
  config.headers.set('tenant-id', port.getTenantId() || '0');
  const method = (config.method ?? 'get').toLowerCase();
  if (config.signed) {
    // Signed before _t is added: the signature covers what the caller asked for.
    const signedData = method === 'get' || !(config.data instanceof Object) ? config.params : config.data;
    for (const [name, value] of Object.entries(signedHeaders(config.url ?? '', signedData))) {
      config.headers.set(name, value);
    }
  }
  if (method === 'get' && !NO_TIMESTAMP.test(config.url ?? '')) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...(config.params as object | undefined) };
  }
  return config;
}

/** The one axios instance; answers resolve to the Result body, failures run the error catalogue. */
export const http = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use(decorateRequest);
http.interceptors.response.use(
  (response) => response.data as unknown as typeof response,
  (error: unknown) => handleHttpError(error, port),
);

/** Typed helpers: the interceptor already unwrapped response.data, so these return the envelope. */
export function getAction<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<Result<T>> {
  return http.get<Result<T>, Result<T>>(url, { ...config, params });
}

export function postAction<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<Result<T>> {
  return http.post<Result<T>, Result<T>>(url, data, config);
}

export function putAction<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<Result<T>> {
  return http.put<Result<T>, Result<T>>(url, data, config);
}

export function deleteAction<T>(
  url: string,
  params?: object,
  config?: AxiosRequestConfig,
): Promise<Result<T>> {
  return http.delete<Result<T>, Result<T>>(url, { ...config, params });
}

/** The signed variants (X-Sign, X-TIMESTAMP); see sign.ts for why this is not a security control. */
export function getActionSigned<T>(url: string, params?: object): Promise<Result<T>> {
  return getAction<T>(url, params, { signed: true });
}

export function postActionSigned<T>(url: string, data?: object): Promise<Result<T>> {
  return postAction<T>(url, data, { signed: true });
}

/** A file download: a Blob answer with the 30-minute timeout of spec section 9. */
export function getBlob(url: string, params?: object, config?: AxiosRequestConfig): Promise<Blob> {
  return http.get<Blob, Blob>(url, { timeout: BLOB_TIMEOUT_MS, ...config, params, responseType: 'blob' });
}
