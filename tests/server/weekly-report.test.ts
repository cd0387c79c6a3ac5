/**
 * Weekly reports (docs/modules/daily-work.md): one per person and ISO week, the computed total,
 * drafts and submission, the refusals, and the manager's 团队周报 with who has not submitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { createWorkTest, NO_PERMISSION, WEEKLY_PROJECTS, type Row } from './daily-work-helpers.js';

let t: EntityTestContext;
let tok: Record<string, string>;
beforeAll(async () => {
  ({ t, tok } = await createWorkTest());
});
afterAll(() => t.close());

describe('weekly reports', () => {
  const week = '2026-W10';
  const items = (rows: Record<string, unknown>[]) => ({ added: rows, edited: [], deletedIds: [] });
  const mine = async (token: string) =>
    (await t.get<Page<Row>>(`/sys/weeklyReport/list?type=1&weekKey=${week}`, token)).result!.records;

  it('keeps one report per person and week, totals its hours, and locks it once submitted', async () => {
    const line = {
      projectName: '接待系统升级',
      progress: 60,
      hours: '12.5',
      thisWeek: '完成联调',
      nextWeek: '上线',
    };
    const made = await t.send(
      'POST',
      '/sys/weeklyReport/add',
      { weekKey: week, summary: '顺利', weeklyReportItem: items([line, { ...line, hours: 20 }]) },
      tok.chenjing,
    );
    expect(made.success).toBe(true);
    const [report] = await mine(tok.chenjing!);
    expect(report).toMatchObject({
      reporter: 'chenjing',
      departCode: 'A01A02A01',
      status: '0',
      totalHours: 32.5,
    });
    expect(
      (
        await t.send(
          'POST',
          '/sys/weeklyReport/add',
          { weekKey: week, weeklyReportItem: items([line]) },
          tok.chenjing,
        )
      ).message,
    ).toBe('2026-W10 的周报已存在，请在列表中修改');
    expect(
      (await t.send('POST', '/sys/weeklyReport/add', { weekKey: '2026-W60' }, tok.chenjing)).message,
    ).toBe('请选择周次');
    // Not someone else's: no reading, no editing, no submitting, no items on their own.
    expect(await t.get(`/sys/weeklyReport/queryById?id=${report!.id}`, tok.zhaolei)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(
      (await t.send('PUT', '/sys/weeklyReport/edit', { id: report!.id, summary: 'x' }, tok.majun)).message,
    ).toBe('只能修改本人的草稿周报');
    // Someone else's report is not there for them at all (its row access).
    expect((await t.send('PUT', '/sys/weeklyReport/submit', { id: report!.id }, tok.majun)).message).toBe(
      '未找到对应数据',
    );
    expect((await t.get('/sys/weeklyReportItem/list', tok.chenjing)).message).toBe(NO_PERMISSION);
    expect(
      (
        await t.send(
          'POST',
          '/sys/weeklyReportItem/add',
          { reportId: report!.id, projectName: 'x', thisWeek: 'x' },
          tok.chenjing,
        )
      ).message,
    ).toBe('请在周报中编辑工作事项');
    expect((await t.get('/sys/weeklyReport/list?type=2', tok.chenjing)).message).toBe(NO_PERMISSION);
    // The total follows the items on edit.
    const loaded = await t.get<Row & { weeklyReportItem: Row[] }>(
      `/sys/weeklyReport/queryById?id=${report!.id}`,
      tok.chenjing,
    );
    const first = loaded.result!.weeklyReportItem[0]!;
    const edit = await t.send(
      'PUT',
      '/sys/weeklyReport/edit',
      { id: report!.id, weeklyReportItem: { added: [], edited: [{ ...first, hours: 2.5 }], deletedIds: [] } },
      tok.chenjing,
    );
    expect(edit).toMatchObject({ success: true });
    expect((await mine(tok.chenjing!))[0]!.totalHours).toBe(Number(first.hours) === 20 ? 15 : 22.5);
    expect((await t.send('PUT', '/sys/weeklyReport/submit', { id: report!.id }, tok.chenjing)).success).toBe(
      true,
    );
    expect((await mine(tok.chenjing!))[0]).toMatchObject({
      status: '1',
      submitTime: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      (await t.send('PUT', '/sys/weeklyReport/edit', { id: report!.id, summary: '再改' }, tok.chenjing))
        .message,
    ).toBe('只能修改本人的草稿周报');
    // An empty draft cannot be submitted.
    await t.send('POST', '/sys/weeklyReport/add', { weekKey: week }, tok.majun);
    const [empty] = await mine(tok.majun!);
    expect((await t.send('PUT', '/sys/weeklyReport/submit', { id: empty!.id }, tok.majun)).message).toBe(
      '请至少填写一项工作事项后再提交',
    );
  });

  it('shows a manager the team of a week, who has not submitted, and their reports only', async () => {
    const team = await t.get<Page<Row> & { summary: Row }>(
      `/sys/work/weeklyTeam/list?weekKey=${week}&pageSize=50`,
      tok.zhangwei,
    );
    const byName = Object.fromEntries(team.result!.records.map((r) => [r.username, r]));
    expect(byName.chenjing).toMatchObject({
      status: '1',
      status_dictText: '已提交',
      itemCount: 2,
      departCode_dictText: '项目一组',
    });
    expect(byName.majun).toMatchObject({ status: '0', status_dictText: '草稿' });
    expect(byName.yangqiang).toMatchObject({ status: '9', status_dictText: '未提交', itemCount: 0 });
    expect(byName.zhaolei).toBeUndefined();
    expect(team.result!.summary).toMatchObject({ weekKey: week, submitted: 1 });
    const missing = await t.get<Page<Row>>(
      `/sys/work/weeklyTeam/list?weekKey=${week}&status=9&pageSize=50`,
      tok.zhangwei,
    );
    expect(missing.result!.records.every((r) => r.status === '9')).toBe(true);
    const view = await t.get<{ items: Row[] }>(
      `/sys/work/weeklyTeam/items?id=${byName.chenjing!.id}`,
      tok.zhangwei,
    );
    expect(view.result!.items).toHaveLength(2);
    expect((await t.get(`/sys/work/weeklyTeam/items?id=${byName.chenjing!.id}`, tok.liuyang)).message).toBe(
      '未找到对应数据',
    );
    expect((await t.get(`/sys/work/weeklyTeam/list?departCode=A01A03`, tok.zhangwei)).message).toBe(
      '您没有查看该部门的权限',
    );
    expect((await t.get(`/sys/work/weeklyTeam/list?weekKey=2026-W99`, tok.zhangwei)).message).toBe(
      '周次格式有误：2026-W99',
    );
    expect((await t.get('/sys/work/weeklyTeam/list', tok.chenjing)).message).toBe(NO_PERMISSION);
    // History of the team: the department and below; sending back is for its managers only.
    const history = await t.get<Page<Row>>(`/sys/weeklyReport/list?type=2&weekKey=${week}`, tok.zhangwei);
    expect(history.result!.records.map((r) => r.reporter).sort()).toEqual(['chenjing', 'majun']);
    expect(
      (await t.get<Page<Row>>(`/sys/weeklyReport/list?type=2&weekKey=${week}`, tok.liuyang)).result!.total,
    ).toBe(0);
    expect(
      (await t.send('PUT', '/sys/weeklyReport/withdraw', { id: byName.chenjing!.id }, tok.liuyang)).message,
    ).toBe('未找到对应数据');
    // Not one's own report, though.
    const line = { projectName: '部门管理', progress: 50, hours: 8, thisWeek: '审阅周报' };
    await t.send(
      'POST',
      '/sys/weeklyReport/add',
      { weekKey: week, weeklyReportItem: items([line]) },
      tok.zhangwei,
    );
    const [own] = await mine(tok.zhangwei!);
    expect((await t.send('PUT', '/sys/weeklyReport/submit', { id: own!.id }, tok.zhangwei)).success).toBe(
      true,
    );
    expect((await t.send('PUT', '/sys/weeklyReport/withdraw', { id: own!.id }, tok.zhangwei)).message).toBe(
      '不能退回本人的周报',
    );
    expect(
      (await t.send('PUT', '/sys/weeklyReport/withdraw', { id: byName.chenjing!.id }, tok.zhangwei)).success,
    ).toBe(true);
  });
});

describe('the 项目 of a report item (issue 33, item 8)', () => {
  const own = async (token: string) =>
    (await t.get<{ value: string; text: string }[]>('/sys/dict/getDictItems/my_project,name,name', token))
      .result!.map((i) => i.value)
      .sort();

  it('offers only the projects one manages or is a member of, whatever one may see', async () => {
    expect(await own(tok.chenjing!)).toEqual([WEEKLY_PROJECTS.mine]);
    expect(await own(tok.zhangwei!)).toEqual([WEEKLY_PROJECTS.mine, WEEKLY_PROJECTS.manager].sort());
    expect(await own(tok.zhaolei!)).toEqual([]);
    // The admin sees every project (project:all) but is in none of them.
    expect(await own(t.adminToken)).toEqual([]);
    // A keyword search stays within one's own.
    const search = await t.get<{ value: string }[]>(
      `/sys/dict/loadDict/my_project,name,name?keyword=${encodeURIComponent('部门')}`,
      tok.chenjing,
    );
    expect(search.result).toEqual([]);
  });

  it('refuses a project that does not exist', async () => {
    const line = { projectName: '不存在的项目', hours: 1, thisWeek: '联调' };
    const made = await t.send(
      'POST',
      '/sys/weeklyReport/add',
      { weekKey: '2026-W11', weeklyReportItem: { added: [line], edited: [], deletedIds: [] } },
      tok.majun,
    );
    expect(made.success).toBe(false);
    expect(made.message).toContain('不存在的项目');
  });
});
