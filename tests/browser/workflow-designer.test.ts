/**
 * The flow designer and diagrams in the browser (docs/modules/workflow.md, slice 2): the admin adds
 * a model in 流程模型, opens 设计 (bpmn-js), imports a starting XML, sees every validation problem
 * of 部署, sets the approver and a condition and the default flow through the properties panel,
 * and deploys version 1; 流程部署 lists it and suspends it; a staff member's leave shows its
 * diagram with the done and current nodes marked; the admin terminates it in 流程实例.
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
import { apiCall, openOption, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let staff: Page;

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const confirm = (page: Page) =>
  page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: spaced('确定') })
    .click();
const element = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);

const shape = (id: string, x: number, y: number, w: number, hgt: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${hgt}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;

/** Two approvals and an amount gateway; the approver, the condition and the default are left to the panel. */
const STARTING_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:zh="http://zhihui.cn/schema/bpmn" id="expenseDefinitions" targetNamespace="http://zhihui.cn/bpmn/expense">
  <bpmn:process id="expense" name="费用报销" isExecutable="true">
    <bpmn:startEvent id="start" name="提交报销" />
    <bpmn:sequenceFlow id="toDept" sourceRef="start" targetRef="deptApprove" />
    <bpmn:userTask id="deptApprove" name="部门审批" />
    <bpmn:sequenceFlow id="toAmount" sourceRef="deptApprove" targetRef="amount" />
    <bpmn:exclusiveGateway id="amount" name="金额判断" />
    <bpmn:sequenceFlow id="toGm" name="大额" sourceRef="amount" targetRef="gmApprove" />
    <bpmn:sequenceFlow id="toLow" name="小额" sourceRef="amount" targetRef="endLow" />
    <bpmn:userTask id="gmApprove" name="总经理审批" zh:assignee="generalManager" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="gmApprove" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:endEvent id="endLow" name="结束" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram"><bpmndi:BPMNPlane id="plane" bpmnElement="expense">
    ${shape('start', 100, 182, 36, 36)}${shape('deptApprove', 200, 160, 100, 80)}${shape('amount', 375, 175, 50, 50)}
    ${shape('gmApprove', 500, 160, 100, 80)}${shape('end', 682, 182, 36, 36)}${shape('endLow', 382, 320, 36, 36)}
    ${edge('toDept', [
      [136, 200],
      [200, 200],
    ])}${edge('toAmount', [
      [300, 200],
      [375, 200],
    ])}
    ${edge('toGm', [
      [425, 200],
      [500, 200],
    ])}${edge('toEnd', [
      [600, 200],
      [682, 200],
    ])}
    ${edge('toLow', [
      [400, 225],
      [400, 320],
    ])}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

async function person(username: string, password: string, target: string): Promise<Page> {
  const page = await h.newPage({ width: 1600, height: 960 });
  page.setDefaultTimeout(20_000);
  await signInFast(page, h.baseUrl, { username, password, tenantId: 1, target });
  return page;
}

/** Clicks an element of the canvas at its centre (a straight flow's box has no height, so no locator click). */
async function clickElement(page: Page, id: string): Promise<void> {
  const box = await element(page, id).boundingBox();
  if (!box) throw new Error(`${id} is not drawn`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Picks `option` in the antd select of the properties panel's item `label`. */
async function choose(page: Page, scope: Locator, option: string | RegExp, search?: string): Promise<void> {
  await scope.click();
  if (search) await page.keyboard.type(search);
  await openOption(page, option).first().click();
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
    await admin?.screenshot({ path: `.tmp/workflow-designer-fail-${step}-admin.png` });
    await staff?.screenshot({ path: `.tmp/workflow-designer-fail-${step}-staff.png` });
  }
});

