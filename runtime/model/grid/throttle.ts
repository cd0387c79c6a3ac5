/**
 * The 新增 button's two guards (spec 000 sections 8 and 9): a click within 300 ms of the previous
 * click is refused with 你点击的太快了，请慢点点击!; otherwise inserts are throttled to one per
 * 1500 ms, the way a leading + trailing throttle works: a click inside the window is not lost but
 * runs once when the window ends, and further clicks while it waits are absorbed.
 */
import { GRID_CLICK_THROTTLE_MS, GRID_INSERT_THROTTLE_MS } from './constants.js';

export type InsertDecision =
  | { kind: 'insert' }
  | { kind: 'tooFast' }
  /** Insert after `wait` ms, then call `fired()`. */
  | { kind: 'later'; wait: number }
  /** An insert is already waiting; this click adds nothing. */
  | { kind: 'queued' };

export class InsertGate {
  private lastClick = Number.NEGATIVE_INFINITY;
  private lastInsert = Number.NEGATIVE_INFINITY;
  private pending = false;

  constructor(
    private readonly clickMs = GRID_CLICK_THROTTLE_MS,
    private readonly insertMs = GRID_INSERT_THROTTLE_MS,
  ) {}

  click(now: number): InsertDecision {
    const sinceClick = now - this.lastClick;
    this.lastClick = now;
    if (sinceClick < this.clickMs) return { kind: 'tooFast' };
    if (this.pending) return { kind: 'queued' };
    const wait = this.lastInsert + this.insertMs - now;
    if (wait > 0) {
      this.pending = true;
      return { kind: 'later', wait };
    }
    this.lastInsert = now;
    return { kind: 'insert' };
  }

  /** The waiting insert ran at `now`. */
  fired(now: number): void {
    this.pending = false;
    this.lastInsert = now;
  }
}
