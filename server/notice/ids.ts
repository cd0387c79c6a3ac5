import { checkId } from '../entity/route-kit.js';
import { ApiError } from '../result.js';

const MAX_IDS = 1000;

/** A stored comma list ("id1,id2," with the contract's trailing comma) as checked ids. */
export function splitIds(raw: string | null | undefined): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_IDS) throw new ApiError(`参数错误：最多${MAX_IDS}个`);
  return ids.map(checkId);
}

/** The contract's storage form of an id list: joined with a trailing comma. */
export function joinIds(ids: string[]): string | null {
  return ids.length > 0 ? `${ids.join(',')},` : null;
}

/** LIKE pattern text with its wildcards escaped (the default escape character is a backslash). */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}
