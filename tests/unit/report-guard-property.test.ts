/**
 * Property (issue 31): generated report statements that mix allowed and refused parts, each part
 * nested where SQL can hide one (function arguments, casts, CASE, sub-selects, EXISTS / IN, window
 * clauses, CTEs, derived tables, joins, UNION, FROM), with comments and dollar-quoted or escaped
 * strings carrying SQL *text* around them. A statement with a refused part is refused, and its
 * message names a refused part; a statement of allowed parts only is accepted (SQL text in a
 * string or a comment is a value, never run, so it may say anything).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkReportSqlNow } from '../../server/report/sql-guard.js';
import { ApiError } from '../../server/result.js';

/** A piece of SQL and the names of the refused parts in it (empty: allowed). */
interface Part {
  sql: string;
  refused: string[];
}

const tables = new Set(['biz_customer', 'sys_depart']);
const EVIL = "select set_config('role', 'none', true), pg_read_file('PG_VERSION'), pg_sleep(12)";

const ALLOWED_LEAVES = [
  'c.name',
  'c.id',
  'level',
  '1',
  '2.5',
  'null',
  '$1',
  'current_date',
  "'abc'",
  `$$${EVIL}$$`,
  `$q$ts_stat('select 1')$q$`,
  "E'select pg_sleep(1)\\n'",
  `'${EVIL.replace(/'/g, "''")}'`,
  "date '2026-01-01'",
];

/** Refused expressions, each with the name its message carries; SQL text inside them is the usual payload. */
const REFUSED_LEAVES: [string, string][] = [
  [`ts_stat($t$${EVIL}$t$)`, 'ts_stat'],
  [
    "ts_rewrite('a'::tsquery, $t$select 'a'::tsquery, set_config('role', 'none', true)::tsquery$t$)",
    'ts_rewrite',
  ],
  ["pg_read_file('PG_VERSION')", 'pg_read_file'],
  ["set_config('zj.tenant_id', '2', true)", 'set_config'],
  ['pg_sleep(12)', 'pg_sleep'],
  ["query_to_xml('select * from sys_user', true, true, '')", 'query_to_xml'],
  ["current_setting('zj.report_tenant')", 'current_setting'],
  ['(select count(*) from generate_series(1, 20000000))', 'generate_series'],
  ["'sys_user'::regclass", 'regclass'],
  ["c.name ~ '(a+)+$'", '~'],
  ['current_user', 'current_user'],
  ['(select password_hash from public.sys_user limit 1)', 'public.sys_user'],
  ['(select count(*) from pg_roles)', 'pg_roles'],
  ['xmlelement(name a)', 'XML'],
  ["public.upper('a')", 'public.upper'],
  ["lo_import('/etc/passwd')", 'lo_import'],
];

/** One expression around another; the inner one always in parentheses, so any expression fits. */
const UNARY: ((x: string) => string)[] = [
  (x) => `upper((${x})::text)`,
  (x) => `coalesce((${x}), 0)`,
  (x) => `concat((${x}), $d$ts_stat('x')$d$)`,
  (x) => `cast((${x}) as varchar(10))`,
  (x) => `(${x})::numeric(10, 2)`,
  (x) => `case when (${x}) is null then 1 else 0 end`,
  (x) => `((${x}) + 1)`,
  (x) => `sum((${x}))`,
  (x) => `count(*) filter (where (${x}) is not null)`,
  (x) => `row_number() over (partition by (${x}) order by c.id)`,
  (x) => `array[(${x})]`,
  (x) => `(select (${x}) from sys_depart d limit 1)`,
  (x) => `exists (select (${x}) from sys_depart d)`,
  (x) => `c.id in (select (${x}) from sys_depart d)`,
  (x) => `((${x}) /* select pg_sleep(12) */)`,
  (x) => `(/* nested /* set_config('role', 'none', true) */ comment */ (${x}))`,
  (x) => `greatest((${x}), 1)`,
  (x) => `nullif((${x}), 0)`,
  (x) => `((${x}) is distinct from 'a')`,
  (x) => `((${x})::jsonb ->> 'k')`,
];
const BINARY: ((a: string, b: string) => string)[] = [
  (a, b) => `coalesce((${a}), (${b}))`,
  (a, b) => `((${a}) || (${b}))`,
  (a, b) => `case when (${a}) then (${b}) end`,
  (a, b) => `concat_ws(',', (${a}), (${b}))`,
];

