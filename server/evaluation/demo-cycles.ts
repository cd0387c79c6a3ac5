/**
 * Demo cycles and evaluations (docs/modules/evaluations.md): the last six months' monthly cycles
 * and the last two quarters' managers' cycles, finished and scored; this month's cycle in 自评中
 * with a few self scores already submitted; a temporary evaluation waiting for its manager and one
 * finished. People keep a level of their own with some month-to-month change, rate themselves a
 * little higher than their managers do, and one newcomer improves over the months. Totals and
 * grades are computed as the declaration's `compute` does. Deterministic; dates relative to today.
 */
import { seedId } from '../db/seed/ids.js';
import { departId, USERS } from '../db/seed/organisation.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';
import { gradeOf } from './dicts.js';
import { levelOf, MANAGER_COMMENTS, SELF_NOTES, SELF_SUMMARIES } from './demo-text.js';

type Ind = [name: string, weight: number, max: number, description: string];

const GENERAL: Ind[] = [
  ['工作业绩', 50, 100, '按月度工作目标完成情况评分'],
  ['工作态度', 20, 100, '责任心、主动性与纪律性'],
  ['团队协作', 20, 100, '配合同事、跨部门沟通情况'],
  ['学习成长', 10, 100, '培训参与与技能提升'],
];
const MANAGER: Ind[] = [
  ['部门目标达成', 40, 100, '部门季度目标完成率'],
  ['团队管理', 25, 100, '人员培养、梯队建设与团队稳定'],
  ['成本控制', 15, 100, '预算执行与费用控制'],
  ['跨部门协同', 20, 100, '协同事项的响应与落实'],
];

const people = USERS.filter((u) => u.status !== 2 && u.role !== 'admin');
const managers = people.filter((u) => u.post === 'dept_manager');
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';
/** As generation resolves it: the nearest department manager above, else the general manager. */
const scorerOf = (username: string) =>
  managers
    .filter((m) => m.username !== username && orgOf(username).startsWith(m.orgCodes[0]!))
    .sort((a, b) => b.orgCodes[0]!.length - a.orgCodes[0]!.length)[0]?.username ?? 'admin';

/** Each person's usual level; luoqian is new and improves month by month. */
const BASE: Record<string, number> = {
  zhaolei: 93,
  huangmin: 86,
  zhoujie: 81,
  wuxia: 88,
  xuming: 78,
  sunli: 84,
  majun: 74,
  zhuting: 80,
  hugang: 83,
  guoyan: 90,
  linfeng: 76,
  hexue: 85,
  gaopeng: 87,
  luoqian: 58,
  fengyu: 82,
  chenjing: 89,
  yangqiang: 84,
  zhangwei: 88,
  wangfang: 91,
  lina: 85,
  liuyang: 86,
};

function noise(...keys: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of keys.join('|')) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 1000) / 1000;
}
const pick = <T>(list: readonly T[], ...keys: (string | number)[]) =>
  list[Math.floor(noise(...keys) * list.length)]!;
