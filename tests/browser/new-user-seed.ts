/**
 * What tests/browser/new-user-polish.test.ts needs besides the seed: a user with no role, a work
 * order chenjing finished (her 已办) and one she still has to do, a customer whose 负责人 is the
 * frozen dongjie, and a project without attachments.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../server/auth/password.js';
import { departId, userId } from '../../server/db/seed/organisation.js';
import { STAFF_PASSWORD, type Harness } from './harness';
import { apiCall } from './render-list-helpers';

export const NO_ROLE = 'polish_norole';
export const DONE_ORDER = '前台饮水机滤芯更换';
export const OPEN_ORDER = '二号接待室投影仪调试';
export const CUSTOMER = '滨江会展服务公司';
export const PROJECT = '滨江会展接待系统';

/** YYYY-MM-DD `days` from today in the app's time zone (Asia/Shanghai). */
export const day = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

async function ok(page: Page, method: string, url: string, body?: unknown): Promise<void> {
  const answer = await apiCall(page, method, url, body);
  if (!answer.success) throw new Error(`${method} ${url}: ${answer.message}`);
}

/** A signed-in staff account of tenant 1 with a department and no role at all. */
export async function addUserWithoutRole(h: Harness): Promise<void> {
  const db = h.server.database.db;
  const id = userId(NO_ROLE);
  await sql`insert into sys_user (id, username, realname, password_hash, status, del_flag, rel_tenant_ids,
      org_code, modify_time, create_by, create_time)
    values (${id}, ${NO_ROLE}, '新同事', ${await hashPassword(STAFF_PASSWORD)}, 1, 0, '1', 'A01A02A01', now(),
      'admin', now())`.execute(db);
  await sql`insert into sys_user_depart (user_id, dep_id) values (${id}, ${departId('A01A02A01')})`.execute(
    db,
  );
}

/** Two orders for chenjing from the admin; she accepts and finishes the first. */
export async function addOrders(admin: Page, chenjing: Page): Promise<void> {
  for (const title of [DONE_ORDER, OPEN_ORDER])
    await ok(admin, 'POST', '/sys/workOrder/add', {
      title,
      orderType: '3',
      priority: '2',
      charge: 'chenjing',
      deadline: day(3),
    });
  const mine = await apiCall<{ records: { id: string; title: string }[] }>(
    chenjing,
    'GET',
    `/sys/todo/list?type=1&title=${encodeURIComponent(DONE_ORDER)}`,
  );
  const id = mine.result.records[0]!.id;
  await ok(chenjing, 'PUT', '/sys/workOrder/accept', { id });
  await ok(chenjing, 'PUT', '/sys/workOrder/finish', { id });
}

/** A customer whose 负责人 is dongjie (frozen in the seed), and a project of it with no files. */
export async function addCustomerAndProject(admin: Page): Promise<string> {
  await ok(admin, 'POST', '/sys/customer/add', { name: CUSTOMER, code: 'BJHZ', owner: 'dongjie' });
  const customers = await apiCall<{ records: { id: string }[] }>(
    admin,
    'GET',
    '/sys/customer/list?code=BJHZ',
  );
  await ok(admin, 'POST', '/sys/project/add', {
    name: PROJECT,
    code: 'BJ-JD',
    category: '1',
    manager: 'admin',
    customerId: customers.result.records[0]!.id,
    planStart: day(-10),
    planEnd: day(90),
  });
  const projects = await apiCall<{ records: { id: string }[] }>(
    admin,
    'GET',
    `/sys/project/list?name=${encodeURIComponent(PROJECT)}`,
  );
  return projects.result.records[0]!.id;
}