const ALLOWED_FROM = [
  'biz_customer c',
  'rpt.biz_customer c',
  'sys_depart c',
  '(select * from biz_customer) c',
];
const REFUSED_FROM: [string, string][] = [
  ['public.sys_user c', 'public.sys_user'],
  ['pg_catalog.pg_authid c', 'pg_catalog.pg_authid'],
  [`ts_stat($x$${EVIL}$x$) c`, 'ts_stat'],
  ['generate_series(1, 20000000) c', 'generate_series'],
  ['sys_session c', 'sys_session'],
  ['(select * from biz_customer for update) c', 'FOR UPDATE'],
];

/** Statements around an expression and a FROM item; the UNION one takes a second expression. */
const STATEMENTS: ((e: string, f: string) => string)[] = [
  (e, f) => `select ${e} as v from ${f}`,
  (e, f) => `select c.name from ${f} where (${e}) is not null`,
  (e, f) => `with w as (select ${e} as v from ${f}) select v from w`,
  (e, f) => `select s.v from (select ${e} as v from ${f}) s`,
  (e, f) => `select c.level, count(*) from ${f} group by c.level having count((${e})) > 0`,
  (e, f) => `select c.name from ${f} order by (${e}) desc`,
  (e, f) => `select c.name from ${f} join sys_depart d on d.id = c.depart and (${e}) is null`,
  (e, f) => `select * from ${f} cross join lateral (select ${e} as v) x`,
  (e, f) => `-- select pg_read_file('x')\nselect /* ts_stat('select 1') */ ${e} from ${f} -- $$`,
];
const UNION = (e: string, e2: string, f: string) =>
  `select ${e} from ${f} union all select ${e2} from sys_depart c`;

const part = (sql: string, refused: string[] = []): Part => ({ sql, refused });
const merge = (parts: Part[], sql: string): Part =>
  part(
    sql,
    parts.flatMap((p) => p.refused),
  );

function expressions(refusedLeaves: boolean) {
  const leaves = refusedLeaves
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ALLOWED_LEAVES).map((sql) => part(sql)) },
        { weight: 1, arbitrary: fc.constantFrom(...REFUSED_LEAVES).map(([sql, name]) => part(sql, [name])) },
      )
    : fc.constantFrom(...ALLOWED_LEAVES).map((sql) => part(sql));
  return fc.letrec<{ expr: Part }>((tie) => ({
    expr: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'expr' },
      leaves,
      fc.tuple(fc.constantFrom(...UNARY), tie('expr')).map(([wrap, x]) => merge([x], wrap(x.sql))),
      fc
        .tuple(fc.constantFrom(...BINARY), tie('expr'), tie('expr'))
        .map(([wrap, a, b]) => merge([a, b], wrap(a.sql, b.sql))),
    ),
  })).expr;
}

function statements(refused: boolean) {
  const from = refused
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ALLOWED_FROM).map((sql) => part(sql)) },
        { weight: 1, arbitrary: fc.constantFrom(...REFUSED_FROM).map(([sql, name]) => part(sql, [name])) },
      )
    : fc.constantFrom(...ALLOWED_FROM).map((sql) => part(sql));
  const expr = expressions(refused);
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...STATEMENTS), expr, from)
      .map(([statement, e, f]) => merge([e, f], statement(e.sql, f.sql))),
    fc.tuple(expr, expr, from).map(([e, e2, f]) => merge([e, e2, f], UNION(e.sql, e2.sql, f.sql))),
  );
}

/** The guard's verdict: null when accepted, else its message. */
async function verdict(sql: string): Promise<string | null> {
  try {
    await checkReportSqlNow(sql, { tables, schema: 'rpt' });
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error.message;
  }
}

describe('the report guard over generated statements', () => {
  it('accepts every statement made of allowed parts only', async () => {
    await fc.assert(
      fc.asyncProperty(statements(false), async (p) => {
        expect(await verdict(p.sql), p.sql).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('refuses every statement with a refused part, naming one; accepts the rest', async () => {
    await fc.assert(
      fc.asyncProperty(statements(true), async (p) => {
        const message = await verdict(p.sql);
        if (p.refused.length === 0) expect(message, p.sql).toBeNull();
        else {
          expect(message, p.sql).not.toBeNull();
          expect(
            p.refused.some((name) => message!.includes(name)),
            `${p.sql}\n→ ${message}\nrefused parts: ${p.refused.join(', ')}`,
          ).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });
});
