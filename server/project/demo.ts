/**
 * Demo rows of the project module: 36 projects of 18 customers over the last year in every status
 * (old ones closed, current ones running or suspended, coming ones not started), their contacts,
 * the customers' people, and demands handed between the project's people. Deterministic, so every
 * new database looks the same. Customers are named by code here (their ids are random): the first
 * start resolves the codes (resolveDemoCustomers) and writes the demands' 流转记录.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { seedId } from '../db/seed/ids.js';
import { USERS } from '../db/seed/organisation.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';
import { DEMANDS, DUTIES, GIVEN, POSTS, PROJECTS, SURNAMES } from './demo-data.js';

const DAY_MS = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const compact = (offset: number) => day(offset).replaceAll('-', '');
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';

export const demoProjectId = (i: number) => seedId(`project:${i}`);
export const demoDemandId = (i: number) => seedId(`demand:${i}`);

/** The status a project would have today from its planned dates (a few suspended or closed early). */
function statusOf(start: number, end: number, i: number): string {
  if (start > 0) return '0';
  if (end < -10) return '3';
  if (i % 7 === 3) return '2';
  if (end < 0) return i % 2 === 0 ? '3' : '1'; // some overrun their plan
  return '1';
}

function person(i: number): string {
  return `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 5) % GIVEN.length]}`;
}

function phone(i: number): string {
  return `139${String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(0, 8)}`;
}

interface Built {
  projects: DemoRow[];
  contacts: DemoRow[];
  resources: DemoRow[];
  demands: DemoRow[];
}

function build(): Built {
  const out: Built = { projects: [], contacts: [], resources: [], demands: [] };
  const counters = new Map<string, number>();
  PROJECTS.forEach(([customer, name, code, category, manager, members, start, length, budget], i) => {
    const end = start + length;
    const status = statusOf(start, end, i);
    const created = Math.max(3, 15 - start); // a project is entered two weeks before it starts
    const stamp = compact(-created);
    const n = (counters.get(stamp) ?? 0) + 1;
    counters.set(stamp, n);
    out.projects.push({
      id: demoProjectId(i),
      values: {
        projectNo: `XM${stamp}-${String(n).padStart(3, '0')}`,
        name,
        code,
        customerId: customer,
        category,
        manager,
        members: members.join(','),
        planStart: day(start),
        planEnd: day(end),
        actualStart: status === '0' ? null : day(start + (i % 3)),
        actualEnd: status === '3' ? day(Math.min(end + (i % 5) - 2, -4)) : null,
        budget,
        // The stage follows the project's flow (stage-demo.ts runs it at the first start).
        stage: null,
        status,
        description: `<p>${name}：为${customer}提供从方案到交付的一体化服务。</p>`,
      },
      createBy: 'zhangwei',
      orgCode: 'A01A02',
      daysAgo: created,
    });
    for (let c = 0; c < 2 + (i % 2); c++) {
      const k = i * 3 + c;
      const [depart, post] = POSTS[k % POSTS.length];
      out.contacts.push({
        values: {
          projectId: demoProjectId(i),
          name: person(k),
          unit: depart,
          post,
          phone: phone(k),
          email: `${code.toLowerCase()}${c + 1}@example.cn`,
          duty: DUTIES[c % DUTIES.length],
        },
        createBy: manager,
        orgCode: orgOf(manager),
        daysAgo: Math.max(2, created - 3 - c),
      });
      if (c < 2 && i % 2 === 0)
        out.resources.push({
          values: {
            customerId: customer,
            name: person(k),
            depart,
            post,
            phone: phone(k),
            email: `${code.toLowerCase()}${c + 1}@example.cn`,
            keyPerson: c === 0 ? 'Y' : 'N',
          },
          createBy: manager,
          orgCode: orgOf(manager),
          daysAgo: created + 5,
        });
    }
  });
  return out;
}

interface DemandPlan {
  index: number;
  project: number;
  creator: string;
  handlers: string[];
  status: string;
  daysAgo: number;
}

