import type { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPgliteDialect, HANDOFF_BUDGET_MS } from '../../server/db/pglite-dialect';

/** PGlite as the pool sees it: each statement runs synchronously (here 1 ms of CPU), then resolves. */
function busyDatabase(statementMs: number): { pg: PGlite; statements: () => number } {
  let count = 0;
  const pg = {
    query: async () => {
      const until = performance.now() + statementMs;
      while (performance.now() < until) {
        // the WASM engine's work, on the event loop's thread
      }
      count += 1;
      return { rows: [], affectedRows: 0 };
    },
    close: async () => undefined,
  };
  return { pg: pg as unknown as PGlite, statements: () => count };
}

describe('the embedded database hands its one connection on', () => {
  it('gives the event loop a turn within a queue of waiting statements, so new connections are accepted', async () => {
    const { pg, statements } = busyDatabase(1);
    const db = new Kysely<Record<string, never>>({ dialect: createPgliteDialect(pg) });
    const queued = Array.from({ length: 200 }, () => sql`select 1`.execute(db));
    // What the event loop does between statements (accepting a socket, reading a request).
    const doneWhenLoopRan = await new Promise<number>((resolve) => setImmediate(() => resolve(statements())));
    await Promise.all(queued);
    expect(statements()).toBe(200);
    // Without the budget the whole queue (200 ms here) drains before the loop runs again.
    expect(doneWhenLoopRan).toBeLessThan(200);
    expect(doneWhenLoopRan).toBeLessThanOrEqual(HANDOFF_BUDGET_MS * 3);
  });

  it('hands a short queue on directly: two statements side by side finish before the loop turns', async () => {
    const { pg, statements } = busyDatabase(0);
    const db = new Kysely<Record<string, never>>({ dialect: createPgliteDialect(pg) });
    // Long after any earlier chain: the connection is free, so a new chain (and budget) begins.
    await new Promise((resolve) => setTimeout(resolve, HANDOFF_BUDGET_MS * 2));
    const both = Promise.all([sql`select 1`.execute(db), sql`select 2`.execute(db)]);
    const doneWhenLoopRan = await new Promise<number>((resolve) => setImmediate(() => resolve(statements())));
    await both;
    expect(doneWhenLoopRan).toBe(2);
  });

  it('serves waiting borrowers in order of arrival', async () => {
    const { pg } = busyDatabase(0);
    const db = new Kysely<Record<string, never>>({ dialect: createPgliteDialect(pg) });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => sql`select 1`.execute(db).then(() => order.push(i))),
    );
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