const clamp = (n: number) => Math.max(40, Math.min(100, Math.round(n)));
const round2 = (n: number) => Math.round(n * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const DAY = 24 * 3600 * 1000;
const daysAgo = (d: Date) => Math.max(0, Math.round((Date.now() - d.getTime()) / DAY));

interface Cycle {
  key: string;
  name: string;
  periodType: string;
  periodKey: string;
  start: Date;
  end: Date;
  templateKey: string;
  indicators: Ind[];
  usernames: string[];
  status: '1' | '3';
  /** Months since the first cycle: the newcomer's progress. */
  step: number;
}

function monthCycle(back: number, today: Date, status: '1' | '3'): Cycle {
  const start = new Date(today.getFullYear(), today.getMonth() - back, 1);
  const end = new Date(start.getFullYear(), start.getMonth() + 1, 0);
  const periodKey = `${start.getFullYear()}-${pad(start.getMonth() + 1)}`;
  return {
    key: `m${periodKey}`,
    name: `${start.getFullYear()}年${start.getMonth() + 1}月月度考核`,
    periodType: '1',
    periodKey,
    start,
    end,
    templateKey: 'general',
    indicators: GENERAL,
    usernames: people.map((p) => p.username),
    status,
    step: 6 - back,
  };
}

function quarterCycle(back: number, today: Date): Cycle {
  const q = Math.floor(today.getMonth() / 3) - back;
  const start = new Date(today.getFullYear(), q * 3, 1);
  const end = new Date(start.getFullYear(), start.getMonth() + 3, 0);
  const quarter = Math.floor(start.getMonth() / 3) + 1;
  const names = ['一', '二', '三', '四'];
  return {
    key: `q${start.getFullYear()}Q${quarter}`,
    name: `${start.getFullYear()}年第${names[quarter - 1]}季度部门经理考核`,
    periodType: '2',
    periodKey: `${start.getFullYear()}-Q${quarter}`,
    start,
    end,
    templateKey: 'manager',
    indicators: MANAGER,
    usernames: managers.map((m) => m.username),
    status: '3',
    step: 0,
  };
}

interface Made {
  cycles: DemoRow[];
  evaluations: DemoRow[];
  scores: DemoRow[];
}

function addEvaluation(
  out: Made,
  c: Cycle,
  username: string,
  state: 'open' | 'selfDone' | 'done',
  cycleId: string | null,
) {
  const id = seedId(`evaluation:${c.key}:${username}`);
  const base = (BASE[username] ?? 80) + (username === 'luoqian' ? c.step * 4 : 0);
  const selfDue = new Date(c.end.getTime() + 5 * DAY);
  const managerDue = new Date(c.end.getTime() + 10 * DAY);
  // The stored totals and grade come from the declaration's compute (seed/declared/computed.ts);
  // this one only picks a manager's comment that fits the grade.
  let total = 0;
  const selfShown = state !== 'open' || noise('draft', username, c.key) < 0.3;
  c.indicators.forEach(([name, weight, max, description], i) => {
    const manager = clamp(base + (noise(username, c.key, name) - 0.5) * 14);
    const self = clamp(manager + 1 + noise('self', username, c.key, name) * 5);
    const scored = state === 'done';
    total += scored ? (manager * weight) / max : 0;
    out.scores.push({
      values: {
        evaluationId: id,
        orderNum: i + 1,
        indicator: name,
        weight,
        maxScore: max,
        description,
        selfScore: selfShown ? self : null,
        selfComment: selfShown
          ? pick(SELF_NOTES[name]?.[levelOf(self)] ?? [''], username, c.key, name)
          : null,
        managerScore: scored ? manager : null,
        managerComment: scored && manager < 75 ? '需要改进' : null,
      },
      createBy: 'admin',
      orgCode: 'A01',
      daysAgo: daysAgo(c.end),
    });
  });
  const grade = state === 'done' ? gradeOf(round2(total)) : '';
  out.evaluations.push({
    id,
    values: {
      title: c.name,
      cycleId,
      evalType: cycleId ? '1' : '2',
      periodKey: c.periodKey,
      username,
      departCode: orgOf(username),
      manager: scorerOf(username),
      templateId: seedId(`evalTemplate:${c.templateKey}`),
      reason: cycleId ? null : c.name.replace('临时考核：', ''),
      status: state === 'open' ? '0' : state === 'selfDone' ? (cycleId ? '1' : '2') : '3',
      selfComment: state === 'open' ? null : pick(SELF_SUMMARIES[levelOf(base)], username, c.key),
      managerComment: state === 'done' ? pick(MANAGER_COMMENTS[grade] ?? [''], username, c.key, 'm') : null,
      selfDeadline: ymd(selfDue),
      managerDeadline: ymd(managerDue),
      selfSubmitTime: state === 'open' ? null : `${ymd(new Date(selfDue.getTime() - 2 * DAY))} 17:20:00`,
      finishTime: state === 'done' ? `${ymd(new Date(managerDue.getTime() - DAY))} 10:05:00` : null,
    },
    createBy: 'wangfang',
    orgCode: 'A01A01',
    daysAgo: daysAgo(c.end),
  });
}

export function evaluationCycleDemo(today = new Date()): DeclaredSeed[] {
  const cycles = [5, 4, 3, 2, 1].map((b) => monthCycle(b, today, '3'));
  cycles.unshift(monthCycle(6, today, '3'));
  cycles.push(quarterCycle(2, today), quarterCycle(1, today), monthCycle(0, today, '1'));
  const out: Made = { cycles: [], evaluations: [], scores: [] };
  for (const c of cycles) {
    const id = seedId(`evalCycle:${c.key}`);
    out.cycles.push({
      id,
      values: {
        name: c.name,
        periodType: c.periodType,
        periodKey: c.periodKey,
        startDate: ymd(c.start),
        endDate: ymd(c.end),
        templateId: seedId(`evalTemplate:${c.templateKey}`),
        departIds:
          c.periodType === '1' ? ['A01A01', 'A01A02', 'A01A03', 'A01A04'].map(departId).join(',') : null,
        usernames: c.periodType === '2' ? c.usernames.join(',') : null,
        selfDeadline: ymd(new Date(c.end.getTime() + 5 * DAY)),
        managerDeadline: ymd(new Date(c.end.getTime() + 10 * DAY)),
        status: c.status,
        personCount: c.usernames.length,
        remark: null,
      },
      createBy: 'wangfang',
      orgCode: 'A01A01',
      daysAgo: daysAgo(c.end),
    });
    for (const u of c.usernames)
      addEvaluation(out, c, u, c.status === '3' ? 'done' : noise('sub', u) < 0.25 ? 'selfDone' : 'open', id);
  }
  const month = cycles[cycles.length - 1]!;
  const temp = (reason: string): Cycle => ({
    ...month,
    key: `t${reason}`,
    name: `临时考核：${reason}`,
    indicators: GENERAL,
  });
  addEvaluation(out, temp('试用期转正考核'), 'majun', 'selfDone', null);
  addEvaluation(out, temp('重点项目专项考核'), 'gaopeng', 'done', null);
  return [
    { entity: 'evalCycle', rows: out.cycles },
    { entity: 'evaluation', rows: out.evaluations },
    { entity: 'evalScore', rows: out.scores },
  ];
}
