/**
 * Demo rows of the meeting module (schemas/meeting): six rooms and 40 meetings over the last four
 * months and the next two weeks, each with its agenda; held meetings have their minutes, a few
 * were cancelled, the next ones have not started. Deterministic (a seeded generator), so every new
 * database looks the same. Numbers follow the fill rule (HY<day created>-<nnn>), never today's.
 */
import { seedId } from '../db/seed/ids.js';
import { USERS } from '../db/seed/organisation.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';

const DAY_MS = 24 * 3600 * 1000;
const MEETINGS = 40;

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const ROOMS: [key: string, name: string, location: string, capacity: number, equipment: string][] = [
  ['a301', '第一会议室', '行政楼3层301', 20, 'projector,audio,phone'],
  ['a302', '第二会议室', '行政楼3层302', 12, 'screen,whiteboard'],
  ['a501', '大会议室', '行政楼5层501', 80, 'projector,screen,audio,video'],
  ['b201', '视频会议室', '研发楼2层201', 16, 'screen,video,phone'],
  ['b305', '洽谈室', '研发楼3层305', 6, 'whiteboard'],
  ['c101', '多功能厅', '接待中心1层', 150, 'projector,screen,audio,video'],
];

const TOPICS: Record<string, string[]> = {
  '1': ['部门周例会', '项目进度例会', '月度工作总结会', '运维值班交接会'],
  '2': ['智慧展厅方案专题会', '接待流程优化专题会', '数据安全专题会', '年度预算专题会'],
  '3': ['接待系统需求评审', '导览屏选型评审', '会议系统改造方案评审', '季度绩效评审'],
  '4': ['江南文旅集团来访接待会', '华东会展中心合作洽谈', '机场贵宾室项目对接会'],
  '5': ['新员工入职培训', '信息安全意识培训', '接待礼仪培训'],
};

const AGENDA: string[] = [
  '上期事项跟进',
  '本周工作汇报',
  '重点问题讨论',
  '方案讲解',
  '风险与对策',
  '下一步安排',
  '答疑与交流',
];

const SUMMARIES = [
  '各负责人汇报了进展，整体按计划推进，个别事项需协调资源。',
  '与会人员就方案细节充分讨论，形成了一致意见。',
  '会议明确了分工与时间节点，遗留问题会后跟进。',
];
const DECISIONS = [
  '1. 按讨论结果修改方案，下周三前提交；2. 采购清单报部门经理审批。',
  '1. 设备选型采用方案二；2. 由项目一组牵头落实。',
  '1. 下次会议检查落实情况；2. 会议纪要抄送各参会人。',
];

const FOLLOW_UPS = [
  '按会议意见修改接待方案并报审',
  '整理来宾反馈意见',
  '落实会议室设备检修',
  '更新接待礼品清单',
  '联系供应商确认报价',
  '编制下月接待计划',
  '核对本月接待费用',
];

const people = USERS.filter((u) => u.status !== 2 && u.role !== 'admin');
const managers = people.filter((u) => u.role === 'manager');
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';

/** The day `daysAgo` days back, in China time, as YYYY-MM-DD. */
function chinaDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * DAY_MS + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

const at = (day: string, minutes: number) =>
  `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+08:00`;

