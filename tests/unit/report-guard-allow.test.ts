/**
 * The guard accepts only what it knows (issue 31): the findings of the issue (SQL text run by
 * ts_stat / ts_rewrite, set_config, pg_read_file, pg_sleep, a 20-million-row generate_series), the
 * forms of the allow-list that must keep working, the demo reports, and the docs' copy of the list.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../runtime/model/report/template.js';
import { DEMO_REPORTS } from '../../server/db/seed/reports.js';
import { REPORT_FUNCTIONS, REPORT_OPERATORS, REPORT_TYPES } from '../../server/report/sql-allow-list.js';
import { checkReportSql, GuardMessages } from '../../server/report/sql-guard.js';

const tables = new Set(['biz_customer', 'sys_depart', 'sys_user_depart', 'sys_announcement', 'sys_user']);
const check = (sql: string, recursive = false) => checkReportSql(sql, { tables, schema: 'rpt', recursive });

describe('the findings of issue 31 are refused, naming what was found', () => {
  it.each([
    [
      "select * from ts_stat($$select to_tsvector(password_hash) from (select set_config('role', 'none', true)) r, public.sys_user$$)",
      GuardMessages.func('ts_stat'),
    ],
    [
      "select word from biz_customer, ts_stat('select to_tsvector(name) from biz_customer') s",
      GuardMessages.func('ts_stat'),
    ],
    [
      "select ts_rewrite('a & b'::tsquery, $$select 'a'::tsquery, set_config('role', 'none', true)::tsquery$$) from biz_customer",
      GuardMessages.func('ts_rewrite'),
    ],
    ["select (select ts_stat('select 1')) as w from biz_customer", GuardMessages.func('ts_stat')],
    ["select pg_read_file('PG_VERSION') from biz_customer", GuardMessages.func('pg_read_file')],
    [
      "select name from biz_customer, (select set_config('zj.tenant_id', '2', true)) t",
      GuardMessages.func('set_config'),
    ],
    ["select current_setting('zj.report_tenant') from biz_customer", GuardMessages.func('current_setting')],
    ['select pg_sleep(12) from biz_customer', GuardMessages.func('pg_sleep')],
    ["select * from ts_stat('select to_tsvector(pg_sleep(12)::text)')", GuardMessages.func('ts_stat')],
    ['select count(*) from generate_series(1, 20000000)', GuardMessages.func('generate_series')],
    ['select generate_series(1, 20000000) as n from biz_customer', GuardMessages.func('generate_series')],
    ['select count(*) from biz_customer, unnest(array[1, 2]) u', GuardMessages.func('unnest')],
    ['select password_hash from public.sys_user', GuardMessages.table('public.sys_user')],
  ])('%s', async (sql, message) => {
    await expect(check(sql)).rejects.toThrow(message);
  });
});

describe('anything not on the allow-list is refused by name', () => {
  it.each([
    ['select public.upper(name) from biz_customer', GuardMessages.func('public.upper')],
    ['select "Upper"(name) from biz_customer', GuardMessages.func('Upper')],
    ['select pg_typeof(1) from biz_customer', GuardMessages.func('pg_typeof')],
    ["select repeat('x', 100000000) from biz_customer", GuardMessages.func('repeat')],
    ["select substring(name from 'a+') from biz_customer", GuardMessages.func('pg_catalog.substring')],
    ['select current_user from biz_customer', GuardMessages.func('current_user')],
    ["select nextval('s') from biz_customer", GuardMessages.func('nextval')],
    ["select 'sys_user'::regclass from biz_customer", GuardMessages.type('regclass')],
    ['select cast(1 as oid) from biz_customer', GuardMessages.type('oid')],
    ["select name ~ 'a+' from biz_customer", GuardMessages.operator('~')],
    ["select name similar to 'a%' from biz_customer", GuardMessages.operator('SIMILAR TO')],
    ['select 2 ^ 1000 from biz_customer', GuardMessages.operator('^')],
    ['select name from biz_customer order by name using ~<~', GuardMessages.operator('~<~')],
    ['select 1 operator(public.+) 2 from biz_customer', GuardMessages.operator('public.+')],
    ['select xmlelement(name a) from biz_customer', GuardMessages.construct('XML')],
    ['select * from biz_customer tablesample system (10)', GuardMessages.construct('TABLESAMPLE')],
    ['select * from information_schema.tables', GuardMessages.catalog('information_schema.tables')],
    [
      'with pg_roles as (select 1 as a from biz_customer) select * from pg_roles',
      GuardMessages.catalog('pg_roles'),
    ],
    ["select * from upper('a') u", GuardMessages.fromFunc('upper')],
    ['select * from other.biz_customer', GuardMessages.table('other.biz_customer')],
    [
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 100000000) select count(*) from r',
      GuardMessages.recursive,
    ],
    ['explain select 1', GuardMessages.notSelect('EXPLAIN')],
  ])('%s', async (sql, message) => {
    await expect(check(sql)).rejects.toThrow(message);
  });

  it('accepts WITH RECURSIVE where a statement timeout can stop it (PostgreSQL)', async () => {
    const sql =
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 10) select count(*) from r';
    await expect(check(sql, true)).resolves.toBeUndefined();
  });

  it('refuses catalogs on a data source too, where any other table may be read', async () => {
    await expect(checkReportSql('select * from pg_catalog.pg_authid', { tables: null })).rejects.toThrow(
      GuardMessages.catalog('pg_catalog.pg_authid'),
    );
    await expect(
      checkReportSql('select ts_stat($$select 1$$) from orders', { tables: null }),
    ).rejects.toThrow(GuardMessages.func('ts_stat'));
    await expect(checkReportSql('select id from sales.orders', { tables: null })).resolves.toBeUndefined();
  });
});

describe('what reports write keeps working', () => {
  it.each([
    "select case when level = 'A' then 1 when level is null then 0 else 2 end as k, coalesce(name, '') as n, nullif(code, '') as c from biz_customer",
    'select greatest(1, 2), least(1, 2), current_date, current_timestamp, localtimestamp, now() from biz_customer',
    "select date '2026-01-01' + interval '1 day', extract(year from create_time), date_trunc('month', create_time) from biz_customer",
    "select trim(both ' ' from name), position('a' in name), substr(name, 1, 2), left(name, 1), name || '-' || code from biz_customer",
    "select * from biz_customer where name is distinct from code and level between 'A' and 'C' and level in ('A', 'B') and name ilike '%a%' and name not like 'b%'",
    'select * from biz_customer c where exists (select 1 from sys_depart d where d.org_code = c.depart) and c.id = any (array[$1, $2])',
    "select count(*) filter (where level = 'A'), percentile_cont(0.5) within group (order by id), string_agg(distinct name, ',' order by name) from biz_customer",
    'select level, row_number() over (partition by level order by id), sum(1) over w from biz_customer window w as (order by id rows between 1 preceding and current row)',
    'select level, grouping(level), count(*) from biz_customer group by rollup (level)',
    'select id::numeric(10, 2), id::int[], cast(id as varchar(20)), name collate "C", (array[1, 2])[1], row(1, 2) from biz_customer',
    'select distinct on (level) level, name from biz_customer order by level, name desc nulls last limit 10 offset 5',
    'select name from biz_customer union all select depart_name from sys_depart except select name from sys_user',
    'select * from biz_customer c join lateral (select count(*) n from sys_depart d where d.id = c.depart) x on true',
    'select * from biz_customer natural join sys_depart left join sys_user_depart using (dep_id)',
    "select x.a from (values (1, 'a'), (2, 'b')) as x(a, b)",
    "select '$$ drop table sys_user; select pg_read_file(1) $$' as s, $q$select pg_sleep(1)$q$ as t /* select pg_sleep(1) */ from biz_customer -- ts_stat('x')",
    "select json_build_object('a', name) ->> 'a', to_json(level), jsonb_agg(name) from biz_customer group by level, name",
    'select pg_catalog.upper(name), pg_catalog.count(*) from biz_customer group by 1',
  ])('%s', async (sql) => {
    await expect(check(sql)).resolves.toBeUndefined();
  });

  it('accepts every demo report, with and without its optional clauses', async () => {
    for (const report of DEMO_REPORTS) {
      for (const values of [
        {},
        {
          depart: 'A01',
          category: '2',
          day_begin: '2026-01-01',
          day_end: '2026-02-01',
          level: 'A',
          name: '客',
        },
      ])
        await expect(check(compileTemplate(report.sql, values).sql), report.code).resolves.toBeUndefined();
    }
  });
});

describe('the allow-list in docs/modules/reports.md', () => {
  const doc = fs.readFileSync('docs/modules/reports.md', 'utf8');

  it('names every allowed function, operator and type (one list: the code)', () => {
    const named = (name: string) => doc.includes(`\`${name}\``);
    const missing = [...Object.values(REPORT_FUNCTIONS).flat(), ...REPORT_OPERATORS, ...REPORT_TYPES].filter(
      (name) => !named(name),
    );
    expect(missing).toEqual([]);
  });
});
