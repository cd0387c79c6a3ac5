/**
 * The to-do statements compiled once per shape (server/todo/compiled.ts): a cached statement answers
 * what a freshly built one answers for other values (the user, a like pattern made from the user, a
 * number, a date), and a statement whose values are transformed in a way the cache cannot redo is
 * left uncached and still answers right.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { CompiledStatements, type Slots } from '../../server/todo/compiled.js';
import { openTestDatabase } from './template-db.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

interface Row {
  who: string;
  pattern: string;
  n: number;
  day: string;
  fixed: string;
}

/** Echoes its bound values, so the answer shows what was bound. */
const echo = (s: Slots) =>
  sql<Row>`select ${s.username}::text as who, ${`%,${s.username},%`}::text as pattern,
    ${s.tenantId}::int as n, to_char(${s.today}::date, 'YYYY-MM-DD') as day, ${'常量'}::text as fixed`;

describe('to-do statements compiled once per shape', () => {
  it("binds each request's values into the cached text", async () => {
    const statements = new CompiledStatements();
    const first = await statements.rows(
      handle.db,
      'echo',
      { username: 'zhaolei', tenantId: 1, today: '2026-11-27' },
      echo,
    );
    const second = await statements.rows(
      handle.db,
      'echo',
      { username: "o'brien%_", tenantId: 42, today: '2026-12-01' },
      echo,
    );
    expect(statements.size).toBe(1);
    expect(first).toEqual([
      { who: 'zhaolei', pattern: '%,zhaolei,%', n: 1, day: '2026-11-27', fixed: '常量' },
    ]);
    expect(second).toEqual([
      { who: "o'brien%_", pattern: "%,o'brien%_,%", n: 42, day: '2026-12-01', fixed: '常量' },
    ]);
  });

  it('leaves a statement that transforms a value uncached, and it still answers right', async () => {
    const statements = new CompiledStatements();
    const upper = (s: Slots) => sql<{ who: string }>`select ${String(s.username).toUpperCase()}::text as who`;
    const a = await statements.rows(handle.db, 'upper', { username: 'zhaolei' }, upper);
    const b = await statements.rows(handle.db, 'upper', { username: 'chenjing' }, upper);
    expect(statements.size).toBe(0);
    expect([a, b]).toEqual([[{ who: 'ZHAOLEI' }], [{ who: 'CHENJING' }]]);
  });

  it('answers no rows for a shape without a statement', async () => {
    const statements = new CompiledStatements();
    expect(await statements.rows(handle.db, 'none', { username: 'x' }, () => null)).toEqual([]);
  });
});
