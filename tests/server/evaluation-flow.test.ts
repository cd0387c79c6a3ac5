/**
 * Evaluations around the scoring (docs/modules/evaluations.md): the ranking by cycle and department
 * with its scope and export, temporary evaluations, the two to-do sources, the 绩效考核 notices
 * (stored and pushed live), the demo data and migration 0026 on a database seeded before it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTestContext, Page } from './entity-helpers.js';
import { createEvalTest, TEAM, TEMPLATES, type EvalTest, type Row } from './evaluation-helpers.js';
import { openSocket } from './notice-support.js';
import { userId } from '../../server/db/seed/organisation.js';
import { evaluations as migration } from '../../server/db/migrations/0026_evaluations.js';
import { readFileSync } from 'node:fs';
import { evaluationCycleDemo } from '../../server/evaluation/demo-cycles.js';
import { withComputed } from '../../server/db/seed/declared/computed.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';

let t: EntityTestContext;
let tok: Record<string, string>;
let h: EvalTest;
beforeAll(async () => {
  h = await createEvalTest();
  ({ t, tok } = h);
});
afterAll(() => t.close());

const SCORES: Record<string, number[]> = {
  chenjing: [92, 88, 90, 80], // 89.6 良好
  majun: [70, 60, 60, 50], // 64 合格
  gaopeng: [96, 95, 92, 90], // 94.4 优秀
};

/** A cycle of 项目一组 taken to the end, each person scored as SCORES says. */
async function finishedCycle(): Promise<Row> {
  const { row: cycle } = await h.cycle();
  await h.move('/evaluation/cycle/start', cycle!.id, tok.zhangwei!);
  await h.move('/evaluation/cycle/review', cycle!.id, tok.zhangwei!);
  for (const r of await h.evaluations(cycle!.id)) {
    expect(await h.score(r.id, tok.zhangwei!, 'managerScore', SCORES[String(r.username)]!)).toMatchObject({
      success: true,
    });
    expect((await h.move('/evaluation/evaluation/submitScore', r.id, tok.zhangwei!)).success).toBe(true);
  }
  expect((await h.move('/evaluation/cycle/finish', cycle!.id, tok.zhangwei!)).success).toBe(true);
  return cycle!;
}

const todo = async (token: string, kind: string) =>
  ((await t.get<Page<Row>>(`/sys/todo/list?type=1&pageSize=60`, token)).result?.records ?? []).filter(
    (r) => r.kind === kind,
  );

