/**
 * Verdicts that passed, remembered for a while so a report's next page does not pay for them again:
 * the SQL guard's parse of a statement text (a pure function of the text and the data set's names)
 * and the planner-cost check of a statement with its values (the planner's estimate moves only with
 * the data's statistics). Only passes are kept: a refusal is always worked out afresh, so a fixed
 * statement or a raised limit takes effect at once. Bounded; the oldest entry leaves first.
 */
const MAX_ENTRIES = 1000;

export class PassMemo {
  private readonly passed = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    const at = this.passed.get(key);
    if (at === undefined) return false;
    if (this.now() - at < this.ttlMs) return true;
    this.passed.delete(key);
    return false;
  }

  add(key: string): void {
    if (this.passed.size >= MAX_ENTRIES) this.passed.delete(this.passed.keys().next().value!);
    this.passed.set(key, this.now());
  }

  /** Runs `check` unless `key` passed within the time; remembers a pass. */
  async unlessPassed(key: string, check: () => Promise<void>): Promise<void> {
    if (this.has(key)) return;
    await check();
    this.add(key);
  }
}