describe('flow designer', () => {
  it('adds a model, lists the problems of a broken one, edits it in the panel and deploys it', async () => {
    admin = await person('admin', ADMIN_PASSWORD, '/flow/model');
    await row(admin, '请假审批').waitFor();
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const add = admin.getByRole('dialog', { name: '新增' });
    await add.getByLabel('流程标识').fill('expense');
    await add.getByLabel('模型名称').fill('费用报销');
    await add.getByRole('button', { name: spaced('确定') }).click();
    await add.waitFor({ state: 'detached' });
    await row(admin, '费用报销').getByText('设计').click();
    const deployButton = admin
      .locator('[data-testid="modeler-toolbar"]')
      .getByRole('button', { name: spaced('部署') });
    await admin.locator('[data-testid="flow-modeler"] .djs-container').waitFor();

    await admin.getByRole('button', { name: '导入XML' }).click();
    await admin.getByLabel('流程XML').fill(STARTING_XML);
    await admin
      .getByRole('dialog', { name: '导入XML' })
      .getByRole('button', { name: spaced('导入') })
      .click();
    await element(admin, 'deptApprove').waitFor();

    await deployButton.click();
    const problems = admin.locator('[data-testid="deploy-problems"]');
    await problems.waitFor();
    expect(await problems.innerText()).toContain('节点「部门审批」(deptApprove)：未设置审批人规则');
    expect(await problems.innerText()).toContain('网关「金额判断」(amount)：出口连线须设置条件或默认连线');
    await expect.poll(() => element(admin, 'deptApprove').getAttribute('class')).toContain('zj-wf-error');

    const props = admin.locator('[data-testid="flow-properties"]');
    await clickElement(admin, 'deptApprove');
    await expect.poll(() => props.innerText()).toContain('deptApprove');
    expect(await props.getByLabel('名称').inputValue()).toBe('部门审批');
    await choose(admin, props.locator('.ant-select').first(), '指定人员');
    await choose(admin, props.locator('.ant-select').nth(1), /张伟/, '张伟');
    await clickElement(admin, 'toGm');
    await expect.poll(() => props.innerText()).toContain('流转条件');
    await props.getByRole('button', { name: '添加条件' }).click();
    await props.getByLabel('条件字段').fill('amount');
    await choose(admin, props.locator('[data-testid="condition-0"] .ant-select').nth(1), '大于等于');
    await props.getByLabel('比较值').fill('5000');
    await props.getByRole('button', { name: '应用条件' }).click();
    await expect.poll(() => props.innerText()).toContain('amount 大于等于 5000');
    await clickElement(admin, 'toLow');
    await props.getByText('设为默认连线').click();
    await expect.poll(() => props.locator('.ant-checkbox-checked').count()).toBe(1);

    await deployButton.click();
    await toast(admin, '部署成功，版本 1').waitFor();
    await clickElement(admin, 'toGm');
    await admin.screenshot({ path: screenshotPath('workflow-modeler.png') });
    const deployed = await apiCall<{ records: { id: string }[] }>(
      admin,
      'GET',
      '/workflow/definition/list?processKey=expense',
    );
    const xml = await apiCall<{ xml: string }>(
      admin,
      'GET',
      `/workflow/definition/xml?id=${deployed.result.records[0]!.id}`,
    );
    expect(xml.result.xml).toContain('zh:assignee="user:zhangwei"');
    expect(xml.result.xml).toMatch(/language="json-logic">\{"&gt;=":\[\{"var":"amount"\},5000\]\}/);
    expect(xml.result.xml).toContain('default="toLow"');
  });

  it('lists the deployed versions and suspends one', async () => {
    await admin.goto(`${h.baseUrl}/flow/deploy`);
    const expense = row(admin, '费用报销');
    await expect.poll(() => expense.innerText()).toContain('激活');
    await expense.getByText('挂起').click();
    await confirm(admin);
    await toast(admin, '已挂起').waitFor();
    await expect.poll(() => expense.innerText()).toContain('挂起');
    expect(await expense.innerText()).toContain('管理员');
    await admin.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await admin.screenshot({ path: screenshotPath('workflow-deploy.png') });
    await row(admin, '请假审批').getByText('流程图').click();
    await admin.locator('[data-testid="flow-diagram"] .djs-element[data-element-id="deptManager"]').waitFor();
    await admin.keyboard.press('Escape');
  });

  it("shows a staff member's leave on its diagram with the done and current nodes", async () => {
    staff = await person('chenjing', STAFF_PASSWORD, '/flow/leave');
    const added = await apiCall(staff, 'POST', '/process/leave/add', {
      leaveType: '3',
      startDate: '2026-12-14',
      startHalf: '1',
      endDate: '2026-12-18',
      endHalf: '2',
      reason: '年假，回老家探亲',
    });
    expect(added.success, added.message).toBe(true);
    await staff.reload();
    const leave = row(staff, '2026-12-14');
    await leave.getByText('提交审批').click();
    await confirm(staff);
    await expect.poll(() => leave.innerText()).toContain('审批中');
    await leave.getByText('流程图').click();
    const diagram = staff.locator('[data-testid="flow-diagram"]');
    await diagram.locator('.djs-element[data-element-id="deptManager"]').waitFor();
    const marks = async (id: string) =>
      (await diagram.locator(`.djs-element[data-element-id="${id}"]`).getAttribute('class')) ?? '';
    await expect.poll(() => marks('deptManager')).toContain('zj-wf-current');
    expect(await marks('start')).toContain('zj-wf-done');
    expect(await marks('toManager')).toContain('zj-wf-done');
    expect(await marks('generalManager')).not.toMatch(/zj-wf-(done|current)/);
    const panel = staff.locator('.zj-wf-detail');
    expect(await panel.innerText()).toMatch(/已完成[\s\S]*进行中[\s\S]*未到达/);
    expect(await panel.innerText()).toContain('提交');
    await staff.screenshot({ path: screenshotPath('workflow-diagram.png') });
  });

  it('the admin terminates it in 流程实例 with a reason, and the leave follows', async () => {
    await admin.goto(`${h.baseUrl}/flow/instance`);
    const instance = row(admin, '陈静的请假申请（5天）');
    await expect.poll(() => instance.innerText()).toContain('张伟');
    await admin.screenshot({ path: screenshotPath('workflow-instances.png') });
    await instance.getByText('终止').click();
    const d = admin.getByRole('dialog', { name: '终止流程' });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await d.getByText('请输入终止原因').waitFor();
    await d.getByLabel('终止原因').fill('年假额度不足，请重新申请');
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '流程已终止').waitFor();
    await expect.poll(() => row(admin, '陈静的请假申请（5天）').count()).toBe(0);
    await staff.reload();
    await expect.poll(() => row(staff, '2026-12-14').innerText()).toContain('已终止');
  });
});
