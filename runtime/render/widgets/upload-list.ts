/** Pure parts of the upload widgets: stored paths as a comma list, the image check, moves, limits. */

export const UploadText = {
  notImage: '请上传图片',
  unknownMove: '未知的操作',
  atEnd: '已到最后~',
  failed: '上传失败！',
  tooLarge: (mb: number) => `文件大小超出${mb}MB限制`,
} as const;

/** What the two uploads take: the usual one and `widgetOptions.large` (POST /sys/common/uploadFile). */
export const UPLOAD_LIMIT_MB = { usual: 10, large: 200 } as const;

export const DEFAULT_BIZ = 'temp';

/** The spec: an image upload needs a file type containing "image". */
export function isImageType(type: string | undefined): boolean {
  return (type ?? '').includes('image');
}

export function splitPaths(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** `limit` keeps the last N files (the newest win); 0 or none keeps all. */
export function keepLast(paths: readonly string[], limit: number | undefined): string[] {
  return limit && limit > 0 && paths.length > limit ? paths.slice(paths.length - limit) : [...paths];
}

export type MoveResult = { ok: true; paths: string[] } | { ok: false; message: string };

/** Moves one image left or right; the spec's messages at the two ends. */
export function movePath(paths: readonly string[], index: number, direction: 'left' | 'right'): MoveResult {
  if (direction === 'left' && index <= 0) return { ok: false, message: UploadText.unknownMove };
  if (direction === 'right' && index >= paths.length - 1) return { ok: false, message: UploadText.atEnd };
  const next = [...paths];
  const other = direction === 'left' ? index - 1 : index + 1;
  [next[index], next[other]] = [next[other], next[index]];
  return { ok: true, paths: next };
}

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';
const STATIC_PREFIX: string = import.meta.env.VITE_STATIC_PREFIX ?? `${API_BASE}/sys/common/static`;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A stored path's URL (the shell's fileUrl rule: a value with a scheme is used as is). */
export function staticUrl(path: string): string {
  if (HAS_SCHEME.test(path) || path.startsWith('//')) return path;
  return `${STATIC_PREFIX.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
