/**
 * The popup sub-table's placement and its anchor search (spec section 4): below the row when more
 * than 350 px is free beneath the click, else above; the row's element is looked for again 3 times,
 * 100 ms apart (a virtual grid may not have drawn it yet), and then opening fails.
 */
import { GRID_SUBTABLE_MIN_SPACE, GRID_SUBTABLE_RETRIES, GRID_SUBTABLE_RETRY_MS } from './constants.js';

export interface AnchorBox {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

export interface SubTablePlacement {
  side: 'below' | 'above';
  left: number;
  width: number;
  /** Below: the popup's top edge (the row's bottom). */
  top?: number;
  /** Above: the popup's bottom edge, from the viewport's bottom (so it ends at the row's top). */
  bottom?: number;
}

/**
 * Where the popup goes, in viewport pixels. `clickY` is the click's clientY (the row's middle when
 * opened without a click); strictly more than 350 px free beneath it puts the popup below.
 */
export function subTablePlacement(
  anchor: AnchorBox,
  clickY: number,
  viewportHeight: number,
): SubTablePlacement {
  const below = viewportHeight - clickY > GRID_SUBTABLE_MIN_SPACE;
  const base = { left: anchor.left, width: anchor.width };
  return below
    ? { side: 'below', top: anchor.bottom, ...base }
    : { side: 'above', bottom: viewportHeight - anchor.top, ...base };
}

/**
 * Looks for the anchor now and then up to `retries` more times, `delayMs` apart; answers it, or
 * null when every try failed. `wait` is injectable so tests need no timers.
 */
export async function findAnchor<T>(
  find: () => T | null | undefined,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  retries = GRID_SUBTABLE_RETRIES,
  delayMs = GRID_SUBTABLE_RETRY_MS,
): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const found = find();
    if (found) return found;
    if (attempt >= retries) return null;
    await wait(delayMs);
  }
}
