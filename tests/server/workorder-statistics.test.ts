/**
 * Work-order statistics (docs/modules/workorder-statistics.md): the figures follow the orders
 * added and finished, the period and department filters, overdue and its rate on known data, the
 * per-department, per-person and per-project rows, the .xlsx export, and who may
 * ask: managers only, their tenant only, narrowed by the data rules of the statistics menu.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../server/db/seed/ids.js';
import { roleId } from '../../server/db/seed/organisation.js';
import { xlsxRows } from '../../server/entity/xlsx/index.js';
import type {
  DepartAnswer,
  ProjectAnswer,
  StatisticsAnswer,
} from '../../server/workorder/statistics/answers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { createWorkOrderTest, dayFromToday, type WorkOrderTest } from './workorder-helpers.js';

const BASE = '/sys/workOrderStatic';
let t: WorkOrderTest;
let manager: string; // zhangwei, 项目管理部 (A01A02)

beforeAll(async () => {
  t = await createWorkOrderTest();
  manager = await t.login('zhangwei', DEMO_PASSWORD);
});
afterAll(() => t.close());

const today = dayFromToday(0);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function stats(params: Record<string, string>, token = t.tokens.admin): Promise<StatisticsAnswer> {
  const res = await t.get<StatisticsAnswer>(`${BASE}/workOrderStatistics?${query(params)}`, token);
  if (!res.success) throw new Error(res.message);
  return res.result!;
}

async function departs(params: Record<string, string>, token = t.tokens.admin): Promise<DepartAnswer> {
  const res = await t.get<DepartAnswer>(`${BASE}/getAgencyStastics?${query(params)}`, token);
  if (!res.success) throw new Error(res.message);
  return res.result!;
}

const todayOnly = { beginDate: today, endDate: today };
const db = () => t.database.db;

/** Moves an order into March 2020 (before any demo order): created, deadline, status, finished. */
async function backdate(
  id: string,
  values: { created: string; deadline: string; status: string; finished?: string },
) {
  await sql`update biz_work_order set create_time = ${values.created}::timestamptz, deadline = ${values.deadline}::date,
    status = ${values.status}, finish_time = ${values.finished ?? null}::timestamptz where id = ${id}`.execute(
    db(),
  );
}

