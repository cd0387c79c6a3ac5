/** Pure parts of the region picker: the table as cascader options, a code's path, the type check. */
import type { Pcaa } from './picker-api';

export const REGION_ROOT = '86';
export const REGION_TYPES = ['cascader', 'select'] as const;
export type RegionType = (typeof REGION_TYPES)[number];
export const BAD_REGION_TYPE = 'Bad type value';

/** `widgetOptions.type`: cascader (default) or select; anything else is a declaration mistake. */
export function regionType(raw: unknown): RegionType | null {
  if (raw === undefined || raw === null || raw === '') return 'cascader';
  return (REGION_TYPES as readonly unknown[]).includes(raw) ? (raw as RegionType) : null;
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export function regionOptions(pcaa: Pcaa, parent = REGION_ROOT): RegionOption[] {
  return Object.entries(pcaa[parent] ?? {}).map(([value, label]) => {
    const children = pcaa[value] ? regionOptions(pcaa, value) : undefined;
    return children?.length ? { value, label, children } : { value, label };
  });
}

/** Codes from the province down to `code` (the stored value is the last level chosen). */
export function regionPath(pcaa: Pcaa, code: string): string[] {
  const parentOf = new Map<string, string>();
  for (const [parent, level] of Object.entries(pcaa))
    for (const child of Object.keys(level)) parentOf.set(child, parent);
  const path: string[] = [];
  let current: string | undefined = code;
  while (current && current !== REGION_ROOT && parentOf.has(current) && path.length < 5) {
    path.unshift(current);
    current = parentOf.get(current);
  }
  return path;
}

/** '北京市/北京市/海淀区' for a code; the code itself when the table does not know it. */
export function regionText(pcaa: Pcaa, code: string): string {
  const path = regionPath(pcaa, code);
  if (path.length === 0) return code;
  let parent = REGION_ROOT;
  return path
    .map((c) => {
      const name = pcaa[parent]?.[c] ?? c;
      parent = c;
      return name;
    })
    .join('/');
}
