import type { PGlite } from '@electric-sql/pglite';
import {
  PostgresDialect,
  type DatabaseConnection,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';

/**
 * Kysely's Postgres dialect over an embedded PGlite instance.
 * PGlite is one connection, so the "pool" hands it out to one borrower at a time, first come first
 * served; that keeps a transaction's statements together while other requests wait their turn.
 */
export function createPgliteDialect(pg: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: new PglitePool(pg) });
}

/**
 * How long borrowers may hand the connection straight to one another before the event loop gets a
 * turn. PGlite runs each statement synchronously and answers through a promise, so a queue of waiting
 * requests drains as one chain of microtasks: nothing else runs meanwhile, not even accepting a new
 * connection. Under 200 users that chain took ~1 s per loop turn, one connection was accepted per turn,
 * and sign-ins and notice sockets waited 20-30 s in the listen queue (issue 21, docs/BENCHMARKS.md).
 */
export const HANDOFF_BUDGET_MS = 10;

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PglitePool implements PostgresPool {
  private busy = false;
  /**
   * When the current chain of borrowers began: the connection taken while free, or handed on after
   * the event loop had a turn (see HANDOFF_BUDGET_MS).
   */
  private turnStart = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly pg: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.busy) await new Promise<void>((resolve) => this.waiters.push(resolve));
    // A free connection starts a chain: two statements of one request side by side (a page and its
    // count) are then handed on directly, not a loop turn apart.
    else this.turnStart = performance.now();
    this.busy = true;
    let released = false;
    const client = {
      query: async <R>(
        sqlText: string,
        parameters: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> => {
        const res = await this.pg.query<R>(sqlText, parameters as unknown[]);
        const command = (/^\s*(\w+)/.exec(sqlText)?.[1] ?? 'SELECT').toUpperCase();
        return {
          command: command as PostgresQueryResult<R>['command'],
          rowCount: WRITE_COMMANDS.has(command) ? (res.affectedRows ?? 0) : res.rows.length,
          rows: res.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.waiters.shift();
        if (!next) {
          this.busy = false;
          return;
        }
        if (performance.now() - this.turnStart < HANDOFF_BUDGET_MS) {
          next();
          return;
        }
        setImmediate(() => {
          this.turnStart = performance.now();
          next();
        });
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.pg.close();
  }
}

export type { DatabaseConnection };
