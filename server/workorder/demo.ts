/**
 * Demo rows of the work-order module: 360 orders over the last year from the people who would
 * launch them, to everyone who would handle them, with the statuses a real desk has (most old
 * orders finished or closed, recent ones open, some past their deadline), the timeline entries of
 * the recent ones, sub-orders for participants and daily orders. Deterministic (a seeded
 * generator), so every new database looks the same.
 */
import { randomUUID } from 'node:crypto';
import { USERS } from '../db/seed/organisation.js';
import type { DeclaredSeed, DemoRow } from '../db/seed/declared/insert.js';
import { CONTENTS, DAILY_TITLES, GUESTS, NOTES, PLACES, TITLES } from './demo-data.js';

const DAY_MS = 24 * 3600 * 1000;
const ORDERS = 360;

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const people = USERS.filter((u) => u.status !== 2 && u.role !== 'admin');
const launchers = people.filter((u) => u.role === 'manager' || u.role === 'staff');
const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';

function day(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

function time(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 19).replace('T', ' ');
}

interface Order {
  id: string;
  daysAgo: number;
  launcher: string;
  charge: string;
  participants: string[];
  status: string;
  title: string;
}

/** The status an order of this age would have by now (older: settled; recent: still open). */
function statusOf(daysAgo: number, deadlineIn: number, r: number): string {
  const pastDeadline = daysAgo > deadlineIn;
  if (daysAgo < 3) return r < 0.6 ? '0' : '2';
  if (!pastDeadline) return r < 0.25 ? '0' : r < 0.75 ? '2' : '1';
  // Past the deadline: mostly done; a few still open are the overdue ones; some closed or withdrawn.
  return r < 0.72 ? '1' : r < 0.82 ? '3' : r < 0.86 ? '4' : r < 0.93 ? '2' : '0';
}

/**
 * When a finished order was finished (days ago): mostly within its deadline, but one in eight a
 * day to three late, as on a real desk (工单统计's 逾期完成). The late ones follow the order's index,
 * so the random sequence - and every other demo value - stays as it was.
 */
function finishedDaysAgo(i: number, daysAgo: number, deadlineIn: number, random: () => number): number {
  const inTime = Math.max(0, daysAgo - 1 - Math.floor(random() * deadlineIn));
  if (i % 8 !== 3) return inTime;
  return Math.max(0, daysAgo - deadlineIn - 1 - (i % 3));
}

export function workOrderDemo(): DeclaredSeed[] {
  const random = generator(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const perDay = new Map<string, number>();
  const orders: Order[] = [];
  const rows: DemoRow[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    // Skewed to recent months, never today (today's numbers are the fill rule's).
    const daysAgo = 1 + Math.floor(Math.pow(random(), 1.6) * 364);
    const type = pick(Object.keys(TITLES));
    const title = pick(TITLES[type]).replace('{place}', pick(PLACES)).replace('{guest}', pick(GUESTS));
    const launcher = pick(launchers).username;
    const charge = pick(people.filter((u) => u.username !== launcher)).username;
    const participants = [...new Set([pick(people).username, pick(people).username])]
      .filter((u) => u !== charge && u !== launcher)
      .slice(0, Math.floor(random() * 3));
    const deadlineIn = 2 + Math.floor(random() * 18);
    const status = statusOf(daysAgo, deadlineIn, random());
    const date = day(daysAgo).replace(/-/g, '');
    const seq = (perDay.get(date) ?? 0) + 1;
    perDay.set(date, seq);
    const id = randomUUID().replace(/-/g, '');
    orders.push({ id, daysAgo, launcher, charge, participants, status, title });
    rows.push({
      id,
      createBy: launcher,
      orgCode: orgOf(launcher),
      daysAgo,
      values: {
        orderNo: `WO${date}-${String(seq).padStart(4, '0')}`,
        title,
        orderType: type,
        priority: random() < 0.6 ? '1' : random() < 0.7 ? '2' : '3',
        charge,
        participants: participants.join(',') || null,
        launcher,
        deadline: day(daysAgo - deadlineIn),
        status,
        finishTime: status === '1' ? time(finishedDaysAgo(i, daysAgo, deadlineIn, random)) : null,
        content: pick(CONTENTS),
      },
    });
  }
  return [
    { entity: 'workOrder', rows },
    { entity: 'workOrderDynamic', rows: timelines(orders, random) },
    { entity: 'workOrderSub', rows: subOrders(orders) },
    { entity: 'dailyOrder', rows: dailyOrders(random) },
  ];
}

/** Accept / note / finish / close entries of the orders of the last two months. */
function timelines(orders: readonly Order[], random: () => number): DemoRow[] {
  const out: DemoRow[] = [];
  const entry = (o: Order, who: string, daysAgo: number, values: Record<string, string | null>) =>
    out.push({ createBy: who, orgCode: orgOf(who), daysAgo, values: { orderId: o.id, ...values } });
  for (const o of orders.filter((x) => x.daysAgo <= 60 && x.status !== '0')) {
    const at = (part: number) => Math.max(0.01, o.daysAgo * part);
    if (o.status === '4') {
      entry(o, o.launcher, at(0.5), {
        action: 'withdraw',
        fromStatus: '0',
        toStatus: '4',
        content: '需求变更，先撤回',
      });
      continue;
    }
    entry(o, o.charge, at(0.9), { action: 'accept', fromStatus: '0', toStatus: '2', content: null });
    entry(o, o.charge, at(0.6), {
      action: 'note',
      fromStatus: null,
      toStatus: null,
      content: NOTES[Math.floor(random() * NOTES.length)],
    });
    if (o.status === '1' || o.status === '3')
      entry(o, o.charge, at(0.3), { action: 'finish', fromStatus: '2', toStatus: '1', content: null });
    if (o.status === '3')
      entry(o, o.launcher, at(0.1), {
        action: 'close',
        fromStatus: '1',
        toStatus: '3',
        content: '已确认，关闭工单',
      });
  }
  return out;
}

function subOrders(orders: readonly Order[]): DemoRow[] {
  return orders
    .filter((o) => o.daysAgo <= 90 && o.participants.length > 0 && o.status !== '4')
    .flatMap((o) =>
      o.participants.map((p, n) => ({
        createBy: o.charge,
        orgCode: orgOf(o.charge),
        daysAgo: Math.max(0.02, o.daysAgo * 0.8),
        values: {
          orderId: o.id,
          title: `${o.title}（${n === 0 ? '现场配合' : '资料准备'}）`,
          handler: p,
          deadline: day(Math.max(0, o.daysAgo - 3)),
          status: o.status === '1' || o.status === '3' || o.daysAgo > 20 ? '1' : '0',
        },
      })),
    );
}

function dailyOrders(random: () => number): DemoRow[] {
  const writers = people.filter((u) => u.role === 'staff').slice(0, 8);
  const out: DemoRow[] = [];
  for (const w of writers)
    for (let d = 1; d <= 20; d += 1) {
      if (random() < 0.35) continue;
      out.push({
        createBy: w.username,
        orgCode: w.orgCodes[0],
        daysAgo: d,
        values: {
          workDate: day(d),
          title: DAILY_TITLES[Math.floor(random() * DAILY_TITLES.length)],
          hours: 1 + Math.floor(random() * 7),
        },
      });
    }
  return out;
}
