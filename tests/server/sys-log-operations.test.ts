/**
 * 操作日志: every mutating API request leaves one row (who, what, when, result, duration, client
 * address) written in batches off the request's path; reads leave none; secrets in the
 * parameters are masked; a failing log write never fails the request.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId, userId } from '../../server/db/seed/organisation.js';
import { describeRoute, loadAreas, OperateType } from '../../server/sys/log/describe.js';
import { FLUSH_ROWS, LogQueue } from '../../server/sys/log/log-queue.js';
import { logQueueOf } from '../../server/sys/log/operation-log.js';
import { REDACTED, requestParams } from '../../server/sys/log/request-params.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const flushLogs = () => logQueueOf(ctx.app)!.flush();
const lastOperation = async () => {
  await flushLogs();
  return ctx.database.db
    .selectFrom('sysLog')
    .selectAll()
    .where('logType', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
};
const operationCount = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from sys_log where log_type = 2`.execute(
      ctx.database.db,
    )
  ).rows[0].n;

describe('one row per mutating request', () => {
  it('records who did what, with what, the result, the time it took and the address', async () => {
    const started = Date.now();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/sys/role/add',
      headers: {
        'x-access-token': ctx.adminToken,
        'x-forwarded-for': '198.51.100.23',
        'user-agent': 'Audit/2.0',
      },
      payload: { roleName: '审计专员', roleCode: 'auditor', description: '查看日志' },
    });
    expect(res.body.success).toBe(true);
    const row = await lastOperation();
    expect(row).toMatchObject({
      logContent: '角色-添加',
      operateType: OperateType.add,
      userid: userId('admin'),
      username: 'admin',
      ip: '198.51.100.23',
      requestType: 'POST',
      requestUrl: '/api/sys/role/add',
      method: '/api/sys/role/add',
      httpStatus: 200,
      resultStatus: '1',
      resultCode: 200,
      resultMessage: '添加成功！',
      userAgent: 'Audit/2.0',
    });
    expect(JSON.parse(row.requestParam!)).toEqual({
      roleName: '审计专员',
      roleCode: 'auditor',
      description: '查看日志',
    });
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.createTime.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.createTime.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('records refusals too: a missing permission and a business error', async () => {
    await ctx.send('DELETE', `/sys/role/delete?id=${roleId('manager')}`, undefined, ctx.staffToken);
    expect(await lastOperation()).toMatchObject({
      logContent: '角色-删除',
      operateType: OperateType.delete,
      username: 'chenjing',
      requestParam: JSON.stringify({ id: roleId('manager') }),
      resultStatus: '0',
      resultCode: 510,
      resultMessage: '没有权限，请联系管理员授权',
    });
    await ctx.send('POST', '/sys/role/add', { roleName: '重复', roleCode: 'auditor' });
    expect(await lastOperation()).toMatchObject({ resultStatus: '0', resultMessage: '角色编码已存在' });
  });

  it('masks passwords and other secrets in the parameters', async () => {
    await ctx.send('PUT', '/sys/user/changePassword', {
      username: 'xuming',
      password: 'Secret#2026x',
      confirmpassword: 'Secret#2026x',
    });
    const row = await lastOperation();
    expect(row.logContent).toBe('用户-修改密码');
    expect(row.requestParam).not.toContain('Secret#2026x');
    expect(JSON.parse(row.requestParam!)).toMatchObject({
      username: 'xuming',
      password: REDACTED,
      confirmpassword: REDACTED,
    });
  });

  it('records an anonymous call without a person, and never the sign-in calls', async () => {
    await ctx.call({ method: 'POST', url: '/api/sys/user/checkOnlyUser' });
    await ctx.call({ method: 'POST', url: '/api/sys/sms', payload: { mobile: '13800000009', smsmode: '9' } });
    const row = await lastOperation();
    expect(row).toMatchObject({
      requestUrl: '/api/sys/sms',
      userid: null,
      username: null,
      resultStatus: '0',
    });
    const before = await operationCount();
    await ctx.call({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: 'nope', captcha: '', checkKey: '' },
    });
    await flushLogs();
    expect(await operationCount()).toBe(before);
  });

  it('writes nothing for reads and for paths no route serves', async () => {
    await flushLogs();
    const before = await operationCount();
    await ctx.get('/sys/role/list');
    await ctx.get('/sys/log/list?logType=2');
    await ctx.send('POST', '/sys/no/such/route', { a: 1 });
    await flushLogs();
    expect(await operationCount()).toBe(before);
  });

  it('a failing log write does not fail the request', async () => {
    await flushLogs();
    await sql`alter table sys_log rename to sys_log_away`.execute(ctx.database.db);
    try {
      const res = await ctx.send('POST', '/sys/role/add', { roleName: '日志不可写时', roleCode: 'nolog' });
      expect(res).toMatchObject({ success: true, message: '添加成功！' });
      await expect(flushLogs()).resolves.toBeUndefined();
    } finally {
      await sql`alter table sys_log_away rename to sys_log`.execute(ctx.database.db);
    }
    const res = await ctx.send('POST', '/sys/role/add', { roleName: '日志恢复后', roleCode: 'logback' });
    expect(res.success).toBe(true);
    expect(JSON.parse((await lastOperation()).requestParam!)).toMatchObject({ roleCode: 'logback' });
  });
});

describe('batched writes', () => {
  it('holds rows until a second passes or 100 wait, then writes them in one go', async () => {
    const db = ctx.database.db;
    const queue = new LogQueue(db, { intervalMs: 60_000 });
    const mark = `批量写入-${Date.now()}`;
    const written = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from sys_log where log_content = ${mark}`.execute(
          db,
        )
      ).rows[0].n;
    const row = { logType: 2, logContent: mark, username: 'admin' };
    for (let i = 0; i < FLUSH_ROWS - 1; i += 1) queue.add(row);
    expect(await written()).toBe(0);
    queue.add(row); // the 100th starts the write
    await queue.flush();
    expect(await written()).toBe(FLUSH_ROWS);
    queue.add(row);
    await queue.flush();
    expect(await written()).toBe(FLUSH_ROWS + 1);
  });
});

describe('the description of a row', () => {
  const areas = loadAreas();
  it('names the screen and the operation from the declarations', () => {
    expect(describeRoute(areas, 'POST', '/sys/customer/add')).toEqual({
      content: '客户-添加',
      operateType: OperateType.add,
    });
    expect(describeRoute(areas, 'DELETE', '/sys/mailList/deleteBatch')).toEqual({
      content: '通讯录-批量删除',
      operateType: OperateType.delete,
    });
    expect(describeRoute(areas, 'PUT', '/sys/user/frozenBatch')).toEqual({
      content: '用户-冻结/解冻',
      operateType: OperateType.edit,
    });
    // A declared transition, even when the contract carries it as DELETE, changes the row.
    expect(describeRoute(areas, 'DELETE', '/sys/scene/startUseById')).toEqual({
      content: '场景-启用',
      operateType: OperateType.edit,
    });
    expect(describeRoute(areas, 'POST', '/sys/online/forceLogout').content).toBe('在线用户-强制退出');
    expect(describeRoute(areas, 'POST', '/sys/common/transitRESTful').content).toBe('接口转发');
  });

  it('falls back to the URL where no declaration covers the route', () => {
    expect(describeRoute(areas, 'PUT', '/sys/selectDepart')).toEqual({
      content: '/sys/selectDepart',
      operateType: OperateType.edit,
    });
  });
});

describe('request parameters', () => {
  it('keep the query and the body, drop the cache buster, mask secrets at any depth', () => {
    expect(requestParams({ _t: '1' }, undefined)).toBeNull();
    expect(requestParams({ ids: 'a,b', _t: '1' }, undefined)).toBe('{"ids":"a,b"}');
    const both = JSON.parse(
      requestParams(
        { url: 'https://x' },
        { name: 'n', nested: { oldpassword: 'a', list: [{ accessToken: 't', smscode: '1234' }] } },
      )!,
    );
    expect(both).toEqual({
      query: { url: 'https://x' },
      body: {
        name: 'n',
        nested: { oldpassword: REDACTED, list: [{ accessToken: REDACTED, smscode: REDACTED }] },
      },
    });
    expect(requestParams({}, 'user=a&password=p1&x=1')).toBe(`user=a&password=${REDACTED}&x=1`);
  });

  it('are cut to a readable length', () => {
    const long = requestParams({}, { text: 'x'.repeat(5000) })!;
    expect(long.length).toBeLessThanOrEqual(2001);
    expect(long.endsWith('…')).toBe(true);
  });
});
