/**
 * Workflow slice 4 in the browser (docs/modules/workflow.md, "Slice 4"): the admin gives
 * 部门经理审批 a 超时升级 after 2 hours in the modeler's panel (the saved XML checked); the manager
 * delegates a leave from 我的待办 to 赵磊 (委派), who finds it in his 我的待办; the general manager's
 * 退回 lists the node already passed (部门经理审批, approved by 张伟) and returns it there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let staff: Page;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

async function person(username: string, target: string, password = STAFF_PASSWORD): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1, target });
  return page;
}

/** chenjing files a leave from `start` to `end` and submits it (through the calls the screen makes). */
async function fileLeave(start: string, reason: string, end = start): Promise<void> {
  const body = { leaveType: '1', startDate: start, startHalf: '1', endDate: end, endHalf: '2', reason };
  expect((await apiCall(staff, 'POST', '/process/leave/add', body)).success).toBe(true);
  const list = await apiCall<{ records: { id: string; reason: string }[] }>(
    staff,
    'GET',
    '/process/leave/list?type=1&pageSize=50',
  );
  const leave = list.result.records.find((r) => r.reason === reason)!;
  expect((await apiCall(staff, 'PUT', '/process/leave/startProcess', { id: leave.id })).success).toBe(true);
}

describe('timers and delegation', () => {
  it('the admin sets 超时升级 after 2 hours on 部门经理审批 and saves', async () => {
    admin = await person('admin', '/flow/model', ADMIN_PASSWORD);
    await row(admin, '请假审批').getByText('设计').click();
    const node = admin.locator('.djs-element[data-element-id="deptManager"]');
    await node.waitFor();
    const box = (await node.boundingBox())!;
    await admin.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const props = admin.locator('[data-testid="flow-properties"]');
    await expect.poll(() => props.innerText()).toContain('超时处理');
    await props.getByLabel('超时处理').click();
    await option(admin, '超时升级').click();
    await props.getByLabel('超时时长').fill('2');
    await props.getByLabel('超时单位').click();
    await option(admin, '小时').click();
    await props.getByText('属性', { exact: true }).click();
    await expect.poll(() => props.innerText()).toContain('审批人的部门经理');
    await props.getByLabel('超时处理').scrollIntoViewIfNeeded();
    await admin.screenshot({ path: screenshotPath('workflow-timer.png') });
    await admin
      .locator('[data-testid="modeler-toolbar"]')
      .getByRole('button', { name: spaced('保存') })
      .click();
    await admin.locator('.ant-message-notice', { hasText: '保存成功' }).waitFor();
    const models = await apiCall<{ records: { id: string; modelKey: string }[] }>(
      admin,
      'GET',
      '/workflow/model/list?pageSize=50',
    );
    const id = models.result.records.find((m) => m.modelKey === 'leave')!.id;
    const saved = await apiCall<{ xml: string }>(admin, 'GET', `/workflow/model/queryById?id=${id}`);
    expect(saved.result.xml).toContain('zh:timeout="PT2H"');
    expect(saved.result.xml).toContain('zh:timeoutAction="escalate"');
    expect(saved.result.xml).toContain('zh:escalateTo="deptManager"');
  });

  it('the manager delegates a leave to 赵磊, who finds it in his 我的待办', async () => {
    staff = await person('chenjing', '/flow/leave');
    await fileLeave('2026-12-21', '参加行业培训');

    const mgr = await person('zhangwei', '/flow/todo');
    const task = row(mgr, '陈静的请假申请（1天）');
    await task.waitFor();
    await task.getByRole('button', { name: spaced('更多') }).click();
    await mgr.getByRole('menuitem', { name: '委派' }).click();
    const d = mgr.getByRole('dialog', { name: '委派：请他人处理后交回我审批' });
    await d.locator('.ant-form-item', { hasText: '委派给' }).locator('input').first().click();
    const picker = mgr.getByRole('dialog', { name: '选择用户' });
    await picker.getByPlaceholder('请输入用户账号').fill('zhaolei');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhaolei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await d.getByLabel('委派说明').fill('请核对培训通知后给出意见');
    await mgr.screenshot({ path: screenshotPath('workflow-delegate.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await mgr.locator('.ant-message-notice', { hasText: '已委派' }).waitFor();
    await expect.poll(() => row(mgr, '陈静的请假申请（1天）').count()).toBe(0);

    const delegate = await person('zhaolei', '/flow/todo');
    await expect
      .poll(() => row(delegate, '陈静的请假申请（1天）').innerText())
      .toContain('部门经理审批（委派）');
  });

  it('退回 lists the nodes the request has passed', async () => {
    await fileLeave('2026-12-22', '探亲', '2026-12-28');
    const mgr = await person('zhangwei', '/flow/todo');
    const todo = await apiCall<{ records: { id: string; title: string }[] }>(
      mgr,
      'GET',
      '/workflow/task/list?type=1&pageSize=50',
    );
    const first = todo.result.records.find((r) => r.title.includes('7天'))!;
    expect(
      (await apiCall(mgr, 'PUT', '/workflow/task/approve', { id: first.id, comment: '同意' })).success,
    ).toBe(true);
    await admin.goto(`${h.baseUrl}/flow/todo`);
    const task = row(admin, '陈静的请假申请（7天）');
    await task.waitFor();
    await task.getByRole('button', { name: spaced('更多') }).click();
    await admin.getByRole('menuitem', { name: '退回' }).click();
    const panel = admin.getByTestId('flow-return');
    await panel.getByText('（张伟已审批）').waitFor();
    await panel.getByLabel('退回理由').fill('请部门经理核实天数');
    await admin.screenshot({ path: screenshotPath('workflow-return-node.png') });
    await panel.getByRole('button', { name: spaced('退回') }).click();
    await admin.locator('.ant-message-notice', { hasText: '已退回' }).waitFor();
    await mgr.reload();
    await expect.poll(() => row(mgr, '陈静的请假申请（7天）').innerText()).toContain('部门经理审批');
  });
});
