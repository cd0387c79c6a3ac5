/**
 * Demo rows of the project area's declared screens: project plans and their tasks (schemas/project).
 * Plans have fixed ids so their tasks can name them; dates sit around the seed's day so some plans
 * are under way, one is done and one has not started.
 */
import { seedId } from '../ids.js';
import type { DeclaredSeed, DemoRow } from './insert.js';

const DAY_MS = 24 * 3600 * 1000;
/** A date `days` from today as YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

type Task = [
  name: string,
  owner: string,
  start: number,
  end: number,
  priority: 'H' | 'M' | 'L',
  progress: number,
];

interface PlanSeed {
  key: string;
  name: string;
  code: string;
  owner: string;
  orgCode: string;
  start: number;
  end: number;
  status: string;
  description: string;
  tasks: Task[];
}

const PLANS: PlanSeed[] = [
  {
    key: 'hall',
    name: '华东国际会展中心智慧展厅建设计划',
    code: 'JH20260901-001',
    owner: 'zhangwei',
    orgCode: 'A01A02',
    start: -60,
    end: 45,
    status: '1',
    description: '展厅多媒体、导览与中控系统的设计、采购、安装与联调。',
    tasks: [
      ['需求调研与方案确认', 'chenjing', -60, -45, 'H', 100],
      ['深化设计与效果图', 'majun', -44, -25, 'H', 100],
      ['设备采购与到货验收', 'yangqiang', -24, 5, 'M', 80],
      ['多媒体内容制作', 'zhuting', -20, 20, 'M', 55],
      ['现场安装与布线', 'majun', 0, 30, 'H', 20],
      ['系统联调与试运行', 'chenjing', 25, 45, 'H', 0],
    ],
  },
  {
    key: 'reception',
    name: '江南文旅集团接待系统升级计划',
    code: 'JH20261008-001',
    owner: 'chenjing',
    orgCode: 'A01A02A01',
    start: -30,
    end: 30,
    status: '1',
    description: '接待预约、访客登记与大屏展示的升级，兼容集团统一身份认证。',
    tasks: [
      ['现有系统评估', 'chenjing', -30, -25, 'M', 100],
      ['访客登记模块改造', 'majun', -24, 0, 'H', 70],
      ['统一身份认证对接', 'yangqiang', -10, 15, 'H', 30],
      ['接待大屏改版', 'zhuting', 0, 20, 'L', 10],
      ['用户培训与上线', 'chenjing', 21, 30, 'M', 0],
    ],
  },
  {
    key: 'meeting',
    name: '滨江科技园会议系统运维计划',
    code: 'JH20260715-001',
    owner: 'yangqiang',
    orgCode: 'A01A02A02',
    start: -120,
    end: -10,
    status: '2',
    description: '园区会议室音视频设备季度巡检、故障处理与备件更换。',
    tasks: [
      ['会议室设备巡检', 'yangqiang', -120, -100, 'M', 100],
      ['音频处理器固件升级', 'majun', -95, -80, 'L', 100],
      ['备件更换与登记', 'zhuting', -70, -30, 'M', 100],
      ['运维总结报告', 'yangqiang', -25, -10, 'L', 100],
    ],
  },
  {
    key: 'airport',
    name: '萧山国际机场贵宾室导览改造计划',
    code: 'JH20261120-001',
    owner: 'zhangwei',
    orgCode: 'A01A02',
    start: 10,
    end: 70,
    status: '0',
    description: '贵宾室电子导览屏与服务呼叫系统改造，分两期实施。',
    tasks: [
      ['现场勘查', 'chenjing', 10, 15, 'H', 0],
      ['导览屏选型', 'majun', 16, 30, 'M', 0],
      ['服务呼叫系统设计', 'yangqiang', 20, 40, 'M', 0],
    ],
  },
];

const planId = (key: string) => seedId(`projectPlan:${key}`);

const plans: DemoRow[] = PLANS.map((p, i) => ({
  id: planId(p.key),
  values: {
    planName: p.name,
    planCode: p.code,
    owner: p.owner,
    startDate: day(p.start),
    endDate: day(p.end),
    status: p.status,
    description: p.description,
  },
  createBy: p.owner,
  orgCode: p.orgCode,
  daysAgo: Math.max(1, -p.start + 5 + i),
}));

const tasks: DemoRow[] = PLANS.flatMap((p) =>
  p.tasks.map(([taskName, owner, start, end, priority, progress], i) => ({
    values: {
      planId: planId(p.key),
      taskName,
      owner,
      startDate: day(start),
      endDate: day(end),
      priority,
      progress,
      orderNum: i + 1,
    },
    createBy: p.owner,
    orgCode: p.orgCode,
    daysAgo: Math.max(1, -p.start + 4),
  })),
);

/** Each plan's people: its owner leads, the task owners take part. */
const members: DemoRow[] = PLANS.flatMap((p) =>
  [...new Set([p.owner, ...p.tasks.map((t) => t[1])])].map((member, i) => ({
    values: {
      planId: planId(p.key),
      member,
      duty: member === p.owner ? '计划负责人' : '任务执行',
      orderNum: i + 1,
    },
    createBy: p.owner,
    orgCode: p.orgCode,
    daysAgo: Math.max(1, -p.start + 4),
  })),
);

export const PROJECT_DEMO: readonly DeclaredSeed[] = [
  { entity: 'projectPlan', rows: plans },
  { entity: 'planTask', rows: tasks },
  { entity: 'planMember', rows: members },
];
