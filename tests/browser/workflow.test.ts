/**
 * Leave through the approval flow in the browser (docs/modules/workflow.md): the staff member
 * chenjing files a 2-day leave in 请假 (the days computed by the server) and submits it; her
 * department manager zhangwei finds it in 我的待办 and approves it with a comment; chenjing sees
 * 已通过 in 请假 and the history in 我发起的 → 审批记录. All screens are declared (schemas/flow).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  screenshotPath,
  signInFast,
  startHarness,
  STAFF_PASSWORD,
  type Harness,
} from './harness';
import { apiCall, closeForm, dialogFrames, spaced } from './render-list-helpers';

let h: Harness;
let staff: Page;
let mgr: Page;

const REASON = '家中老人住院，需陪护两天';
const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const item = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label }).first();
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function person(username: string, target: string, password = STAFF_PASSWORD): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1, target });
  return page;
}

async function pickDate(page: Page, d: Locator, label: string, value: string): Promise<void> {
  const input = item(d, label).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
  // Enter usually closes the calendar; if it is still open, a click on the dialog's title closes it.
  // (Not Escape: with the calendar already shut, Escape closes the whole 新增 dialog.)
  const calendar = page.locator('.ant-picker-dropdown:visible');
  if ((await calendar.count()) > 0) await d.locator('.ant-modal-title').click();
  await expect.poll(() => calendar.count()).toBe(0);
}

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') {
    await staff?.screenshot({ path: `.tmp/workflow-fail-${step}-staff.png` });
    await mgr?.screenshot({ path: `.tmp/workflow-fail-${step}-mgr.png` });
  }
});

describe('a leave through approval', () => {
  it('the staff member files a 2-day leave and submits it', async () => {
    staff = await person('chenjing', '/flow/leave');
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    await item(d, '请假类型').locator('.ant-select').click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '事假' }).click();
    await pickDate(staff, d, '开始日期', '2026-12-07');
    await pickDate(staff, d, '结束日期', '2026-12-08');
    await d.getByLabel('请假事由').fill(REASON);
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    const mine = row(staff, '2026-12-07');
    await expect.poll(() => mine.innerText()).toContain('草稿');
    expect(await mine.innerText()).toMatch(/\b2\b/);

    await mine.getByText('提交审批').click();
    await staff
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(staff, '提交成功').waitFor();
    await staff.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => mine.innerText()).toContain('审批中');
    expect(await mine.innerText()).toContain('部门经理审批');
    await staff.screenshot({ path: screenshotPath('workflow-leave.png') });
  });

  it('the department manager approves it from 我的待办 with a comment', async () => {
    mgr = await person('zhangwei', '/flow/todo');
    const task = row(mgr, '陈静的请假申请（2天）');
    await task.waitFor();
    expect(await task.innerText()).toContain('部门经理审批');
    await mgr.screenshot({ path: screenshotPath('workflow-todo.png') });
    await task.getByText('同意').click();
    const d = dialog(mgr, '同意');
    await d.getByLabel('审批意见').fill('同意，请做好工作交接');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(mgr, '审批成功').waitFor();
    await expect.poll(() => row(mgr, '陈静的请假申请（2天）').count()).toBe(0);
  });

  it('the staff member sees 已通过 and the history', async () => {
    await staff.reload();
    await expect.poll(() => row(staff, '2026-12-07').innerText()).toContain('已通过');
    await staff.goto(`${h.baseUrl}/flow/mySend`);
    const mine = row(staff, '陈静的请假申请（2天）');
    await expect.poll(() => mine.innerText()).toContain('已通过');
    await mine.getByText('审批记录').click();
    const d = dialog(staff, '审批记录');
    await d.locator('.ant-table-row', { hasText: '同意，请做好工作交接' }).waitFor();
    const text = await d.innerText();
    expect(text).toContain('提交');
    expect(text).toContain('张伟');
    expect(text).toContain('结束');
    await staff.screenshot({ path: screenshotPath('workflow-history.png') });
  });
});

/**
 * Slice 3 (docs/modules/workflow.md): the manager returns a leave to its starter with a reason
 * (the row shows 已退回发起人), the starter submits it again and the same request comes back to
 * the manager's 我的待办 (which shows no result columns), where 转办 to oneself is refused in
 * Chinese and 办理 shows the form read-only before 同意.
 */
