/**
 * The PostgreSQL pool survives the server ending an idle connection (a restart, an administrator):
 * without an error handler on the pool that would end the whole process. Runs only in the
 * PostgreSQL pass (vitest.config.ts).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('db-postgres.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: url });
});
afterAll(() => handle?.close());

describe('the PostgreSQL pool', () => {
  it('keeps working after the server terminated its idle connections', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0].pid;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // Let the terminated connection's error arrive while it sits idle in the pool.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(answer.rows[0].one).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