/** Demands of the started projects: two or three each, handed on once or twice, most old ones closed. */
export function demandPlans(): DemandPlan[] {
  const plans: DemandPlan[] = [];
  PROJECTS.forEach(([, , , , manager, members, start], p) => {
    if (start > 0) return;
    const count = 2 + (p % 2);
    for (let d = 0; d < count; d++) {
      const index = plans.length;
      const age = Math.max(3, Math.min(-start, 200) - d * 23 - (p % 5));
      const handlers = [manager, members[d % members.length], members[(d + 1) % members.length]].slice(
        0,
        1 + ((p + d) % 3),
      );
      const status = age > 60 ? (index % 5 === 0 ? '1' : '3') : handlers.length > 1 ? '1' : '0';
      plans.push({ index, project: p, creator: manager, handlers, status, daysAgo: age });
    }
  });
  return plans;
}

export function projectDemo(): DeclaredSeed[] {
  const built = build();
  const demands: DemoRow[] = demandPlans().map((plan) => {
    const [title, type, content] = DEMANDS[plan.index % DEMANDS.length];
    const stamp = compact(-plan.daysAgo);
    return {
      id: demoDemandId(plan.index),
      values: {
        demandNo: `XQ${stamp}-${String((plan.index % 9) + 1).padStart(3, '0')}`,
        title,
        projectId: demoProjectId(plan.project),
        demandType: type,
        priority: String(plan.index % 3),
        proposer: person(plan.index + 7),
        expectDate: day(-plan.daysAgo + 20 + (plan.index % 15)),
        handler: plan.handlers[plan.handlers.length - 1],
        status: plan.status,
        content: `<p>${content}</p>`,
      },
      createBy: plan.creator,
      orgCode: orgOf(plan.creator),
      daysAgo: plan.daysAgo,
    };
  });
  return [
    { entity: 'customerResource', rows: built.resources },
    { entity: 'project', rows: built.projects },
    { entity: 'projectContact', rows: built.contacts },
    { entity: 'demand', rows: demands },
  ];
}

const NOTES = ['请协助评估工作量', '涉及设备调整，请现场确认', '内容部分请跟进', '已初步沟通，请继续处理'];

/**
 * On a database seeded with the demo: customers by id instead of code, the demands' hand-overs and
 * closes as 流转记录, and the closed ones' close times. Idempotent (fixed ids, only unresolved codes).
 */
export async function completeProjectDemo(db: Db): Promise<void> {
  for (const table of ['biz_project', 'biz_customer_resource'])
    await sql`update ${sql.table(table)} t set customer_id = c.id from biz_customer c
      where t.customer_id = c.code`.execute(db);
  const first = await sql`select 1 from biz_demand where id = ${demoDemandId(0)}`.execute(db);
  if (first.rows.length === 0) return;
  for (const plan of demandPlans()) {
    const id = demoDemandId(plan.index);
    for (let h = 1; h < plan.handlers.length; h++) {
      const from = plan.handlers[h - 1];
      await sql`insert into biz_demand_circulation (id, demand_id, action, from_user, prev_handler, to_user, note,
          tenant_id, create_time)
        values (${seedId(`demandFlow:${plan.index}:${h}`)}, ${id}, 'circulation', ${from}, ${from},
          ${plan.handlers[h]}, ${NOTES[(plan.index + h) % NOTES.length]}, 1,
          now() - make_interval(days => ${Math.max(plan.daysAgo - h * 2, 1)}))
        on conflict do nothing`.execute(db);
    }
    if (plan.status !== '3') continue;
    const closer = plan.handlers[plan.handlers.length - 1];
    const closedAgo = Math.max(plan.daysAgo - 15, 1);
    await sql`insert into biz_demand_circulation (id, demand_id, action, from_user, prev_handler, note, tenant_id,
        create_time)
      values (${seedId(`demandFlow:${plan.index}:close`)}, ${id}, 'close', ${closer}, ${closer},
        '需求已处理完毕，关闭', 1, now() - make_interval(days => ${closedAgo}))
      on conflict do nothing`.execute(db);
    await sql`update biz_demand set close_time = now() - make_interval(days => ${closedAgo})
      where id = ${id} and close_time is null`.execute(db);
  }
}
