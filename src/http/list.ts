import { feedback } from '../feedback';
import { getAction } from './client';
import type { Result } from './types';

/** Code 510: the server refused the list for lack of permission (spec section 8). */
export const NO_PERMISSION_CODE = 510;

/**
 * Loads a list: a 510 answer shows its message as a warning (the list stays empty), other answers
 * are returned to the caller as they are.
 */
export async function loadList<T>(url: string, params?: object): Promise<Result<T>> {
  const res = await getAction<T>(url, params);
  if (res.code === NO_PERMISSION_CODE) feedback().message.warning(res.message);
  return res;
}
