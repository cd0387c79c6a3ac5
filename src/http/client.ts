import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { BLOB_TIMEOUT_MS } from '../config';
import type { Result } from './types';

export { bindSession } from './port';

/**
 * The request helpers of the whole app. They go through the one axios instance (./instance), which
 * is loaded on the first request rather than with the entry: the sign-in page then shows without
 * axios (about 21 KiB gzip), and the page loads it when the user starts filling the form.
 */
let loading: Promise<AxiosInstance> | undefined;

export function loadHttp(): Promise<AxiosInstance> {
  loading ??= import('./instance').then((module) => module.http);
  return loading;
}

/** Starts loading the client without waiting for it, e.g. when the user focuses the sign-in form. */
export function preloadHttp(): void {
  void loadHttp();
}

/** Typed helpers: the interceptor already unwrapped response.data, so these return the envelope. */
export async function getAction<T>(
  url: string,
  params?: object,
  config?: AxiosRequestConfig,
): Promise<Result<T>> {
  return (await loadHttp()).get<Result<T>, Result<T>>(url, { ...config, params });
}

export async function postAction<T>(
  url: string,
  data?: unknown,
  config?: AxiosRequestConfig,
): Promise<Result<T>> {
  return (await loadHttp()).post<Result<T>, Result<T>>(url, data, config);
}

export async function putAction<T>(
  url: string,
  data?: unknown,
  config?: AxiosRequestConfig,
): Promise<Result<T>> {
  return (await loadHttp()).put<Result<T>, Result<T>>(url, data, config);
}

export async function deleteAction<T>(
  url: string,
  params?: object,
  config?: AxiosRequestConfig,
): Promise<Result<T>> {
  return (await loadHttp()).delete<Result<T>, Result<T>>(url, { ...config, params });
}

/** The signed variants (X-Sign, X-TIMESTAMP); see sign.ts for why this is not a security control. */
export function getActionSigned<T>(url: string, params?: object): Promise<Result<T>> {
  return getAction<T>(url, params, { signed: true });
}

export function postActionSigned<T>(url: string, data?: object): Promise<Result<T>> {
  return postAction<T>(url, data, { signed: true });
}

/** A file download: a Blob answer with the 30-minute timeout of spec section 9. */
export async function getBlob(url: string, params?: object, config?: AxiosRequestConfig): Promise<Blob> {
  return (await loadHttp()).get<Blob, Blob>(url, {
    timeout: BLOB_TIMEOUT_MS,
    ...config,
    params,
    responseType: 'blob',
  });
}
