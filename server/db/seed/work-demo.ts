/**
 * Demo rows of the work module (schemas/work, docs/modules/daily-work.md): four routines, about
 * three months of work items - daily ones people noted for themselves, department work their
 * manager assigned, weekly routine items (one per week and person, as generation makes them) -
 * mostly finished, some late, some cancelled, a few overdue and open; and weekly reports of the
 * last 12 weeks for most people, a few weeks missing and this week partly in draft. Deterministic
 * (a seeded generator), dates relative to the day the database is seeded.
 */
import { PROJECTS as DEMO_PROJECTS } from '../../project/demo-data.js';
import { seedId } from './ids.js';
import { USERS } from './organisation.js';
import type { DeclaredSeed, DemoRow } from './declared/insert.js';
import { addDays, isoWeekday, weekKeyOf } from '../../work/periods.js';

const DAY_MS = 24 * 3600 * 1000;
const DAYS = 91;
const WEEKS = 12;

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const people = USERS.filter((u) => u.status !== 2 && u.role !== 'admin');
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';
/** The manager of a person: the manager whose department holds theirs (themselves for a manager). */
const managerOf = (username: string) =>
  people.find((m) => m.role === 'manager' && orgOf(username).startsWith(m.orgCodes[0]!))?.username ?? 'admin';

const chinaToday = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);

const DAILY = [
  '整理客户接待记录',
  '更新项目进度台账',
  '处理来访预约',
  '编写接口文档',
  '核对会议室预订',
  '跟进供应商报价',
  '修复展厅导览屏问题',
  '准备接待物料清单',
];
const DEPART = [
  '完成智慧展厅方案初稿',
  '梳理接待流程优化建议',
  '组织季度设备巡检',
  '整理年度预算材料',
  '对接华东会展中心需求',
  '完成数据安全自查',
  '编写运维值班手册',
  '培训新入职员工',
];
/**
 * A weekly report's item names a project by its name, picked from the reporter's own projects (the
 * 我的项目 dictionary, schemas/work/weekly-report-item.json): the demo names the projects each person
 * manages or is a member of, or any demo project for people in none.
 */
const PROJECT_NAMES = DEMO_PROJECTS.map((p) => p[1]);
function projectsOf(username: string): readonly string[] {
  const own = DEMO_PROJECTS.filter(
    ([, , , , manager, members]) => manager === username || members.includes(username),
  );
  return own.length > 0 ? own.map((p) => p[1]) : PROJECT_NAMES;
}
const WORKS = [
  '完成需求调研与方案讨论',
  '推进开发与联调测试',
  '组织现场勘察并输出报告',
  '跟进设备采购与到货验收',
  '整理文档并完成评审',
  '处理日常接待与支持工作',
];
const PLANS = [
  '继续推进剩余功能开发',
  '准备阶段验收材料',
  '安排现场实施与培训',
  '跟进遗留问题闭环',
  '完成月度总结',
];

interface RoutineDemo {
  key: string;
  title: string;
  period: '1' | '2' | '3';
  periodDay: number;
  deadlineDays: number;
  assignees: string[];
  by: string;
}

const ROUTINES: RoutineDemo[] = [
  {
    key: 'weeklyPatrol',
    title: '每周机房安全巡检',
    period: '2',
    periodDay: 1,
    deadlineDays: 2,
    assignees: ['zhoujie', 'wuxia'],
    by: 'liuyang',
  },
  {
    key: 'weeklyMeeting',
    title: '周例会材料准备',
    period: '2',
    periodDay: 5,
    deadlineDays: 0,
    assignees: ['chenjing', 'yangqiang', 'majun'],
    by: 'zhangwei',
  },
  {
    key: 'weeklyReception',
    title: '接待大厅设备点检',
    period: '2',
    periodDay: 3,
    deadlineDays: 1,
    assignees: ['hugang', 'guoyan', 'linfeng'],
    by: 'lina',
  },
  {
    key: 'monthlyAttendance',
    title: '月度考勤汇总',
    period: '3',
    periodDay: 25,
    deadlineDays: 3,
    assignees: ['sunli'],
    by: 'wangfang',
  },
];

/** Status, finish time and progress of an item planned `age` days ago (0 = today). */
function outcome(random: () => number, planDate: string, deadline: string, age: number) {
  const r = random();
  const finish = (late: boolean) => {
    const onTime = addDays(planDate, Math.floor(random() * 2));
    const day = late
      ? addDays(deadline, 1 + Math.floor(random() * 3))
      : onTime > deadline
        ? deadline
        : onTime;
    return `${day <= chinaToday() ? day : chinaToday()}T17:${String(10 + Math.floor(random() * 40))}:00+08:00`;
  };
  if (age > 7) {
    if (r < 0.03) return { status: '3', finishTime: null, progress: 0 };
    if (r < 0.09) return { status: '1', finishTime: null, progress: 30 + Math.floor(random() * 50) };
    return { status: '2', finishTime: finish(r > 0.78), progress: 100 };
  }
  if (r < 0.35) return { status: '0', finishTime: null, progress: 0 };
  if (r < 0.65) return { status: '1', finishTime: null, progress: 20 + Math.floor(random() * 60) };
  return { status: '2', finishTime: finish(false), progress: 100 };
}

function itemRow(values: Record<string, string | number | null>, by: string, daysAgo: number): DemoRow {
  return { values, createBy: by, orgCode: orgOf(by), daysAgo: Math.max(0, daysAgo) };
}