describe('ranking', () => {
  it('ranks a cycle by total inside the caller’s department, with an export', async () => {
    const cycle = await finishedCycle();
    const rank = (token: string, extra = '') =>
      t.get<Page<Row>>(`/evaluation/ranking/list?cycleId=${cycle.id}${extra}`, token);
    const page = await rank(tok.zhangwei!);
    expect(
      page.result!.records.map((r) => [r.rankNo, r.realname, r.departName, r.total, r.grade_dictText]),
    ).toEqual([
      [1, '高鹏', '项目一组', 94.4, '优秀'],
      [2, '陈静', '项目一组', 89.6, '良好'],
      [3, '马军', '项目一组', 64, '合格'],
    ]);
    // Without a cycle: the latest one with finished evaluations.
    const latest = await t.get<Page<Row>>('/evaluation/ranking/list', tok.zhangwei);
    expect(latest.result!.records.map((r) => r.cycleName)).toEqual([cycle.name, cycle.name, cycle.name]);
    expect((await rank(tok.zhangwei!, '&departCode=A01A02A02')).result!.records).toEqual([]);
    expect(await rank(tok.zhangwei!, '&departCode=A01A03')).toMatchObject({
      success: false,
      message: '您没有查看该部门的权限',
    });
    expect((await rank(tok.liuyang!)).result!.records).toEqual([]);
    expect(await rank(tok.chenjing!)).toMatchObject({
      success: false,
      message: '没有权限，请联系管理员授权',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/evaluation/ranking/exportXls?cycleId=${cycle.id}`,
      headers: { 'x-access-token': tok.zhangwei! },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('temporary evaluations', () => {
  it('lets a manager evaluate a person of the department outside any cycle', async () => {
    const body = {
      username: 'majun',
      templateId: TEMPLATES.general,
      reason: '试用期转正考核',
      selfDeadline: '2026-12-05',
      managerDeadline: '2026-12-10',
    };
    const post = (values: Record<string, unknown>, token: string) =>
      t.send('POST', '/evaluation/evaluation/temporary', { ...body, ...values }, token);
    expect(await post({ username: 'zhaolei' }, tok.zhangwei!)).toMatchObject({
      message: '只能考核本部门及下级部门的人员：赵磊',
    });
    expect(await post({}, tok.chenjing!)).toMatchObject({ message: '没有权限，请联系管理员授权' });
    expect(await post({ managerDeadline: '2026-12-01' }, tok.zhangwei!)).toMatchObject({
      message: '评分截止日期不能早于自评截止日期',
    });
    expect(await post({ reason: '' }, tok.zhangwei!)).toMatchObject({ message: '请输入考核原因!' });
    expect(await post({}, tok.zhangwei!)).toMatchObject({
      success: true,
      message: '临时考核已创建，已通知被考核人自评',
    });
    const [row] = (
      await t.get<Page<Row>>('/evaluation/evaluation/list?type=4', tok.zhangwei)
    ).result!.records.filter((r) => r.username === 'majun');
    expect(row).toMatchObject({
      evalType: '2',
      status: '0',
      manager: 'zhangwei',
      title: '临时考核：试用期转正考核',
    });
    // Without cycle phases, the submitted self scores go straight to the manager.
    await h.score(row!.id, tok.majun!, 'selfScore', [80, 80, 80, 80]);
    expect((await h.move('/evaluation/evaluation/submitSelf', row!.id, tok.majun!)).success).toBe(true);
    expect((await h.read(row!.id, tok.majun!)).result).toMatchObject({ status: '2', selfTotal: 80 });
    expect((await todo(tok.zhangwei!, 'evalScore')).map((r) => r.id)).toContain(row!.id);
  });
});

describe('to-do items and notices', () => {
  it('puts self and manager scoring on the to-do lists and tells people, live', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(base, userId('chenjing'), tok.chenjing!);
    try {
      const { row: cycle } = await h.cycle();
      await h.move('/evaluation/cycle/start', cycle!.id, tok.zhangwei!);
      const pushed = await socket.next((m) => m.cmd === 'user');
      expect(pushed.msgTxt).toBe(`请完成自评：${String(cycle!.name)}`);
      const own = (await h.evaluations(cycle!.id)).find((r) => r.username === 'chenjing')!;
      const notice = await sql<{ category: string; page: string }>`select msg_category as category,
          open_page as page from sys_announcement where id = ${pushed.msgId}`.execute(t.database.db);
      expect(notice.rows).toEqual([{ category: '7', page: '/evaluation/historyScore' }]);
      const mine = (await todo(tok.chenjing!, 'evalSelf')).find((r) => r.id === own.id);
      expect(mine).toMatchObject({ statusText: '待自评', link: '/evaluation/historyScore' });
      expect(mine!.title).toBe(`自评：${String(cycle!.name)}`);

      await h.score(own.id, tok.chenjing!, 'selfScore', [90, 90, 90, 90]);
      await h.move('/evaluation/evaluation/submitSelf', own.id, tok.chenjing!);
      expect((await todo(tok.chenjing!, 'evalSelf')).map((r) => r.id)).not.toContain(own.id);
      const told = await sql<{ titile: string }>`select a.titile from sys_announcement a
        where a.bus_id = ${own.id} and a.user_ids = ${userId('zhangwei')}`.execute(t.database.db);
      expect(told.rows.map((r) => r.titile)).toEqual([`陈静已提交自评：${String(cycle!.name)}`]);

      await h.move('/evaluation/cycle/review', cycle!.id, tok.zhangwei!);
      const scoring = (await todo(tok.zhangwei!, 'evalScore')).find((r) => r.id === own.id);
      expect(scoring).toMatchObject({ link: '/evaluation/scoreDetails', statusText: '待上级评分' });
      expect(scoring!.title).toBe(`评分：${String(cycle!.name)}（陈静）`);
      await h.score(own.id, tok.zhangwei!, 'managerScore', [85, 85, 85, 85]);
      await h.move('/evaluation/evaluation/submitScore', own.id, tok.zhangwei!);
      const result = await socket.next((m) => m.cmd === 'user' && m.msgTxt.startsWith('考核结果已确定'));
      expect(result.msgTxt).toBe(`考核结果已确定：${String(cycle!.name)}`);
      expect((await todo(tok.zhangwei!, 'evalScore')).map((r) => r.id)).not.toContain(own.id);
    } finally {
      socket.close();
    }
  });
});

describe('demo data and migration 0026', () => {
  it('seeds months of finished cycles and one open, with totals and grades as the declaration computes them', () => {
    const seeds = evaluationCycleDemo(new Date(2026, 10, 26));
    const rows = (entity: string) => seeds.find((s) => s.entity === entity)!.rows;
    expect(rows('evalCycle').map((r) => [r.values.periodKey, r.values.status])).toEqual([
      ['2026-05', '3'],
      ['2026-06', '3'],
      ['2026-07', '3'],
      ['2026-08', '3'],
      ['2026-09', '3'],
      ['2026-10', '3'],
      ['2026-Q2', '3'],
      ['2026-Q3', '3'],
      ['2026-11', '1'],
    ]);
    const model = buildEntityModel(
      JSON.parse(readFileSync('schemas/evaluation/evaluation.json', 'utf8')) as Declaration,
    );
    // The seed stores what the declaration computes (server/db/seed/declared/computed.ts).
    const computed = withComputed(seeds, new Map([['evaluation', model]])).find(
      (s) => s.entity === 'evaluation',
    )!.rows;
    for (const e of computed) {
      const done = e.values.status === '3';
      expect(typeof e.values.total === 'number', String(e.id)).toBe(done);
      expect(['A', 'B', 'C', 'D'].includes(String(e.values.grade))).toBe(done);
    }
    expect(computed.filter((e) => typeof e.values.selfTotal === 'number').length).toBeGreaterThan(100);
    const grades = new Set(computed.map((e) => e.values.grade));
    expect([...grades].sort()).toEqual(['', 'A', 'B', 'C', 'D']);
    expect(rows('evaluation').filter((e) => e.values.status === '0').length).toBeGreaterThan(10);
  });

  it('opens the screens of a database seeded before and adds buttons, grants and dictionaries once', async () => {
    const db = t.database.db;
    await sql`update sys_permission set component = 'modules/evaluation/EvaluationCycleList'
      where url = '/evaluation/cycle'`.execute(db);
    await sql`delete from sys_role_permission where permission_id in (select id from sys_permission
      where url = '/evaluation/historyScore') and role_id in (select id from sys_role where role_code = 'staff')`.execute(
      db,
    );
    await sql`delete from sys_permission where perms in ('evalCycle:start', 'evaluation:self')`.execute(db);
    await migration.up(db);
    await migration.up(db);
    const screens = await sql<{ component: string }>`select component from sys_permission
      where url in ('/evaluation/cycle', '/evaluation/historyScore') and menu_type <> 2 order by url`.execute(
      db,
    );
    expect(screens.rows.map((r) => r.component)).toEqual(['declared/evalCycle', 'declared/evaluation']);
    const grants = await sql<{ perms: string; role: string }>`select coalesce(p.perms, p.url) as perms,
        r.role_code as role from sys_permission p join sys_role_permission g on g.permission_id = p.id
        join sys_role r on r.id = g.role_id
      where p.perms in ('evalCycle:start', 'evaluation:self') or p.url = '/evaluation/historyScore'
      order by 1, 2`.execute(db);
    expect(grants.rows).toEqual([
      { perms: '/evaluation/historyScore', role: 'admin' },
      { perms: '/evaluation/historyScore', role: 'analyst' },
      { perms: '/evaluation/historyScore', role: 'manager' },
      { perms: '/evaluation/historyScore', role: 'staff' },
      { perms: 'evalCycle:start', role: 'admin' },
      { perms: 'evalCycle:start', role: 'manager' },
      { perms: 'evaluation:self', role: 'admin' },
      { perms: 'evaluation:self', role: 'analyst' },
      { perms: 'evaluation:self', role: 'manager' },
      { perms: 'evaluation:self', role: 'staff' },
    ]);
    expect(TEAM).toBeTruthy();
  });
});