describe('GET /sys/workOrderStatic/workOrderStatistics', () => {
  it('counts an added order, then its finishing, in every breakdown and this week', async () => {
    const before = await stats(todayOnly);
    const row = await t.launch({ orderType: '5' });
    const added = await stats(todayOnly);
    expect(added.summary.total).toBe(before.summary.total + 1);
    expect(added.summary.open).toBe(before.summary.open + 1);
    expect(added.summary.waiting).toBe(before.summary.waiting + 1);
    const person = (a: StatisticsAnswer) => a.byPerson.find((p) => p.username === 'chenjing');
    expect(person(added)).toMatchObject({ realname: '陈静', total: (person(before)?.total ?? 0) + 1 });
    const type = (a: StatisticsAnswer) => a.byType.find((x) => x.orderType === '5');
    expect(type(added)).toMatchObject({ typeText: '信息化支持', total: (type(before)?.total ?? 0) + 1 });
    const status = (a: StatisticsAnswer, s: string) => a.byStatus.find((x) => x.status === s)!.count;
    expect(status(added, '0')).toBe(status(before, '0') + 1);
    expect(added.byStatus.map((s) => s.statusText)).toEqual(
      expect.arrayContaining(['待接收', '处理中', '已完成', '已关闭', '已撤回']),
    );
    const lastWeek = (a: StatisticsAnswer) => a.weekly[a.weekly.length - 1];
    expect(lastWeek(added).created).toBe(lastWeek(before).created + 1);

    expect((await t.move('accept', row.id, t.tokens.chenjing)).success).toBe(true);
    expect((await t.move('finish', row.id, t.tokens.chenjing)).success).toBe(true);
    const finished = await stats(todayOnly);
    expect(finished.summary).toMatchObject({
      total: added.summary.total,
      open: added.summary.open - 1,
      finished: added.summary.finished + 1,
      finishedThisWeek: added.summary.finishedThisWeek + 1,
    });
    expect(finished.summary.avgFinishHours).not.toBeNull();
    expect(lastWeek(finished).finished).toBe(lastWeek(added).finished + 1);
    expect(person(finished)!.finished).toBe(person(added)!.finished + 1);
  });

  it('computes overdue (open past the deadline, or finished after it) and its rate on known data', async () => {
    const [open, late, onTime, withdrawn] = [
      await t.launch(),
      await t.launch(),
      await t.launch(),
      await t.launch({ charge: 'zhaolei' }),
    ];
    await backdate(open.id, { created: '2020-03-02 09:00:00+08', deadline: '2020-03-05', status: '2' });
    // Finished on 3月7日 (Shanghai) for a deadline of 3月6日: 48 hours after creation.
    await backdate(late.id, {
      created: '2020-03-05 09:00:00+08',
      deadline: '2020-03-06',
      status: '1',
      finished: '2020-03-07 09:00:00+08',
    });
    // Finished at 23:30 Shanghai of the deadline day (already the next day in UTC): on time, 24 hours.
    await backdate(onTime.id, {
      created: '2020-03-09 23:30:00+08',
      deadline: '2020-03-10',
      status: '1',
      finished: '2020-03-10 23:30:00+08',
    });
    await backdate(withdrawn.id, { created: '2020-03-20 10:00:00+08', deadline: '2020-03-21', status: '4' });
    const march = await stats({ beginDate: '2020-03-01', endDate: '2020-03-31' });
    expect(march.summary).toMatchObject({
      total: 4,
      open: 1,
      processing: 1,
      finished: 2,
      withdrawn: 1,
      overdueOpen: 1,
      finishedLate: 1,
      overdue: 2,
      overdueRate: 50,
      avgFinishHours: 36,
    });
    expect(march.byPerson.find((p) => p.username === 'chenjing')).toMatchObject({
      total: 3,
      overdue: 2,
      overdueRate: 66.7,
      avgFinishHours: 36,
    });
    expect(march.byPerson.find((p) => p.username === 'zhaolei')).toMatchObject({ total: 1, overdue: 0 });
    // Weeks from the Monday before 3月1日 to the one of 3月31日, each with its orders.
    expect(march.weekly.map((w) => w.weekStart)).toEqual([
      '2020-02-24',
      '2020-03-02',
      '2020-03-09',
      '2020-03-16',
      '2020-03-23',
      '2020-03-30',
    ]);
    expect(march.weekly.map((w) => [w.created, w.finished])).toEqual([
      [0, 0],
      [2, 1],
      [1, 1],
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
    // Only the first week of March: the open and the late one.
    const firstWeek = await stats({ beginDate: '2020-03-01', endDate: '2020-03-07' });
    expect(firstWeek.summary).toMatchObject({ total: 2, overdue: 2, overdueRate: 100 });
  });

  it('filters by department (and below) and answers the department by name', async () => {
    const mine = await t.launch({}, t.tokens.chenjing); // 项目一组 A01A02A01
    const a02 = await stats({ ...todayOnly, orgCode: 'A01A02' });
    expect(a02).toMatchObject({ orgCode: 'A01A02', departName: '项目管理部' });
    expect(a02.summary.total).toBeGreaterThanOrEqual(1);
    const a03 = await stats({ ...todayOnly, orgCode: 'A01A03' });
    const all = await stats(todayOnly);
    const orders = await sql<{ org: string; n: number }>`select sys_org_code as org, count(*)::int as n
      from biz_work_order where tenant_id = 1 and create_time >= current_date - 1 group by 1`.execute(db());
    const count = (prefix: string) =>
      orders.rows.filter((r) => r.org.startsWith(prefix)).reduce((s, r) => s + r.n, 0);
    expect(a02.summary.total).toBe(count('A01A02'));
    expect(a03.summary.total).toBe(count('A01A03'));
    expect(all.summary.total).toBe(count(''));
    expect(mine.id).toBeTruthy();
  });

  it('refuses bad filters with a message', async () => {
    const bad = async (q: string) => (await t.get(`${BASE}/workOrderStatistics?${q}`)).message;
    expect(await bad('beginDate=2026-02-30')).toBe('日期格式不正确：beginDate');
    expect(await bad('beginDate=2026-03-01&endDate=2026-02-01')).toBe('开始日期不能晚于结束日期');
    expect(await bad('beginDate=2010-01-01&endDate=2026-01-01')).toBe('统计区间不能超过5年');
    expect(await bad('orgCode=Z99')).toBe('部门不存在：Z99');
    expect(await bad("orgCode=A01'--")).toBe("部门不存在：A01'--");
  });
});

describe('GET /sys/workOrderStatic/getAgencyStastics and projectTotalSummary', () => {
  it('breaks the orders down by department one level below the filter, teams rolled up', async () => {
    await t.launch({}, t.tokens.chenjing);
    const top = await departs(todayOnly);
    const project = top.records.find((r) => r.orgCode === 'A01A02');
    expect(project).toMatchObject({ departName: '项目管理部' });
    expect(top.records.reduce((s, r) => s + r.total, 0)).toBe((await stats(todayOnly)).summary.total);
    // Admin's own orders (智慧接待中心, A01) are the organisation's own row.
    expect(top.records.find((r) => r.orgCode === 'A01')?.departName).toBe('智慧接待中心（本级）');
    const below = await departs({ ...todayOnly, orgCode: 'A01A02' });
    expect(below.records.find((r) => r.orgCode === 'A01A02A01')).toMatchObject({
      departName: '项目一组',
      total: project!.total,
    });
  });

  it('groups by project with its name, orders without one as 未关联项目', async () => {
    expect(
      await t.send('POST', '/sys/customer/add', { name: '统计测试客户', code: 'TJKH', level: 'M' }),
    ).toMatchObject({
      success: true,
    });
    const customers = await t.get<{ records: { id: string }[] }>('/sys/customer/list?code=TJKH');
    const project = {
      name: '展厅智能化改造',
      code: 'ZT-2020',
      customerId: customers.result!.records[0]!.id,
      category: '1',
      planStart: '2020-03-01',
      planEnd: '2020-06-30',
    };
    expect(await t.send('POST', '/sys/project/add', project)).toMatchObject({ success: true });
    const projects = await t.get<{ records: { id: string }[] }>('/sys/project/list?code=ZT-2020');
    const projectId = projects.result!.records[0]!.id;
    const row = await t.launch({ projectId });
    await backdate(row.id, { created: '2020-04-01 09:00:00+08', deadline: '2020-04-03', status: '0' });
    const other = await t.launch();
    await backdate(other.id, {
      created: '2020-04-02 09:00:00+08',
      deadline: '2020-04-30',
      status: '1',
      finished: '2020-04-03 09:00:00+08',
    });
    const res = await t.get<ProjectAnswer>(
      `${BASE}/projectTotalSummary?beginDate=2020-04-01&endDate=2020-04-30`,
    );
    expect(res.result!.records).toEqual([
      expect.objectContaining({ projectId, projectName: '展厅智能化改造', total: 1, overdue: 1 }),
      expect.objectContaining({
        projectId: null,
        projectName: '未关联项目',
        total: 1,
        overdue: 0,
        avgFinishHours: 24,
      }),
    ]);
  });
});

describe('who may ask', () => {
  it('refuses staff without workOrder:list, also the export', async () => {
    for (const path of [
      'workOrderStatistics',
      'getAgencyStastics',
      'projectTotalSummary',
      'exportXls?part=all',
    ])
      expect(await t.get(`${BASE}/${path}`, t.tokens.chenjing), path).toMatchObject({
        success: false,
        message: '没有权限，请联系管理员授权',
      });
  });

  it("never counts another tenant's orders", async () => {
    const row = await t.launch();
    await backdate(row.id, { created: '2020-05-04 09:00:00+08', deadline: '2020-05-05', status: '0' });
    const may = { beginDate: '2020-05-01', endDate: '2020-05-31' };
    expect((await stats(may)).summary.total).toBe(1);
    await sql`update biz_work_order set tenant_id = 2 where id = ${row.id}`.execute(db());
    expect((await stats(may)).summary.total).toBe(0);
    const inTenant2 = await t.call<StatisticsAnswer>({
      method: 'GET',
      url: `/api${BASE}/workOrderStatistics?${query(may)}`,
      headers: { 'x-access-token': t.tokens.admin, 'tenant-id': '2' },
    });
    expect(inTenant2.body.result!.summary.total).toBe(1);
  });

  it('narrows to the data rules set on the 工单统计 menu (own department)', async () => {
    const statsMenu = seedId('menu:workOrder.statistics');
    const rule = 'wo-stat-own-depart';
    await db()
      .insertInto('sysPermissionDataRule')
      .values({
        id: rule,
        permissionId: statsMenu,
        ruleName: '本部门',
        ruleColumn: 'sysOrgCode',
        ruleConditions: 'eq',
        ruleValue: '#{sysOrgCode}',
        status: '1',
      })
      .execute();
    const grant = () =>
      db()
        .updateTable('sysRolePermission')
        .where('roleId', '=', roleId('manager'))
        .where('permissionId', '=', statsMenu);
    await grant().set({ dataRuleIds: rule }).execute();
    try {
      await t.launch({}, manager); // 项目管理部 A01A02
      const scoped = await stats(todayOnly, manager);
      const own = await sql<{ n: number }>`select count(*)::int as n from biz_work_order
        where tenant_id = 1 and sys_org_code = 'A01A02' and create_time >= current_date - 1`.execute(db());
      expect(scoped.summary.total).toBe(own.rows[0].n);
      expect(scoped.summary.total).toBeLessThan((await stats(todayOnly)).summary.total);
    } finally {
      await grant().set({ dataRuleIds: null }).execute();
    }
  });
});

describe('GET /sys/workOrderStatic/exportXls', () => {
  it('writes the table the screen shows as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${BASE}/exportXls?part=depart&${query(todayOnly)}`,
      headers: { 'x-access-token': t.tokens.admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `工单统计-按部门-${today}至${today}.xlsx`,
    );
    const rows = [];
    for await (const row of xlsxRows(res.rawPayload)) rows.push(row.values);
    expect(rows[0]).toEqual([
      '部门',
      '工单总数',
      '进行中',
      '已完成',
      '逾期',
      '逾期率(%)',
      '平均完成时长(小时)',
    ]);
    const shown = await departs(todayOnly);
    expect(rows.length).toBe(shown.records.length + 1);
    expect(rows[1][0]).toBe(shown.records[0].departName);
    expect(rows[1][1]).toBe(shown.records[0].total);
    const bad = await t.get(`${BASE}/exportXls?part=nothing`);
    expect(bad).toMatchObject({ success: false, message: '参数不识别：part=nothing' });
  });
});
