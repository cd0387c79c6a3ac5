/**
 * What a cell shows when it is not being edited: option texts for choice cells (several values are a
 * comma list), short file names (section 9: 5 characters plus an ellipsis), the progress percentage.
 */
import type { GridOption } from './columns.js';
import { GRID_FILE_NAME_CHARS } from './constants.js';

export function splitList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The texts of a choice cell's values; a value without an option shows as itself. */
export function optionTexts(options: readonly GridOption[], value: unknown): string {
  const texts = new Map(options.map((o) => [o.value, o.text]));
  return splitList(value)
    .map((v) => texts.get(v) ?? v)
    .join(',');
}

/** The last segment of a stored path. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function shortFileName(name: string): string {
  const chars = Array.from(name);
  return chars.length > GRID_FILE_NAME_CHARS ? `${chars.slice(0, GRID_FILE_NAME_CHARS).join('')}…` : name;
}

/** A progress cell's percentage: the number clamped to 0-100, 0 when it is not a number. */
export function progressPercent(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n * 100) / 100));
}
