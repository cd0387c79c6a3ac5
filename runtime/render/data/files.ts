/**
 * Files through the one HTTP client: downloads as Blobs (so the token and tenant headers go with
 * them, and HTTP failures run the shell's error catalogue), uploads as multipart FormData. A download
 * answered with a JSON envelope instead of a file (a refused permission, a missing file) becomes the
 * server's message, never a saved "file" holding JSON.
 */
import type { HttpClient, HttpGetOptions, Result } from '../types';

export const FileMessages = {
  downloadFailed: '文件下载失败',
} as const;

/** The spec's 30-minute timeout of file transfers. */
export const FILE_TIMEOUT_MS = 30 * 60 * 1000;

export type FileAnswer = { ok: true; blob: Blob } | { ok: false; message: string };

/** The 201 answer of an import with rejected rows (spec 001 section 3). */
export interface ImportReport {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
  errorMessage?: string[];
  /** Rows stored (the server's count; absent from older servers). */
  successCount?: number;
}

async function envelopeMessage(blob: Blob): Promise<string> {
  try {
    const body = JSON.parse(await blob.text()) as Partial<Result>;
    return typeof body.message === 'string' && body.message !== '' ? body.message : FileMessages.downloadFailed;
  } catch {
    return FileMessages.downloadFailed;
  }
}

export async function fetchFile(
  http: HttpClient,
  url: string,
  params?: object,
  onProgress?: HttpGetOptions['onDownloadProgress'],
): Promise<FileAnswer> {
  let answer: unknown;
  try {
    answer = await http.get(url, params, {
      responseType: 'blob',
      timeout: FILE_TIMEOUT_MS,
      ...(onProgress ? { onDownloadProgress: onProgress } : {}),
    });
  } catch {
    // The shell's interceptor has already shown the catalogue's notice for the HTTP failure.
    return { ok: false, message: FileMessages.downloadFailed };
  }
  if (!(answer instanceof Blob) || answer.size === 0) return { ok: false, message: FileMessages.downloadFailed };
  if (answer.type.includes('application/json')) return { ok: false, message: await envelopeMessage(answer) };
  return { ok: true, blob: answer };
}

export function uploadFiles(
  http: HttpClient,
  url: string,
  files: readonly File[],
  fields: Record<string, string> = {},
): Promise<Result<ImportReport | null>> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return http.post<ImportReport | null>(url, form);
}

/** Saves a Blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
