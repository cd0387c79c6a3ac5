import { AUTO_HIDE_HEADER_OFFSET } from '../config';

/**
 * Whether the auto-hiding header shows after a scroll from `previousTop` to `top`: scrolling up
 * always brings it back, scrolling down past the offset hides it, and near the top it always shows.
 */
export function headerVisibleAfterScroll(previousTop: number, top: number, visible: boolean): boolean {
  if (top <= AUTO_HIDE_HEADER_OFFSET) return true;
  if (top < previousTop) return true;
  if (top > previousTop) return false;
  return visible;
}