export function meetingDemo(): DeclaredSeed[] {
  const random = generator(20261126);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const rooms: DemoRow[] = ROOMS.map(([key, name, location, capacity, equipment], i) => ({
    id: seedId(`meetingRoom:${key}`),
    values: { name, location, capacity, equipment, status: key === 'b305' ? '0' : '1', remark: null },
    createBy: 'lina',
    orgCode: orgOf('lina'),
    daysAgo: 200 - i,
  }));
  const meetings: DemoRow[] = [];
  const agenda: DemoRow[] = [];
  const minutes: DemoRow[] = [];
  const followUps: DemoRow[] = [];
  const followWork: DemoRow[] = [];
  // Its own stream: the meetings above keep the rows they had before follow-ups existed.
  const follow = generator(20261127);
  const perDay = new Map<string, number>();
  for (let i = 0; i < MEETINGS; i += 1) {
    // From 120 days ago to 14 days ahead; the last few are upcoming.
    const startsIn = Math.round(-120 + (i * 134) / MEETINGS + random() * 2);
    const createdAgo = Math.max(1, -startsIn + 2 + Math.floor(random() * 5));
    const created = chinaDay(createdAgo);
    const seq = (perDay.get(created) ?? 0) + 1;
    perDay.set(created, seq);
    const type = pick(Object.keys(TOPICS));
    const host = pick(managers).username;
    const attendees = [...new Set([pick(people).username, pick(people).username, pick(people).username])];
    const begin = 9 * 60 + Math.floor(random() * 14) * 30;
    const length = 30 + Math.floor(random() * 4) * 30;
    const day = chinaDay(-startsIn);
    const status = startsIn > 0 ? '0' : random() < 0.08 ? '3' : startsIn === 0 ? '1' : '2';
    const id = seedId(`meeting:demo:${i}`);
    meetings.push({
      id,
      values: {
        meetingNo: `HY${created.replace(/-/g, '')}-${String(seq).padStart(3, '0')}`,
        title: pick(TOPICS[type]),
        meetingType: type,
        roomId: seedId(`meetingRoom:${pick(ROOMS.filter((r) => r[0] !== 'b305'))[0]}`),
        startTime: at(day, begin),
        endTime: at(day, begin + length),
        host,
        attendees: attendees.filter((u) => u !== host).join(','),
        status,
        content: `<p>${pick(SUMMARIES)}</p>`,
      },
      createBy: host,
      orgCode: orgOf(host),
      daysAgo: createdAgo,
    });
    const items = 2 + Math.floor(random() * 3);
    for (let n = 0; n < items; n += 1)
      agenda.push({
        values: {
          meetingId: id,
          orderNum: n + 1,
          topic: AGENDA[(i + n) % AGENDA.length],
          presenter: pick(people).username,
          plannedMinutes: 10 + Math.floor(random() * 4) * 5,
        },
        createBy: host,
        orgCode: orgOf(host),
        daysAgo: createdAgo,
      });
    if (status === '2')
      minutes.push({
        values: {
          meetingId: id,
          recorder: pick(attendees),
          summary: pick(SUMMARIES),
          decisions: pick(DECISIONS),
        },
        createBy: host,
        orgCode: orgOf(host),
        daysAgo: Math.max(1, -startsIn),
      });
    if (status === '2' && follow() < 0.6) {
      const head = meetings[meetings.length - 1]!.values;
      const count = 1 + Math.floor(follow() * 2);
      for (let n = 0; n < count; n += 1) {
        const title = FOLLOW_UPS[Math.floor(follow() * FOLLOW_UPS.length)]!;
        const assignee = attendees[Math.floor(follow() * attendees.length)]!;
        const ago = Math.max(0, -startsIn);
        const deadline = chinaDay(ago - 7);
        const workId = seedId(`meetingFollowUp:work:${i}:${n}`);
        // Done a few days after the meeting, unless the meeting was this week.
        const done = ago > 7 || follow() < 0.3;
        followWork.push({
          id: workId,
          values: {
            title: `【会议跟进】${title}`,
            itemType: '2',
            assignee,
            departCode: orgOf(assignee),
            assigner: host,
            planDate: day,
            deadline,
            status: done ? '2' : '0',
            progress: done ? 100 : 0,
            finishTime: done ? at(chinaDay(Math.max(0, ago - 1 - Math.floor(follow() * 5))), 17 * 60) : null,
            content: `来自会议「${String(head.title)}」（${String(head.meetingNo)}）的决议跟进`,
          },
          createBy: host,
          orgCode: orgOf(host),
          daysAgo: ago,
        });
        followUps.push({
          values: { meetingId: id, title, assignee, deadline, status: '1', workItemId: workId },
          createBy: host,
          orgCode: orgOf(host),
          daysAgo: ago,
        });
      }
    }
  }
  return [
    { entity: 'meetingRoom', rows: rooms },
    { entity: 'meeting', rows: meetings },
    { entity: 'meetingAgenda', rows: agenda },
    { entity: 'meetingMinutes', rows: minutes },
    { entity: 'workItem', rows: followWork },
    { entity: 'meetingFollowUp', rows: followUps },
  ];
}