function workItems(random: () => number, today: string): DemoRow[] {
  const rows: DemoRow[] = [];
  for (let age = DAYS; age >= 0; age -= 1) {
    const planDate = addDays(today, -age);
    if (isoWeekday(planDate) > 5) continue;
    for (const person of people) {
      if (random() > 0.25) continue;
      const assigned = person.role !== 'manager' && random() < 0.35;
      const by = assigned ? managerOf(person.username) : person.username;
      const deadline = addDays(planDate, assigned ? 2 + Math.floor(random() * 5) : Math.floor(random() * 2));
      const titles = assigned ? DEPART : DAILY;
      rows.push(
        itemRow(
          {
            title: titles[Math.floor(random() * titles.length)]!,
            itemType: assigned ? '2' : '1',
            assignee: person.username,
            departCode: orgOf(person.username),
            assigner: by,
            planDate,
            deadline,
            hours: 1 + Math.floor(random() * 6),
            content: null,
            ...outcome(random, planDate, deadline, age),
          },
          by,
          age,
        ),
      );
    }
  }
  return rows;
}

function routineItems(random: () => number, today: string): { routines: DemoRow[]; items: DemoRow[] } {
  const routines: DemoRow[] = [];
  const items: DemoRow[] = [];
  for (const r of ROUTINES) {
    const id = seedId(`routineWork:${r.key}`);
    routines.push({
      id,
      values: {
        title: r.title,
        assignees: r.assignees.join(','),
        period: r.period,
        periodDay: r.periodDay,
        deadlineDays: r.deadlineDays,
        status: '1',
        lastPeriod: r.period === '3' ? today.slice(0, 7) : weekKeyOf(today),
        content: `${r.title}，按周期自动生成。`,
      },
      createBy: r.by,
      orgCode: orgOf(r.by),
      daysAgo: DAYS + 10,
    });
    for (let week = WEEKS; week >= 0; week -= 1) {
      const monday = addDays(addDays(today, -7 * week), 1 - isoWeekday(today));
      const planDate =
        r.period === '3' ? `${monday.slice(0, 7)}-${r.periodDay}` : addDays(monday, r.periodDay - 1);
      const periodKey = r.period === '3' ? monday.slice(0, 7) : weekKeyOf(monday);
      if (items.some((i) => i.values.routineId === id && i.values.periodKey === periodKey)) continue;
      const deadline = addDays(planDate, r.deadlineDays);
      const age = Math.round((Date.parse(today) - Date.parse(planDate)) / DAY_MS);
      for (const username of r.assignees)
        items.push(
          itemRow(
            {
              title: r.title,
              itemType: '3',
              assignee: username,
              departCode: orgOf(username),
              assigner: r.by,
              planDate,
              deadline,
              routineId: id,
              periodKey,
              content: null,
              ...outcome(random, planDate, deadline, Math.max(age, 0)),
            },
            r.by,
            Math.max(age, 0),
          ),
        );
    }
  }
  return { routines, items };
}

function weeklyReports(random: () => number, today: string): { reports: DemoRow[]; lines: DemoRow[] } {
  const reports: DemoRow[] = [];
  const lines: DemoRow[] = [];
  for (let week = WEEKS; week >= 0; week -= 1) {
    const monday = addDays(addDays(today, -7 * week), 1 - isoWeekday(today));
    const weekKey = weekKeyOf(monday);
    for (const person of people) {
      const r = random();
      // About one report in ten is missing; this week most are still drafts or not yet written.
      if (week === 0 ? r < 0.45 : r < 0.1) continue;
      const submitted = week > 0 || r > 0.8;
      const id = seedId(`weeklyReport:${person.username}:${weekKey}`);
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i += 1) {
        const hours = 8 + Math.floor(random() * 12);
        lines.push({
          values: {
            reportId: id,
            projectName: ((names) => names[Math.floor(random() * names.length)]!)(
              projectsOf(person.username),
            ),
            progress: Math.min(100, 20 + Math.floor(random() * 9) * 10),
            hours,
            thisWeek: WORKS[Math.floor(random() * WORKS.length)]!,
            nextWeek: PLANS[Math.floor(random() * PLANS.length)]!,
          },
          createBy: person.username,
          orgCode: orgOf(person.username),
          daysAgo: week * 7,
        });
      }
      const friday = addDays(monday, 4);
      reports.push({
        id,
        values: {
          weekKey,
          reporter: person.username,
          departCode: orgOf(person.username),
          status: submitted ? '1' : '0',
          summary: '本周各项工作按计划推进。',
          nextPlan: PLANS[Math.floor(random() * PLANS.length)]!,
          submitTime: submitted
            ? `${friday <= today ? friday : today}T18:${String(Math.floor(random() * 50) + 5)}:00+08:00`
            : null,
        },
        createBy: person.username,
        orgCode: orgOf(person.username),
        daysAgo: Math.max(0, week * 7 - 4),
      });
    }
  }
  return { reports, lines };
}

export function workDemo(): DeclaredSeed[] {
  const random = generator(20261127);
  const today = chinaToday();
  const { routines, items } = routineItems(random, today);
  const { reports, lines } = weeklyReports(random, today);
  return [
    { entity: 'routineWork', rows: routines },
    { entity: 'workItem', rows: [...workItems(random, today), ...items] },
    { entity: 'weeklyReport', rows: reports },
    { entity: 'weeklyReportItem', rows: lines },
  ];
}
