/**
 * Slice 5 in the modeler (docs/modules/workflow.md, "Slice 5"): the admin imports a model with a
 * parallel fork and join, a user task and a service task; 部署 lists the service task without a
 * handler; in the properties panel the admin gives the user task 指定岗位 工程师 and 审批意见必填, and
 * the service task the registered handler 通知发起人; the deployed XML carries what the server reads.
 * Slice 5c: the user task's 抄送人 (a position and 发起人本人) is written as `zh:ccUsers`.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { apiCall, openOption, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;

const element = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`);
const shape = (id: string, x: number, y: number, w: number, hgt: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${hgt}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:zh="http://zhihui.cn/schema/bpmn" id="purchaseDefinitions" targetNamespace="http://zhihui.cn/bpmn/purchase">
  <bpmn:process id="purchase" name="采购审批" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fork" />
    <bpmn:parallelGateway id="fork" name="并行分支" />
    <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="tech" />
    <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="notify" />
    <bpmn:userTask id="tech" name="技术审核" />
    <bpmn:serviceTask id="notify" name="通知申请人" />
    <bpmn:sequenceFlow id="f4" sourceRef="tech" targetRef="join" />
    <bpmn:sequenceFlow id="f5" sourceRef="notify" targetRef="join" />
    <bpmn:parallelGateway id="join" name="汇聚" />
    <bpmn:sequenceFlow id="f6" sourceRef="join" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram"><bpmndi:BPMNPlane id="plane" bpmnElement="purchase">
    ${shape('start', 100, 182, 36, 36)}${shape('fork', 180, 175, 50, 50)}${shape('tech', 280, 80, 100, 80)}
    ${shape('notify', 280, 240, 100, 80)}${shape('join', 430, 175, 50, 50)}${shape('end', 530, 182, 36, 36)}
    ${edge('f1', [
      [136, 200],
      [180, 200],
    ])}${edge('f2', [
      [205, 175],
      [205, 120],
      [280, 120],
    ])}${edge('f3', [
      [205, 225],
      [205, 280],
      [280, 280],
    ])}${edge('f4', [
      [380, 120],
      [455, 120],
      [455, 175],
    ])}${edge('f5', [
      [380, 280],
      [455, 280],
      [455, 225],
    ])}${edge('f6', [
      [480, 200],
      [530, 200],
    ])}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

async function clickElement(page: Page, id: string): Promise<void> {
  const box = await element(page, id).boundingBox();
  if (!box) throw new Error(`${id} is not drawn`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function choose(page: Page, scope: Locator, option: string | RegExp): Promise<void> {
  await scope.click();
  await openOption(page, option).first().click();
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await admin?.screenshot({ path: '.tmp/workflow-parallel-modeler-fail.png' });
});

describe('parallel gateways, service tasks and the new rules in the modeler', () => {
  it('sets a position rule, a required comment and a registered handler, and deploys', async () => {
    admin = await h.newPage({ width: 1600, height: 960 });
    admin.setDefaultTimeout(20_000);
    await signInFast(admin, h.baseUrl, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      tenantId: 1,
      target: '/flow/model',
    });
    const list = admin.locator('.zj-list .ant-table-row', { hasText: '请假审批' });
    await list.waitFor();
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const add = admin.getByRole('dialog', { name: '新增' });
    await add.getByLabel('流程标识').fill('purchase');
    await add.getByLabel('模型名称').fill('采购审批');
    await add.getByRole('button', { name: spaced('确定') }).click();
    await add.waitFor({ state: 'detached' });
    await admin.locator('.zj-list .ant-table-row', { hasText: '采购审批' }).getByText('设计').click();
    await admin.locator('[data-testid="flow-modeler"] .djs-container').waitFor();
    await admin.getByRole('button', { name: '导入XML' }).click();
    await admin.getByLabel('流程XML').fill(XML);
    await admin
      .getByRole('dialog', { name: '导入XML' })
      .getByRole('button', { name: spaced('导入') })
      .click();
    await element(admin, 'notify').waitFor();

    const deployButton = admin
      .locator('[data-testid="modeler-toolbar"]')
      .getByRole('button', { name: spaced('部署') });
    await deployButton.click();
    const problems = admin.locator('[data-testid="deploy-problems"]');
    await problems.waitFor();
    expect(await problems.innerText()).toContain('节点「通知申请人」(notify)：未设置服务处理器');
    expect(await problems.innerText()).toContain('节点「技术审核」(tech)：未设置审批人规则');

    const props = admin.locator('[data-testid="flow-properties"]');
    await clickElement(admin, 'tech');
    await expect.poll(() => props.innerText()).toContain('审批意见必填');
    await choose(admin, props.locator('.ant-select').first(), '指定岗位（任一人处理）');
    await choose(admin, props.locator('.ant-select').nth(1), '工程师');
    await props.getByText('审批意见必填（同意、驳回、退回时须填写意见）').click();
    await expect.poll(() => props.locator('.ant-checkbox-checked').count()).toBe(1);
    // Slice 5c: 抄送人 of the node (the engineers and the starter get a copy on approval).
    // (Each choice is written at once and redraws the panel, which closes the open list.)
    await choose(admin, props.getByLabel('抄送岗位'), '工程师');
    await choose(admin, props.getByLabel('其他抄送对象'), '发起人本人');

    await clickElement(admin, 'notify');
    await expect.poll(() => props.innerText()).toContain('服务节点（自动处理）');
    await choose(admin, props.locator('.ant-select').first(), '通知发起人');
    await props.getByLabel('通知内容（可不填）').fill('采购申请已提交技术审核');
    await props.getByLabel('通知内容（可不填）').blur();

    await clickElement(admin, 'fork');
    await expect.poll(() => props.innerText()).toContain('并行网关（分支 / 汇聚）');
    await deployButton.click();
    await admin.locator('.ant-message-notice', { hasText: '部署成功，版本 1' }).waitFor();
    await clickElement(admin, 'notify');
    await expect.poll(() => props.innerText()).toContain('服务处理器');
    await admin.screenshot({ path: screenshotPath('workflow-parallel.png') });
    const deployed = await apiCall<{ records: { id: string }[] }>(
      admin,
      'GET',
      '/workflow/definition/list?processKey=purchase',
    );
    const xml = await apiCall<{ xml: string }>(
      admin,
      'GET',
      `/workflow/definition/xml?id=${deployed.result.records[0]!.id}`,
    );
    expect(xml.result.xml).toContain('zh:assignee="position:engineer"');
    expect(xml.result.xml).toContain('zh:commentRequired="true"');
    expect(xml.result.xml).toContain('zh:ccUsers="position:engineer,starter"');
    expect(xml.result.xml).toContain('zh:handler="notifyStarter"');
    expect(xml.result.xml).toContain('zh:handlerArg="采购申请已提交技术审核"');
  });
});
