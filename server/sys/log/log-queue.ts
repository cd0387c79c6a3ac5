/**
 * Log rows are written in batches, off the request's path: a request only appends to an in-memory
 * queue, which is flushed once a second or as soon as 100 rows wait. A failed write is reported in
 * the server log and dropped; it never fails or slows the request that caused it. The queue is
 * bounded, so a database that stopped answering cannot grow the process without limit.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SysLogTable } from '../../db/schema.js';

export type LogRow = Insertable<SysLogTable>;

export const FLUSH_INTERVAL_MS = 1000;
export const FLUSH_ROWS = 100;
/** Rows kept while the database does not take them; later ones are dropped (and counted). */
export const MAX_PENDING = 10_000;

export interface LogQueueOptions {
  intervalMs?: number;
  onError?(error: unknown, lost: number): void;
}

export class LogQueue {
  private pending: LogRow[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly options: LogQueueOptions = {},
  ) {}

  /** Queues a row; never throws and never waits. */
  add(row: LogRow): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped += 1;
      return;
    }
    this.pending.push(row);
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
    else this.schedule();
  }

  /** Writes every queued row (tests and shutdown wait for it; the timer does not). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // One write at a time; rows queued meanwhile go in the next one.
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.flushing = this.write(rows).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.pending.length > 0) this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.intervalMs ?? FLUSH_INTERVAL_MS);
    // A pending flush must not keep a finished process (a script, a test run) alive.
    this.timer.unref();
  }

  private async write(rows: LogRow[]): Promise<void> {
    const dropped = this.dropped;
    this.dropped = 0;
    try {
      // Chunked so one statement stays far below the bind-parameter limit.
      for (let i = 0; i < rows.length; i += 500) {
        await this.db
          .insertInto('sysLog')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      if (dropped > 0) this.options.onError?.(new Error('log queue full'), dropped);
    } catch (error) {
      this.options.onError?.(error, rows.length + dropped);
    }
  }
}
