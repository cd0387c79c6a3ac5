/**
 * Weekly reports, the rest of issue 18 (docs/modules/daily-work.md): the total hours is the
 * declaration's `compute`, recomputed by the server on add and edit whatever a body sends; 团队周报
 * exports the week's team with who has not submitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { createWorkTest, NO_PERMISSION, type Row } from './daily-work-helpers.js';
import { readRows } from './entity-xlsx.js';

let t: EntityTestContext;
let tok: Record<string, string>;
beforeAll(async () => {
  ({ t, tok } = await createWorkTest());
});
afterAll(() => t.close());

const week = '2026-W20';
const line = (hours: unknown) => ({ projectName: '接待系统升级', hours, thisWeek: '联调', nextWeek: '上线' });
const items = (rows: Record<string, unknown>[]) => ({ added: rows, edited: [], deletedIds: [] });

async function report(token: string): Promise<Row & { totalHours: number | null; rowVersion: number }> {
  const list = await t.get<Page<Row>>(`/sys/weeklyReport/list?type=1&weekKey=${week}`, token);
  const id = list.result!.records[0]!.id;
  return (
    await t.get<Row & { totalHours: number | null; rowVersion: number }>(
      `/sys/weeklyReport/queryById?id=${id}`,
      token,
    )
  ).result!;
}

describe('周报的合计用时', () => {
  it('replaces a forged total with the sum of the items, on add and on edit', async () => {
    const made = await t.send(
      'POST',
      '/sys/weeklyReport/add',
      { weekKey: week, totalHours: 999, weeklyReportItem: items([line('7.5'), line(''), line(10)]) },
      tok.chenjing,
    );
    expect(made, made.message).toMatchObject({ success: true });
    // An item without hours counts as none, as the form shows it while typing.
    const saved = await report(tok.chenjing!);
    expect(saved.totalHours).toBe(17.5);
    const edit = await t.send(
      'PUT',
      '/sys/weeklyReport/edit',
      { id: saved.id, rowVersion: saved.rowVersion, totalHours: 1, summary: '改了总结' },
      tok.chenjing,
    );
    expect(edit, edit.message).toMatchObject({ success: true });
    expect((await report(tok.chenjing!)).totalHours).toBe(17.5);
  });
});

describe('团队周报导出', () => {
  it('exports the week of the manager’s team with who has not submitted, and to managers only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sys/work/weeklyTeam/exportXls?weekKey=${week}`,
      headers: { 'x-access-token': tok.zhangwei! },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`团队周报_${week}`));
    const rows = await readRows(res.rawPayload);
    expect(rows[0]).toEqual(['周次', '姓名', '部门', '状态', '事项数', '合计用时(小时)', '提交时间']);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byName.get('陈静')?.slice(0, 6)).toEqual([week, '陈静', '项目一组', '草稿', 3, 17.5]);
    expect(byName.get('马军')?.slice(0, 5)).toEqual([week, '马军', '项目一组', '未提交', 0]);
    // 未提交 first, as in the list; the last line counts the week.
    const states = rows.slice(1, -1).map((r) => r[3]);
    expect(states.indexOf('草稿')).toBeGreaterThan(states.lastIndexOf('未提交'));
    expect(String(rows.at(-1)![0])).toMatch(/^共\d+人，已提交0人，未提交\d+人$/);
    // Someone of another department is not in zhangwei's team.
    expect(byName.has('赵磊')).toBe(false);
    const staff = await t.call<{ message: string }>({
      method: 'GET',
      url: `/api/sys/work/weeklyTeam/exportXls?weekKey=${week}`,
      headers: { 'x-access-token': tok.chenjing! },
    });
    expect(staff.body.message).toBe(NO_PERMISSION);
    const bad = await t.call<{ message: string }>({
      method: 'GET',
      url: '/api/sys/work/weeklyTeam/exportXls?weekKey=2026-W99',
      headers: { 'x-access-token': tok.zhangwei! },
    });
    expect(bad.body.message).toBe('周次格式有误：2026-W99');
  });
});
