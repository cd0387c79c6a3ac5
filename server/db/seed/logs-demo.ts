/**
 * Four weeks of 登录日志 and 操作日志 rows, so the log screens and the workbench's visit chart look
 * like an organisation's real use: people sign in on working mornings (some again after lunch,
 * fewer at weekends), now and then mistype a password, sign out; managers and the admin keep
 * customers, contacts, users and notices up to date. Deterministic (a seeded generator), and
 * written in time order, so each person's first row is a successful sign-in.
 */
import type { LogRow } from '../../sys/log/log-queue.js';
import { describeRoute, loadAreas } from '../../sys/log/describe.js';
import { requestParams } from '../../sys/log/request-params.js';
import { seedId } from './ids.js';
import { USERS, userId, type UserSeed } from './organisation.js';

const DAYS = 28;
/** The demo's clock: Asia/Shanghai, the default APP_TIMEZONE (UTC+8, no daylight saving). */
const UTC_OFFSET_HOURS = 8;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
];

/** A small deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DemoOperation {
  method: 'POST' | 'PUT' | 'DELETE';
  route: string;
  roles: UserSeed['role'][];
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** A refusal: [message, code, how often]. */
  refusal?: [string, number, number];
}

const CUSTOMERS = [
  '杭州云栖科技有限公司',
  '宁波港航物流集团',
  '绍兴纺织进出口公司',
  '嘉兴智造产业园',
  '温州民营经济促进会',
];
const CONTACTS = ['赵先生', '钱女士', '孙经理', '李主任', '周总'];

const OPERATIONS: DemoOperation[] = [
  {
    method: 'POST',
    route: '/sys/customer/add',
    roles: ['manager', 'staff'],
    body: { name: '#customer', level: '2' },
  },
  {
    method: 'PUT',
    route: '/sys/customer/edit',
    roles: ['manager'],
    body: { id: '#id', address: '杭州市西湖区文三路90号' },
  },
  {
    method: 'POST',
    route: '/sys/mailList/add',
    roles: ['manager', 'staff'],
    body: { name: '#contact', phone: '13900001111' },
  },
  {
    method: 'PUT',
    route: '/sys/mailList/edit',
    roles: ['manager'],
    body: { id: '#id', company: '#customer' },
  },
  { method: 'DELETE', route: '/sys/mailList/delete', roles: ['manager'], query: { id: '#id' } },
  { method: 'PUT', route: '/sys/user/edit', roles: ['admin'], body: { id: '#id', phone: '13800000099' } },
  {
    method: 'POST',
    route: '/sys/user/add',
    roles: ['admin'],
    body: { username: 'intern#n', realname: '实习生', password: 'secret' },
    refusal: ['用户账号已存在', 500, 0.3],
  },
  {
    method: 'PUT',
    route: '/sys/user/changePassword',
    roles: ['admin'],
    body: { username: 'xuming', password: 'secret' },
  },
  {
    method: 'POST',
    route: '/sys/annountCement/add',
    roles: ['admin', 'manager'],
    body: { titile: '关于做好本周接待工作的通知' },
  },
  {
    method: 'POST',
    route: '/sys/dictItem/add',
    roles: ['admin'],
    body: { itemText: '重点客户', itemValue: '4' },
  },
  { method: 'DELETE', route: '/sys/scene/startUseById', roles: ['manager'], query: { id: '#id' } },
  {
    method: 'DELETE',
    route: '/sys/role/delete',
    roles: ['staff'],
    query: { id: '#id' },
    refusal: ['没有权限，请联系管理员授权', 510, 1],
  },
];

interface Context {
  random: () => number;
  pick<T>(items: readonly T[]): T;
  areas: ReturnType<typeof loadAreas>;
}

/** A wall-clock time of a day `back` days ago (Asia/Shanghai) as an instant. */
function at(today: Date, back: number, hour: number, minute: number): Date {
  const day = new Date(today.getTime() - back * 86_400_000);
  day.setUTCHours(hour - UTC_OFFSET_HOURS, minute, Math.floor(minute * 7) % 60, 0);
  return day;
}

function fill(value: unknown, ctx: Context, n: number): unknown {
  if (typeof value !== 'string' || !value.includes('#')) return value;
  if (value === '#customer') return ctx.pick(CUSTOMERS);
  if (value === '#contact') return ctx.pick(CONTACTS);
  if (value === '#id') return seedId(`demoRecord:${n}`);
  return value.replace('#n', String(n));
}

