/**
 * 登录日志's rows for every sign-in outcome (account, phone, sign-out, refusals), and the
 * workbench's visit figures /sys/loginfo and /sys/visitInfo computed from it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/organisation.js';
import { logQueueOf } from '../../server/sys/log/operation-log.js';
import { DEMO_PASSWORD } from './helpers.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
});
afterAll(() => ctx.close());

const flushLogs = () => logQueueOf(ctx.app)!.flush();
const countOf = async (where: ReturnType<typeof sql>) =>
  (await sql<{ n: number }>`select count(*)::int as n from sys_log where ${where}`.execute(ctx.database.db))
    .rows[0].n;

describe('the sign-in log', () => {
  const signInRows = async (username: string) =>
    ctx.database.db
      .selectFrom('sysLog')
      .selectAll()
      .where('logType', '=', 1)
      .where('username', '=', username)
      .orderBy('id', 'desc')
      .execute();

  it('records a successful sign-in and a sign-out, and no operation row for them', async () => {
    const token = await ctx.login('majun', DEMO_PASSWORD);
    await ctx.call({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': token } });
    await flushLogs();
    const [signOut, signIn] = await signInRows('majun');
    expect(signIn).toMatchObject({
      logContent: '用户名: majun,登录成功！',
      userid: userId('majun'),
      resultStatus: '1',
    });
    expect(signOut).toMatchObject({ logContent: '用户名: majun,退出成功！', resultStatus: '1' });
    expect(await countOf(sql`log_type = 2 and request_url in ('/api/sys/login', '/api/sys/logout')`)).toBe(0);
  });

  it('records a refused account sign-in with the account typed, the reason and the address', async () => {
    await ctx.call({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Probe/1.0' },
      payload: { username: 'guoyan', password: 'Wrong#2026', captcha: '', checkKey: '' },
    });
    await flushLogs();
    const [row] = await signInRows('guoyan');
    expect(row).toMatchObject({
      logContent: '用户名: guoyan,登录失败：用户名或密码错误',
      userid: null,
      ip: '203.0.113.77',
      resultStatus: '0',
      userAgent: 'Probe/1.0',
      requestUrl: '/api/sys/login',
    });
    // The password typed is never kept.
    expect(JSON.stringify(row)).not.toContain('Wrong#2026');
  });

  it('records a refused phone sign-in under the number typed', async () => {
    await ctx.call({
      method: 'POST',
      url: '/api/sys/phoneLogin',
      payload: { mobile: '13800000019', captcha: '000000' },
    });
    await flushLogs();
    const [row] = await signInRows('13800000019');
    expect(row.logContent).toMatch(/^手机号: 13800000019,登录失败：.+/);
    expect(row.resultStatus).toBe('0');
  });
});

describe('GET /sys/loginfo and /sys/visitInfo', () => {
  it('count the sign-in log, not refused attempts, today in the app time zone', async () => {
    const expected = (
      await sql<{ total: number; today: number; ips: number }>`select
        count(*)::int as total,
        (count(*) filter (where create_time >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))::int as today,
        (count(distinct ip) filter (where create_time >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))::int as ips
        from sys_log where log_type = 1 and result_status is distinct from '0'`.execute(ctx.database.db)
    ).rows[0];
    const info = await ctx.get('/sys/loginfo', ctx.staffToken);
    expect(info).toMatchObject({
      success: true,
      result: { totalVisitCount: expected.total, todayVisitCount: expected.today, todayIp: expected.ips },
    });
    expect(expected.total).toBeGreaterThan(100); // the demo's weeks of sign-ins

    await ctx.call({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'nobody', password: 'Wrong#2026', captcha: '', checkKey: '' },
    });
    await flushLogs();
    expect((await ctx.get<{ todayVisitCount: number }>('/sys/loginfo')).result!.todayVisitCount).toBe(
      expected.today,
    );
  });

  it('gives the last 7 days oldest first as {visit, ip, tian, type}, today included', async () => {
    const days = (
      await ctx.get<{ visit: number; ip: number; tian: string; type: string }[]>('/sys/visitInfo')
    ).result!;
    expect(days).toHaveLength(7);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(days[6].tian).toBe(today);
    for (const day of days) {
      expect(day.type).toBe(day.tian.slice(5));
      const counted = (
        await sql<{ visit: number; ip: number }>`select count(*)::int as visit, count(distinct ip)::int as ip
          from sys_log where log_type = 1 and result_status is distinct from '0'
            and create_time >= (${day.tian}::timestamp at time zone 'Asia/Shanghai')
            and create_time < ((${day.tian}::timestamp + interval '1 day') at time zone 'Asia/Shanghai')`.execute(
          ctx.database.db,
        )
      ).rows[0];
      expect({ visit: day.visit, ip: day.ip }, day.tian).toEqual(counted);
    }
    expect(days.reduce((sum, d) => sum + d.visit, 0)).toBeGreaterThan(20);
  });

  it('need a signed-in user', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/sys/loginfo' })).status).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/sys/visitInfo' })).status).toBe(401);
  });
});
