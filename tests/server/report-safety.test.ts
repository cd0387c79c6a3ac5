/**
 * What a report statement cannot do, each through the server: the guard's refusals at save and
 * 解析SQL, columns the data set does not open, the role that only reads the report views (even for
 * a statement the guard would let through), the read-only transaction, the statement timeout, the
 * data set's closed tables and columns, and the data rules of a report's menu entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DEFAULTS } from '../../server/config.js';
import { withReportSession, SessionMessages } from '../../server/report/session.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let ctx: EntityTestContext;
let analyst: string;

beforeAll(async () => {
  ctx = await createEntityContext({ config: { report: { ...REPORT_DEFAULTS, timeoutMs: 300 } } });
  analyst = await ctx.login('fengyu', DEMO_PASSWORD);
  for (const [code, level] of [
    ['S1', 'M'],
    ['S2', 'L'],
    ['S3', 'M'],
  ])
    await ctx.send('POST', '/sys/customer/add', { name: `客户${code}`, code, level });
});
afterAll(() => ctx.close());

const parse = (sql: string) => ctx.send('POST', '/online/cgreport/head/parseSql', { sql }, analyst);

describe('statements a report may not run', () => {
  it.each([
    ['delete from biz_customer', '只能是SELECT语句，发现：DELETE'],
    ['select 1 from biz_customer; select 2 from biz_customer', '只能是一条SELECT语句，发现2条语句'],
    ["select pg_read_file('/etc/passwd') from biz_customer", '报表中不允许调用函数：pg_read_file'],
    ['select * from sys_session', '报表只能读取报表数据集中的表，发现：sys_session'],
    ['select * from public.sys_user', '报表只能读取报表数据集中的表，发现：public.sys_user'],
    ['select * from biz_customer for update', 'FOR UPDATE / FOR SHARE 会锁定数据，报表中不允许'],
  ])('refuses %j when parsed', async (sql, message) => {
    expect(await parse(sql)).toMatchObject({ success: false, message });
  });

  it('cannot read a column the data set does not open (the password hash)', async () => {
    const answer = await parse('select username, password_hash from sys_user');
    expect(answer).toMatchObject({ success: false });
    expect(answer.message).toContain('password_hash');
    expect(answer.message).toContain('报表SQL执行出错');
  });

  it('runs as a role that reads the report views only, in a read-only transaction', async () => {
    const run = (sql: string) =>
      withReportSession(ctx.database, { timeoutMs: 2000, tenantId: 1 }, (s) => s.query(sql, []));
    await expect(run('select * from public.sys_user')).rejects.toThrow(SessionMessages.denied);
    await expect(run('select * from public.sys_session')).rejects.toThrow(SessionMessages.denied);
    await expect(run("insert into biz_customer (id, name, code) values ('x', 'x', 'x')")).rejects.toThrow(
      SessionMessages.denied,
    );
    await expect(run("select pg_read_file('/etc/passwd')")).rejects.toThrow(SessionMessages.denied);
    const rows = await run('select count(*)::int as n from biz_customer');
    expect(rows.rows[0]).toEqual({ n: 3 });
  });

  it('refuses a statement the planner expects to run too long, before it starts', async () => {
    const report = {
      head: {
        code: 'slow',
        name: '慢查询',
        // Ten lists of ten values, crossed: 1e10 rows the planner counts exactly (no statistics
        // involved), far over the limit; the guard allows VALUES and joins, the estimate stops it.
        cgrSql: `select count(*) as n from ${Array.from(
          { length: 10 },
          (_, i) => `(values (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) t${i}(x)`,
        ).join(', ')}`,
      },
      items: [{ fieldName: 'n', fieldTxt: 'n', fieldType: 'Integer' }],
      params: [],
    };
    expect(await ctx.send('POST', '/online/cgreport/head/add', report, analyst)).toMatchObject({
      success: true,
    });
    expect(await ctx.get('/online/cgreport/api/getData/slow', analyst)).toMatchObject({
      success: false,
      message: SessionMessages.tooCostly,
    });
  });
});

describe('the report data set', () => {
  it('never opens secret tables or columns', async () => {
    const add = (body: object) => ctx.send('POST', '/online/cgreport/dataset/add', body);
    expect(await add({ tableName: 'sys_session', title: '会话', columns: ['user_id'] })).toMatchObject({
      success: false,
      message: '该表不能用于报表：sys_session',
    });
    expect(
      await add({ tableName: 'sys_check_rule', title: '校验规则', columns: ['rule_code', 'nope'] }),
    ).toMatchObject({
      success: false,
      message: '字段不存在：sys_check_rule.nope',
    });
    const tables = await ctx.get<{ tableName: string; columns: string[] }[]>(
      '/online/cgreport/dataset/tables',
    );
    expect(tables.result!.map((t) => t.tableName)).not.toContain('sys_session');
    expect(tables.result!.find((t) => t.tableName === 'sys_user')!.columns).not.toContain('password_hash');
  });

  it('opens a table to reports at once, with just its chosen columns', async () => {
    expect(await parse('select rule_code from sys_check_rule')).toMatchObject({ success: false });
    expect(
      await ctx.send('POST', '/online/cgreport/dataset/add', {
        tableName: 'sys_check_rule',
        title: '校验规则',
        columns: ['rule_code', 'rule_name'],
      }),
    ).toMatchObject({ success: true });
    expect(await parse('select rule_code, rule_name from sys_check_rule')).toMatchObject({ success: true });
    expect(await parse('select rule_json from sys_check_rule')).toMatchObject({ success: false });
  });

  it('is kept by admins: an analyst may not change it', async () => {
    expect(
      await ctx.send(
        'POST',
        '/online/cgreport/dataset/add',
        { tableName: 'sys_log', title: '日志', columns: ['id'] },
        analyst,
      ),
    ).toMatchObject({
      success: false,
      code: 510,
    });
  });
});

describe('data rules on a report', () => {
  it("limit the rows to the rule on the report's menu entry", async () => {
    const report = {
      head: { code: 'all_customers', name: '全部客户', cgrSql: 'select code, level from biz_customer' },
      items: [
        { fieldName: 'code', fieldTxt: '编码', fieldType: 'String' },
        { fieldName: 'level', fieldTxt: '等级', fieldType: 'String' },
      ],
      params: [],
    };
    await ctx.send('POST', '/online/cgreport/head/add', report, analyst);
    const id = (
      await ctx.get<{ records: { id: string }[] }>('/online/cgreport/head/list?code=all_customers', analyst)
    ).result!.records[0].id;
    const menu = await ctx.send<{ id: string }>(
      'POST',
      '/online/cgreport/head/addToMenu',
      { id, name: '全部客户' },
      analyst,
    );
    const staff = await ctx.database.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleCode', '=', 'staff')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('sysPermissionDataRule')
      .values({
        id: 'rule-level-m',
        permissionId: menu.result!.id,
        ruleName: '中级客户',
        ruleColumn: 'level',
        ruleConditions: 'eq',
        ruleValue: 'M',
        status: '1',
      })
      .execute();
    await ctx.database.db
      .insertInto('sysRolePermission')
      .values({ roleId: staff.id, permissionId: menu.result!.id, dataRuleIds: 'rule-level-m' })
      .execute();
    const page = await ctx.get<{ records: { code: string }[]; total: number }>(
      '/online/cgreport/api/getData/all_customers',
      ctx.staffToken,
    );
    expect(page.result!.records.map((r) => r.code).sort()).toEqual(['S1', 'S3']);
    const all = await ctx.get<{ total: number }>('/online/cgreport/api/getData/all_customers', analyst);
    expect(all.result!.total).toBe(3);
  });
});
