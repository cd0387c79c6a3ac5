import { CLICK_THROTTLE_MS } from '../config';
import { feedback } from '../feedback';

export const CLICK_TOO_FAST = '你点击的太快了，请慢点点击!';

/** True when a click may proceed: the previous accepted click was at least `interval` ms ago. */
export function createClickGate(interval = CLICK_THROTTLE_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < interval) return false;
    last = t;
    return true;
  };
}

/**
 * Wraps an action button's handler (submit, confirm, refresh): a second click within 300 ms is
 * refused with the spec's warning instead of sending the request twice.
 */
export function throttleClick<A extends unknown[]>(
  handler: (...args: A) => void,
  gate: () => boolean = createClickGate(),
): (...args: A) => void {
  return (...args: A) => {
    if (!gate()) {
      feedback().message.warning(CLICK_TOO_FAST);
      return;
    }
    handler(...args);
  };
}
