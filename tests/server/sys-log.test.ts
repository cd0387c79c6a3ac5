/**
 * 日志管理 over /sys/log (logType 1 登录日志, 2 操作日志): the list with its filters and sorts,
 * queryById, delete and deleteBatch (the sign-in log's rows and the visit figures are in
 * sys-log-signin.test.ts, the operation log's rows in sys-log-operations.test.ts).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

interface LogRecord {
  id: number;
  logType: number;
  logContent: string;
  username: string | null;
  userid: string | null;
  ip: string | null;
  costTime: number | null;
  resultStatus: string | null;
  resultStatus_dictText?: string;
  operateType?: number;
  operateType_dictText?: string;
  requestParam?: string | null;
  createTime: string;
}

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const list = (query: string, token?: string) => ctx.get<Page<LogRecord>>(`/sys/log/list?${query}`, token);
const countOf = async (where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int as n from sys_log where ${where}`.execute(ctx.database.db))
    .rows[0].n;

async function insertLog(values: {
  logType: number;
  logContent: string;
  username: string;
  createTime: Date;
  costTime?: number;
  ip?: string;
}): Promise<number> {
  const row = await ctx.database.db
    .insertInto('sysLog')
    .values({ ip: '10.0.0.9', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /sys/log/list', () => {
  it('needs the log type, and shows only that log', async () => {
    for (const query of ['', 'logType=', 'logType=3', 'logType=1,2']) {
      expect(await list(query), query).toMatchObject({
        success: false,
        message: '请指定日志类型：logType为1（登录日志）或2（操作日志）',
      });
    }
    const signIns = await list('logType=1&pageSize=50');
    expect(signIns.success).toBe(true);
    expect(signIns.result!.total).toBe(await countOf(sql`log_type = 1`));
    expect(signIns.result!.records.every((r) => r.logType === 1)).toBe(true);
    const operations = await list('logType=2&pageSize=50');
    expect(operations.result!.total).toBe(await countOf(sql`log_type = 2`));
    expect(operations.result!.records.every((r) => r.logType === 2)).toBe(true);
    expect(operations.result!.records[0]).toHaveProperty('operateType_dictText');
  });

  it('is newest first by default, with the contract page shape and dictionary texts', async () => {
    const page = await list('logType=1&pageSize=20&pageNo=2');
    expect(page.result).toMatchObject({ size: 20, current: 2 });
    const times = page.result!.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const refused = await list('logType=1&resultStatus=0&pageSize=1');
    expect(refused.result!.records[0]).toMatchObject({ resultStatus: '0', resultStatus_dictText: '失败' });
  });

  it('searches the content by keyWord (JeecgBoot) or the declared field, and by account', async () => {
    await insertLog({
      logType: 2,
      logContent: '会议室-预订（测试专用）',
      username: 'lina',
      createTime: new Date(),
    });
    for (const query of [
      `keyWord=${encodeURIComponent('预订（测试')}`,
      `logContent=${encodeURIComponent('*预订（测试*')}`,
    ]) {
      const found = await list(`logType=2&${query}`);
      expect(
        found.result!.records.map((r) => r.logContent),
        query,
      ).toEqual(['会议室-预订（测试专用）']);
    }
    // Wildcards of the search text are literal: '%' finds nothing rather than everything.
    expect((await list('logType=2&keyWord=%25')).result!.total).toBe(0);
    const mine = await list('logType=1&username=wangfang&pageSize=100');
    expect(mine.result!.total).toBe(await countOf(sql`log_type = 1 and username = 'wangfang'`));
    expect(mine.result!.records.every((r) => r.username === 'wangfang')).toBe(true);
  });

  it('filters a time range with createTime_begin / createTime_end', async () => {
    const old = new Date('2020-03-15T02:00:00Z'); // 10:00 in Asia/Shanghai
    await insertLog({
      logType: 1,
      logContent: '用户名: hexue,登录成功！',
      username: 'hexue',
      createTime: old,
    });
    const inRange = await list(
      `logType=1&createTime_begin=${encodeURIComponent('2020-03-15 00:00:00')}&createTime_end=${encodeURIComponent('2020-03-15 23:59:59')}`,
    );
    expect(inRange.result!.records.map((r) => [r.username, r.createTime])).toEqual([
      ['hexue', '2020-03-15 10:00:00'],
    ]);
    const before = await list(`logType=1&createTime_end=${encodeURIComponent('2020-03-15 09:59:59')}`);
    expect(before.result!.total).toBe(0);
  });

  it('sorts by createTime or costTime only', async () => {
    await insertLog({
      logType: 2,
      logContent: '慢请求',
      username: 'admin',
      createTime: new Date(),
      costTime: 99_999,
    });
    const slowest = await list('logType=2&column=costTime&order=desc&pageSize=1');
    expect(slowest.result!.records[0]).toMatchObject({ logContent: '慢请求', costTime: 99_999 });
    const oldest = await list('logType=1&column=createTime&order=asc&pageSize=1');
    expect(oldest.result!.records[0].createTime).toBe('2020-03-15 10:00:00');
    for (const column of ['ip', 'username', 'id', 'updateTime', 'log_content']) {
      expect(await list(`logType=1&column=${column}&order=asc`), column).toMatchObject({
        success: false,
        message: `请注意，将要排序的列字段不存在：${column}`,
      });
    }
  });

  it('refuses parameters that are not fields of the log', async () => {
    for (const name of ['createBy', 'password', 'operateType_x']) {
      expect(await list(`logType=1&${name}=x`), name).toMatchObject({
        success: false,
        message: `查询字段不存在：${name}`,
      });
    }
  });

  it('is the admin screen: staff and anonymous callers are refused', async () => {
    expect(await list('logType=1', ctx.staffToken)).toMatchObject({ success: false, code: 510 });
    const anonymous = await ctx.call({ method: 'GET', url: '/api/sys/log/list?logType=1' });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /sys/log/queryById', () => {
  it('answers one row with its own log fields, and says when there is none', async () => {
    const id = await insertLog({
      logType: 2,
      logContent: '用户-编辑',
      username: 'admin',
      createTime: new Date(),
    });
    expect(await ctx.get<LogRecord>(`/sys/log/queryById?id=${id}`)).toMatchObject({
      success: true,
      result: { id, logType: 2, logContent: '用户-编辑', operateType: null, requestParam: null },
    });
    expect(await ctx.get('/sys/log/queryById?id=987654321')).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await ctx.get('/sys/log/queryById?id=abc')).toMatchObject({ success: false });
  });
});

describe('DELETE /sys/log/delete and deleteBatch', () => {
  it('deletes one row, and several; staff may not', async () => {
    const now = new Date();
    const ids = await Promise.all(
      ['一', '二', '三'].map((n) =>
        insertLog({ logType: 2, logContent: `待删除${n}`, username: 'admin', createTime: now }),
      ),
    );
    const remaining = () => countOf(sql`id in (${sql.join(ids)})`);

    expect(await ctx.send('DELETE', `/sys/log/delete?id=${ids[0]}`, undefined, ctx.staffToken)).toMatchObject(
      {
        code: 510,
      },
    );
    expect(
      await ctx.send('DELETE', `/sys/log/deleteBatch?ids=${ids.join(',')}`, undefined, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
    expect(await remaining()).toBe(3);

    expect(await ctx.send('DELETE', `/sys/log/delete?id=${ids[0]}`)).toMatchObject({
      success: true,
      message: '删除成功！',
    });
    expect(await remaining()).toBe(2);
    expect(await ctx.send('DELETE', `/sys/log/delete?id=${ids[0]}`)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await ctx.send('DELETE', `/sys/log/deleteBatch?ids=${ids[1]},${ids[2]},`)).toMatchObject({
      success: true,
      message: '批量删除成功！',
    });
    expect(await remaining()).toBe(0);
  });

  it('refuses ids that are not log numbers', async () => {
    expect(await ctx.send('DELETE', '/sys/log/deleteBatch?ids=1,abc')).toMatchObject({ success: false });
    expect(await ctx.send('DELETE', '/sys/log/deleteBatch?ids=')).toMatchObject({
      success: false,
      message: '参数不识别！',
    });
  });
});