describe('return, resubmit and the approval form', () => {
  const TITLE = '陈静的请假申请（1天）';
  /** A row action folded into 更多 (the row shows its first links inline). */
  const more = async (task: Locator, name: string) => {
    await task.getByRole('button', { name: spaced('更多') }).click();
    await mgr.getByRole('menuitem', { name }).click();
  };
  it('the manager returns it to the starter with a reason', async () => {
    await staff.goto(`${h.baseUrl}/flow/leave`);
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    await item(d, '请假类型').locator('.ant-select').click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '事假' }).click();
    await pickDate(staff, d, '开始日期', '2026-12-14');
    await pickDate(staff, d, '结束日期', '2026-12-14');
    await d.getByLabel('请假事由').fill('办理房屋过户');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.waitFor({ state: 'detached' });
    const mine = row(staff, '2026-12-14');
    await mine.getByText('提交审批').click();
    await staff
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(staff, '提交成功').waitFor();

    await mgr.goto(`${h.baseUrl}/flow/todo`);
    const task = row(mgr, TITLE);
    await task.waitFor();
    const headers = await mgr.locator('.zj-list .ant-table-thead').innerText();
    expect(headers).toContain('到达时间');
    expect(headers).not.toContain('处理结果');
    await more(task, '退回');
    // The first node: only the starter is offered (the panel lists the nodes already passed).
    const back = mgr.getByTestId('flow-return');
    await back.getByText('当前是第一个审批节点，只能退回发起人').waitFor();
    await back.getByText('发起人（修改后重新提交）').click();
    await back.getByLabel('退回理由').fill('请写明过户办理地点');
    await mgr.screenshot({ path: screenshotPath('workflow-return.png') });
    await back.getByRole('button', { name: spaced('退回') }).click();
    await toast(mgr, '已退回').waitFor();
    await expect.poll(() => row(mgr, TITLE).count()).toBe(0);

    await staff.reload();
    await expect.poll(() => row(staff, '2026-12-14').innerText()).toContain('已退回发起人');
  });

  it('the starter submits it again; 转办 to oneself is refused; 办理 approves', async () => {
    const mine = row(staff, '2026-12-14');
    await mine.getByText('提交审批').click();
    await staff
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(staff, '提交成功').waitFor();
    // The same request (one instance) is back in the manager's 我的待办.
    await mgr.reload();
    const task = row(mgr, TITLE);
    await task.waitFor();

    await more(task, '转办');
    const hand = dialog(mgr, '转办给他人处理');
    await item(hand, '转办给').locator('input').first().click();
    const picker = dialog(mgr, '选择用户');
    await picker.getByPlaceholder('请输入用户账号').fill('zhangwei');
    await picker.getByRole('button', { name: spaced('查询') }).click();
    await picker.locator('.ant-table-row', { hasText: 'zhangwei' }).click();
    await picker.getByRole('button', { name: spaced('确定') }).click();
    await picker.waitFor({ state: 'detached' });
    await hand.getByRole('button', { name: spaced('确定') }).click();
    await mgr.getByText('不能转办给自己').first().waitFor();
    await closeForm(hand);

    await task.getByText('办理').click();
    const panel = mgr.getByTestId('flow-approve');
    await panel.waitFor();
    await expect.poll(() => panel.innerText()).toContain('办理房屋过户');
    expect(await panel.locator('input').count()).toBe(0);
    // One dialog with the form in it, not a dialog inside an empty outer frame (issue 33, item 10).
    expect(await dialogFrames(mgr)).toEqual({ modals: 1, outerPainted: false });
    await mgr.screenshot({ path: screenshotPath('workflow-approve.png') });
    await panel.getByRole('button', { name: spaced('同意') }).click();
    await toast(mgr, '审批成功').waitFor();
    await staff.reload();
    await expect.poll(() => row(staff, '2026-12-14').innerText()).toContain('已通过');
  });
});

/** The modeler's panel writes 会签 as a parallel multi-instance task and the node's field rights. */
describe('会签 and field rights in the modeler', () => {
  it('the admin marks 部门经理审批 as 会签 with an editable field and saves', async () => {
    const admin = await person('admin', '/flow/model', ADMIN_PASSWORD);
    await row(admin, '请假审批').getByText('设计').click();
    const node = admin.locator('.djs-element[data-element-id="deptManager"]');
    await node.waitFor();
    const box = (await node.boundingBox())!;
    await admin.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const props = admin.locator('[data-testid="flow-properties"]');
    await expect.poll(() => props.innerText()).toContain('多人审批');
    await props.getByLabel('多人审批').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '会签' }).click();
    await props.getByRole('button', { name: '添加字段权限' }).click();
    await props.getByLabel('权限字段').fill('reason');
    await props.getByText('属性', { exact: true }).click();
    await expect.poll(() => props.innerText()).toContain('会签（全部同意才通过');
    await admin.screenshot({ path: screenshotPath('workflow-multi.png') });
    await admin
      .locator('[data-testid="modeler-toolbar"]')
      .getByRole('button', { name: spaced('保存') })
      .click();
    await toast(admin, '保存成功').waitFor();
    const models = await apiCall<{ records: { id: string; modelKey: string }[] }>(
      admin,
      'GET',
      '/workflow/model/list?pageSize=50',
    );
    const id = models.result.records.find((m) => m.modelKey === 'leave')!.id;
    const saved = await apiCall<{ xml: string }>(admin, 'GET', `/workflow/model/queryById?id=${id}`);
    expect(saved.result.xml).toContain('zh:multi="all"');
    expect(saved.result.xml).toContain('zh:fields="reason:edit"');
    expect(saved.result.xml).toMatch(/multiInstanceLoopCharacteristics[^>]*>\s*<bpmn:loopCardinality/);
    expect(saved.result.xml).toContain('${environment.services.signers(content.id)}');
  });
});
