/** Pure helpers of the file panel: the spec's short file names and what a browser can preview. */

export type PreviewKind = 'image' | 'pdf' | 'text' | 'office';

const KINDS: Readonly<Record<string, PreviewKind>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  pdf: 'pdf',
  txt: 'text',
  csv: 'text',
  docx: 'office',
  xlsx: 'office',
};

export function previewKind(fileName: string): PreviewKind | null {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return KINDS[ext] ?? null;
}

/** Spec 001: a file name is shown as its first 5 characters and an ellipsis (the full name on hover). */
export function shortName(fileName: string): string {
  const chars = [...fileName];
  return chars.length > 5 ? `${chars.slice(0, 5).join('')}...` : fileName;
}

/** A size for people: 12.3 KB. */
export function sizeText(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
