/**
 * The names uploaded files are shown under (issue 33, item 3). A field keeps the stored paths the
 * upload answered (`workOrder/1796156737742_19013110a52a7d2a.txt`, the JeecgBoot contract); the
 * name the file had (维修记录.txt) is the server's to tell: GET /sys/common/fileNames?paths=a,b
 * (server/sys/upload-names.ts). One cache for the page: a name once known (told by the server, or
 * remembered by the upload widget at the upload itself) is never asked again, and the paths that
 * several widgets ask for in the same moment go in one request.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useRuntime } from '../context';
import type { HttpClient } from '../types';
import { fileNameOf } from '../widgets/upload-list';

export const FILE_NAMES_URL = '/sys/common/fileNames';
/** Paths per request (the server answers at most 200; a query string stays short). */
const PER_REQUEST = 50;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** path -> its name; '' once the server said it has none (then the stored name shows). */
const names = new Map<string, string>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
let queued: { http: HttpClient; paths: Set<string>; done: Promise<void>; resolve(): void } | null = null;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** A name the page already knows (the upload widget's own file, just sent). */
export function rememberFileName(path: string, name: string): void {
  if (!path || !name || names.get(path) === name) return;
  names.set(path, name);
  changed();
}

/** What a stored path is shown as: its uploaded name when known, else its last segment. */
export function displayFileName(path: string): string {
  return names.get(path) || fileNameOf(path);
}

/** Whether the server is to be asked about `path` (a stored upload, not yet known or asked). */
function askable(path: string): boolean {
  return path !== '' && !HAS_SCHEME.test(path) && !names.has(path) && !asked.has(path);
}

async function flush(batch: NonNullable<typeof queued>): Promise<void> {
  const paths = [...batch.paths];
  for (let i = 0; i < paths.length; i += PER_REQUEST) {
    const chunk = paths.slice(i, i + PER_REQUEST);
    try {
      const answer = await batch.http.get<Record<string, string>>(FILE_NAMES_URL, { paths: chunk.join(',') });
      const told = answer.success && answer.result ? answer.result : {};
      for (const path of chunk) if (!names.has(path)) names.set(path, told[path] ?? '');
    } catch {
      // Not answered: the stored names stay, and a later screen asks again.
      for (const path of chunk) asked.delete(path);
    }
  }
  changed();
  batch.resolve();
}

/** Asks the server for the names of `paths` it has not told yet; resolves once they are known. */
export function loadFileNames(http: HttpClient, paths: readonly string[]): Promise<void> {
  const wanted = paths.filter(askable);
  if (wanted.length === 0) return queued?.done ?? Promise.resolve();
  if (!queued) {
    let resolve!: () => void;
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const batch = { http, paths: new Set<string>(), done, resolve };
    queued = batch;
    // Every widget rendering in this moment adds its paths before the one request goes.
    setTimeout(() => {
      if (queued === batch) queued = null;
      void flush(batch);
    }, 0);
  }
  for (const path of wanted) {
    asked.add(path);
    queued.paths.add(path);
  }
  return queued.done;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The names of `paths` for a screen: asks the server for those not known yet and renders again once
 * they are. Answers the name of a path (its stored name until the server has told).
 */
export function useFileNames(paths: readonly string[]): (path: string) => string {
  const { http } = useRuntime();
  useSyncExternalStore(subscribe, () => version);
  const key = paths.join(',');
  useEffect(() => {
    if (key !== '') void loadFileNames(http, key.split(','));
  }, [http, key]);
  return displayFileName;
}
