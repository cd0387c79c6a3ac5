/**
 * Demo plans of the demo projects (server/project/demo.ts): one delivery plan for each project that
 * has started or starts within a month, five phases of four to six tasks (about 28 rows), each phase
 * after the previous one (前置任务), subtasks inside their phase, progress by today's date, owners
 * from the project's people. Deterministic: fixed ids, dates relative to the seed's day.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import { insertDemoRows } from '../db/seed/declared/insert.js';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { USERS } from '../db/seed/organisation.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';
import { demoProjectId } from './demo.js';
import { PROJECTS } from './demo-data.js';

const DAY_MS = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';

/** Phases with their share of the project's length and their tasks. */
const PHASES: [string, number, string[]][] = [
  ['需求调研', 0.15, ['现场踏勘', '用户访谈', '需求清单确认', '调研报告评审']],
  ['方案设计', 0.2, ['总体方案', '深化设计', '设备选型', '方案评审', '预算复核']],
  ['采购与制作', 0.25, ['招标采购', '内容制作', '设备到货验收', '样板确认']],
  ['实施部署', 0.25, ['布线施工', '设备安装', '系统集成', '联调测试', '安全检查', '问题整改']],
  ['试运行与验收', 0.15, ['试运行', '用户培训', '竣工资料整理', '验收评审']],
];

function progressOf(start: number, end: number): number {
  if (end <= 0) return 100;
  if (start >= 0) return 0;
  return Math.min(95, Math.round(((-start / (end - start)) * 100) / 5) * 5);
}

function statusOf(progress: number): string {
  return progress === 100 ? '2' : progress > 0 ? '1' : '0';
}

export function planDemo(): DeclaredSeed[] {
  const plans: DemoRow[] = [];
  const tasks: DemoRow[] = [];
  PROJECTS.forEach(([, name, , , manager, members, start, length], p) => {
    if (start > 30 || p % 3 === 2) return; // not every project keeps a plan in the system
    const id = seedId(`projectPlan:project:${p}`);
    const end = start + length;
    const people = [manager, ...members];
    const created = Math.max(2, 10 - start);
    plans.push({
      id,
      values: {
        planName: `${name}实施计划`,
        planCode: `JH${day(-created).replaceAll('-', '')}-${String((p % 90) + 1).padStart(3, '0')}`,
        projectId: demoProjectId(p),
        owner: manager,
        startDate: day(start),
        endDate: day(end),
        status: end < 0 ? '2' : start > 0 ? '0' : '1',
        description: `${name}从调研到验收的分阶段实施计划，每周例会更新进度。`,
      },
      createBy: manager,
      orgCode: orgOf(manager),
      daysAgo: created,
    });
    let at = start;
    let order = 0;
    PHASES.forEach(([phase, share, steps], k) => {
      const span = Math.max(5, Math.round(length * share));
      const [from, to] = [Math.min(at, end), k === PHASES.length - 1 ? end : Math.min(at + span, end)];
      const done = progressOf(from, to);
      order += 1;
      tasks.push({
        values: {
          planId: id,
          taskName: phase,
          parentTask: null,
          owner: manager,
          startDate: day(from),
          endDate: day(to),
          predecessor: k > 0 ? PHASES[k - 1][0] : null,
          priority: k === 3 ? 'H' : 'M',
          progress: done,
          status: statusOf(done),
          orderNum: order,
        },
        createBy: manager,
        orgCode: orgOf(manager),
        daysAgo: created,
      });
      const step = (to - from) / steps.length;
      steps.forEach((task, s) => {
        const [tFrom, tTo] = [Math.round(from + s * step), Math.round(from + (s + 1) * step)];
        const taskDone = progressOf(tFrom, tTo);
        order += 1;
        tasks.push({
          values: {
            planId: id,
            taskName: `${phase}-${task}`,
            parentTask: phase,
            owner: people[(s + k) % people.length],
            startDate: day(tFrom),
            endDate: day(tTo),
            predecessor: s > 0 ? `${phase}-${steps[s - 1]}` : null,
            priority: s === 0 ? 'H' : s % 2 === 0 ? 'L' : 'M',
            progress: taskDone,
            status: statusOf(taskDone),
            orderNum: order,
          },
          createBy: manager,
          orgCode: orgOf(manager),
          daysAgo: created,
        });
      });
      at = to;
    });
  });
  return [
    { entity: 'projectPlan', rows: plans },
    { entity: 'planTask', rows: tasks },
  ];
}

/**
 * On a database seeded with the demo projects, once: the plans above, and the area's older demo
 * plans (server/db/seed/declared/project-demo.ts, made before plans had a project) given one each.
 * Under an advisory lock, so several servers starting together add them once.
 */
export async function completePlanDemo(db: Db, models: ReadonlyMap<string, EntityModel>): Promise<void> {
  const plan = models.get('projectPlan');
  const task = models.get('planTask');
  if (!plan || !task) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('zj-plan-demo'))`.execute(trx);
    const seeded = await sql`select 1 from biz_project where id = ${demoProjectId(0)}`.execute(trx);
    const done =
      await sql`select 1 from biz_project_plan where id = ${seedId('projectPlan:project:0')}`.execute(trx);
    if (seeded.rows.length === 0 || done.rows.length > 0) return;
    const [plans, tasks] = planDemo();
    await insertDemoRows(trx, plan, plans.rows);
    await insertDemoRows(trx, task, tasks.rows);
    const older = await sql<{
      id: string;
    }>`select id from biz_project_plan where project_id is null order by id`.execute(trx);
    for (const [i, row] of older.rows.entries())
      await sql`update biz_project_plan set project_id = ${demoProjectId([0, 1, 3, 4, 6][i % 5])} where id = ${row.id}`.execute(
        trx,
      );
  });
}
