/**
 * Deny by default as people meet it (issue 30, docs/modules/system-admin.md): a user with no role
 * gets the workbench alone and reaches no list by typing its address; a staff member cannot open a
 * colleague's leave or daily work, while the manager who approves the leave, or leads the
 * department, can.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.js';
import { departId, userId } from '../../server/db/seed/organisation.js';
import { screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { apiCall } from './render-list-helpers';

let h: Harness;
const NO_ROLE = 'access_norole';
const LEAVE_REASON = '陪同家人复查，需请假一天';
const WORK_TITLE = '整理十二月接待台账';

/** Signs in through the API as a page would (token, tenant) and answers the page. */
async function person(username: string, target = '/HomePage/index'): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1, target });
  return page;
}

/** A call made with the signed-in page's own session, as its screens make them. */
const call = <T>(page: Page, method: string, url: string, body?: unknown) =>
  apiCall<T>(page, method, url, body);

beforeAll(async () => {
  h = await startHarness();
  const db = h.server.database.db;
  const id = userId(NO_ROLE);
  await sql`insert into sys_user (id, username, realname, password_hash, status, del_flag, rel_tenant_ids, org_code,
      modify_time, create_by, create_time)
    values (${id}, ${NO_ROLE}, '新同事', ${await hashPassword(STAFF_PASSWORD)}, 1, 0, '1', 'A01A02A01', now(), 'admin', now())`.execute(
    db,
  );
  await sql`insert into sys_user_depart (user_id, dep_id) values (${id}, ${departId('A01A02A01')})`.execute(
    db,
  );
});

afterAll(async () => {
  await h?.close();
});

describe('a user with no role', () => {
  it('sees the workbench alone and loads no list by its address', async () => {
    const page = await person(NO_ROLE);
    const menu = page.locator('.ant-layout-sider .ant-menu-root');
    await menu.getByText('工作台').first().waitFor();
    // 每日工作 → 工作台, nothing else: their own to-dos, notices and messages.
    await expect.poll(() => menu.innerText()).toMatch(/^\s*每日工作\s+工作台\s*$/);
    // The workbench itself says there is nothing for them yet (issue 33), no failure shown.
    await page.getByText('您还没有可用的功能').waitFor();
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    expect(await page.locator('.ant-message-error, .ant-notification-notice-error').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('access-no-role.png') });
    const lists: string[] = [];
    page.on('response', (res) => {
      if (/\/api\/.+\/list(\?|$)/.test(res.url()) && res.request().method() === 'GET') lists.push(res.url());
    });
    for (const path of ['/workOrder/list', '/customer/list', '/flow/leave', '/system/user']) {
      await page.goto(`${h.baseUrl}${path}`);
      await page.getByText('抱歉，您访问的页面不存在').waitFor();
    }
    // No screen asked the server for rows; asking directly answers 没有权限.
    expect(lists).toEqual([]);
    expect(await call(page, 'GET', '/sys/customer/list')).toMatchObject({ success: false, code: 510 });
    expect(await call(page, 'GET', '/process/leave/list?type=1')).toMatchObject({ code: 510 });
  });
});

describe("a colleague's leave and daily work", () => {
  let leaveId = '';
  let workId = '';

  beforeAll(async () => {
    // majun (项目一组, like chenjing) files a leave and notes a work item of his own.
    const majun = await person('majun');
    const added = await call(majun, 'POST', '/process/leave/add', {
      leaveType: '1',
      startDate: '2026-12-21',
      startHalf: '1',
      endDate: '2026-12-21',
      endHalf: '2',
      reason: LEAVE_REASON,
    });
    expect(added.success, added.message).toBe(true);
    const mine = await call<{ records: { id: string; reason: string }[] }>(
      majun,
      'GET',
      '/process/leave/list?type=1&pageSize=60',
    );
    leaveId = mine.result.records.find((r) => r.reason === LEAVE_REASON)!.id;
    expect((await call(majun, 'PUT', '/process/leave/startProcess', { id: leaveId })).success).toBe(true);
    const work = await call(majun, 'POST', '/sys/workItem/add', {
      title: WORK_TITLE,
      assignee: 'majun',
      deadline: '2026-12-31',
    });
    expect(work.success, work.message).toBe(true);
    const items = await call<{ records: { id: string; title: string }[] }>(
      majun,
      'GET',
      `/sys/workItem/list?type=1&title=${encodeURIComponent(WORK_TITLE)}`,
    );
    workId = items.result.records[0]!.id;
    await majun.close();
  });

  it('a staff member of the same department cannot open them', async () => {
    const page = await person('chenjing', '/flow/leave');
    await page.locator('.zj-list .ant-table').waitFor();
    await expect.poll(() => page.locator('.zj-list').innerText()).not.toContain(LEAVE_REASON);
    expect(await call(page, 'GET', `/process/leave/queryById?id=${leaveId}`)).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    await page.goto(`${h.baseUrl}/HomePage/dailyWork`);
    await page.locator('.zj-list .ant-table').waitFor();
    await expect.poll(() => page.locator('.zj-list').innerText()).not.toContain(WORK_TITLE);
    expect(await call(page, 'GET', `/sys/workItem/queryById?id=${workId}`)).toMatchObject({
      message: '未找到对应数据',
    });
    expect(await call(page, 'DELETE', `/sys/workItem/delete?id=${workId}`)).toMatchObject({ success: false });
  });

  it('the department manager approves the leave with its reason shown, and reads the work item', async () => {
    const page = await person('zhangwei', '/flow/todo');
    const task = page.locator('.zj-list .ant-table-row', { hasText: '马军' }).first();
    await task.waitFor();
    await task.getByText('办理').click();
    const panel = page.getByTestId('flow-approve');
    await expect.poll(() => panel.innerText()).toContain(LEAVE_REASON);
    await page.goto(`${h.baseUrl}/HomePage/departWork`);
    const row = page.locator('.zj-list .ant-table-row', { hasText: WORK_TITLE });
    await row.getByText('详情').click();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain(WORK_TITLE);
  });
});
