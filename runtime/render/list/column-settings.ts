/**
 * 列设置: the columns a user chose to hide on a list, remembered per route in localStorage (the
 * shell's {value, expire} layout). Stored as the hidden names, so a column added to the declaration
 * later shows up rather than staying hidden.
 */
import type { KeyValueStorage } from '../query-builder/saved-queries';

export function columnSettingsKey(route: string): string {
  return `${route}:colsettings`;
}

export function readHiddenColumns(storage: KeyValueStorage | null, route: string): string[] {
  try {
    const raw = storage?.getItem(columnSettingsKey(route));
    const value = raw ? (JSON.parse(raw) as { value?: unknown } | null)?.value : undefined;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(
  storage: KeyValueStorage | null,
  route: string,
  hidden: readonly string[],
): void {
  try {
    storage?.setItem(columnSettingsKey(route), JSON.stringify({ value: hidden, expire: null }));
  } catch {
    // Not remembered, still applied for this visit.
  }
}

/** The columns to show: all but the hidden, and never none (an empty table has no header to fix it from). */
export function shownColumns<T extends { name: string }>(
  columns: readonly T[],
  hidden: readonly string[],
): T[] {
  const shown = columns.filter((c) => !hidden.includes(c.name));
  return shown.length > 0 ? shown : [...columns];
}
