import axios, { type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../config';
import { handleHttpError } from './errors';
import { signedHeaders } from './sign';
import { sessionPort } from './port';

/** Dictionary item lookups are cacheable, so they go without the `_t` cache buster (spec section 7). */
const NO_TIMESTAMP = /\/sys\/dict\/getDictItems\//;

/** Adds the token, tenant and GET cache-buster headers/params of spec section 7 (and signs on request). */
export function decorateRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const port = sessionPort();
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
  (error: unknown) => handleHttpError(error, sessionPort()),
);
