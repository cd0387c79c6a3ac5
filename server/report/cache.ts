/**
 * Report answers kept 30,000 ms (spec 000 section 7), keyed by everything that shapes them: the
 * report, its parameters and filters, the page and sort, and the caller's compiled data scope and
 * tenant. A designer save drops the report's entries at once; entries of other servers expire
 * within the same 30 s.
 */
export const REPORT_CACHE_MS = 30_000;
const MAX_ENTRIES = 500;

interface Entry {
  reportId: string;
  at: number;
  value: unknown;
}

export class ReportCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= REPORT_CACHE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(reportId: string, key: string, value: unknown): void {
    // Oldest first out: a Map keeps insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { reportId, at: this.now(), value });
  }

  /** Drops every answer of a report (its definition changed). */
  drop(reportId: string): void {
    for (const [key, entry] of this.entries) if (entry.reportId === reportId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
