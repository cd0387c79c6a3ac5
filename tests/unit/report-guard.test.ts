import { describe, expect, it } from 'vitest';
import { checkReportSql, GuardMessages } from '../../server/report/sql-guard.js';

const tables = new Set(['biz_customer', 'sys_depart']);
const check = (sql: string) => checkReportSql(sql, { tables, schema: 'rpt' });

describe('the report statement guard (PostgreSQL parser)', () => {
  it.each([
    'select name, level from biz_customer where level = $1',
    'select d.depart_name, count(*) from rpt.biz_customer c join sys_depart d on d.id = c.depart group by 1',
    'with lv as (select level, count(*) n from biz_customer group by level) select * from lv order by n desc',
    "select to_char(create_time, 'YYYY-MM') m, round(avg(1.5), 2) from biz_customer group by 1",
    "select 'drop table x; select pg_read_file(1)' as text_only from biz_customer",
  ])('accepts %s', async (sql) => {
    await expect(check(sql)).resolves.toBeUndefined();
  });

  it.each([
    ['', GuardMessages.empty],
    ['select from where', 'SQL语法错误：syntax error at or near "where"'],
    ['select 1 from biz_customer; select 2 from biz_customer', GuardMessages.count(2)],
    ['delete from biz_customer', GuardMessages.notSelect('DELETE')],
    ['update biz_customer set name = 1', GuardMessages.notSelect('UPDATE')],
    ['insert into biz_customer (name) values (1)', GuardMessages.notSelect('INSERT')],
    ["copy biz_customer to '/tmp/x'", GuardMessages.notSelect('COPY')],
    ['set role postgres', GuardMessages.notSelect('SET')],
    ['drop table biz_customer', GuardMessages.notSelect('DROP')],
    [
      'with gone as (delete from biz_customer returning *) select * from gone',
      GuardMessages.notSelect('DELETE'),
    ],
    ['select * into copy_of from biz_customer', GuardMessages.into],
    ['select * from biz_customer for update', GuardMessages.locking],
    ["select pg_read_file('/etc/passwd') from biz_customer", GuardMessages.func('pg_read_file')],
    ["select * from pg_ls_dir('.')", GuardMessages.func('pg_ls_dir')],
    ['select pg_sleep(60) from biz_customer', GuardMessages.func('pg_sleep')],
    ["select lo_import('/etc/passwd')", GuardMessages.func('lo_import')],
    ["select * from dblink('host=x', 'select 1') as t(a int)", GuardMessages.func('dblink')],
    ["select query_to_xml('select * from sys_user', true, true, '')", GuardMessages.func('query_to_xml')],
    ["select set_config('role', 'postgres', false)", GuardMessages.func('set_config')],
    ['select * from sys_user', GuardMessages.table('sys_user')],
    ['select * from public.biz_customer', GuardMessages.table('public.biz_customer')],
    ['select * from pg_catalog.pg_user', GuardMessages.catalog('pg_catalog.pg_user')],
    ['select * from pg_roles', GuardMessages.catalog('pg_roles')],
    ['select (select count(*) from sys_session) from biz_customer', GuardMessages.table('sys_session')],
  ])('refuses %j', async (sql, message) => {
    await expect(check(sql)).rejects.toThrow(message);
  });

  it('lets an external source name any table (its own user decides)', async () => {
    await expect(checkReportSql('select * from orders', { tables: null })).resolves.toBeUndefined();
    await expect(checkReportSql('delete from orders', { tables: null })).rejects.toThrow(
      GuardMessages.notSelect('DELETE'),
    );
  });
});