function operationRow(
  user: UserSeed,
  op: DemoOperation,
  when: Date,
  ip: string,
  ctx: Context,
  n: number,
): LogRow {
  const body = op.body && Object.fromEntries(Object.entries(op.body).map(([k, v]) => [k, fill(v, ctx, n)]));
  const query =
    op.query && Object.fromEntries(Object.entries(op.query).map(([k, v]) => [k, fill(v, ctx, n)]));
  const refused = op.refusal && ctx.random() < op.refusal[2] ? op.refusal : null;
  const { content, operateType } = describeRoute(ctx.areas, op.method, op.route);
  const url = `/api${op.route}`;
  return {
    logType: 2,
    logContent: content,
    operateType,
    userid: userId(user.username),
    username: user.username,
    ip,
    requestType: op.method,
    requestUrl: url,
    method: url,
    requestParam: requestParams(query ?? {}, body),
    costTime: 12 + Math.floor(ctx.random() * (op.method === 'POST' ? 180 : 90)),
    httpStatus: 200,
    resultStatus: refused ? '0' : '1',
    resultCode: refused ? refused[1] : 200,
    resultMessage: refused ? refused[0] : op.method === 'DELETE' ? '删除成功！' : '操作成功！',
    userAgent: ctx.pick(AGENTS),
    createTime: when,
  };
}

function signInRow(
  user: UserSeed,
  when: Date,
  ip: string,
  agent: string,
  content: string,
  ok: boolean,
): LogRow {
  return {
    logType: 1,
    logContent: content,
    userid: ok ? userId(user.username) : null,
    username: user.username,
    ip,
    requestType: 'POST',
    requestUrl: '/api/sys/login',
    method: '/api/sys/login',
    costTime: ok ? 180 + (when.getUTCMinutes() % 40) * 3 : 95,
    httpStatus: 200,
    resultStatus: ok ? '1' : '0',
    resultCode: ok ? 200 : 500,
    resultMessage: ok ? '登录成功' : '用户名或密码错误',
    userAgent: agent,
    createTime: when,
  };
}

/** The demo rows, oldest first, ending before `now`. */
export function demoLogRows(now: Date = new Date()): LogRow[] {
  const random = generator(20261124);
  const ctx: Context = {
    random,
    pick: (items) => items[Math.floor(random() * items.length)],
    areas: loadAreas(),
  };
  const people = USERS.filter((u) => u.status !== 2);
  const rows: LogRow[] = [];
  let n = 0;
  for (let back = DAYS - 1; back >= 0; back -= 1) {
    const weekday = new Date(now.getTime() - back * 86_400_000 + UTC_OFFSET_HOURS * 3_600_000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    people.forEach((user, i) => {
      if (random() > (weekend ? 0.12 : 0.9)) return;
      const ip = random() < 0.85 ? `192.168.10.${21 + i}` : `10.8.0.${100 + i}`;
      const agent = AGENTS[i % AGENTS.length];
      const hour = 8 + Math.floor(random() * 2);
      const minute = Math.floor(random() * 60);
      // A mistyped password now and then, after the first week.
      if (back < DAYS - 7 && random() < 0.06) {
        const content = `用户名: ${user.username},登录失败：用户名或密码错误`;
        rows.push(signInRow(user, at(now, back, hour, Math.max(0, minute - 1)), ip, agent, content, false));
      }
      rows.push(
        signInRow(user, at(now, back, hour, minute), ip, agent, `用户名: ${user.username},登录成功！`, true),
      );
      const operations = OPERATIONS.filter((op) => op.roles.includes(user.role));
      const count = operations.length === 0 ? 0 : Math.floor(random() * (user.role === 'admin' ? 6 : 3));
      for (let k = 0; k < count; k += 1) {
        n += 1;
        const when = at(now, back, hour + 1 + k, Math.floor(random() * 60));
        rows.push(operationRow(user, ctx.pick(operations), when, ip, ctx, n));
      }
      if (random() < 0.35) {
        const when = at(now, back, 17 + Math.floor(random() * 2), Math.floor(random() * 60));
        rows.push({
          ...signInRow(user, when, ip, agent, `用户名: ${user.username},退出成功！`, true),
          requestUrl: '/api/sys/logout',
          method: '/api/sys/logout',
          resultMessage: '退出登录成功！',
        });
      }
    });
  }
  return rows
    .filter((r) => (r.createTime as Date) < now)
    .sort((a, b) => +(a.createTime as Date) - +(b.createTime as Date));
}
