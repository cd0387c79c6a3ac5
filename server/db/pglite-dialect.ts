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
 * PGlite is one connection, so the "pool" hands it out to one borrower at a time; that keeps a
 * transaction's statements together while other requests wait their turn.
 */
export function createPgliteDialect(pg: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: new PglitePool(pg) });
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PglitePool implements PostgresPool {
  private busy = false;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly pg: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.busy) await new Promise<void>((resolve) => this.waiters.push(resolve));
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
        if (next) next();
        else this.busy = false;
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.pg.close();
  }
}

export type { DatabaseConnection };
