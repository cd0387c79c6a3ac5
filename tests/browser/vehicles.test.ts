/**
 * Vehicles in the browser (docs/modules/vehicles.md): chenjing books a car in 用车申请 and submits;
 * her manager zhangwei and then the office's xuming approve in 我的待办 and the booking reads
 * 已通过. A second booking of the same car for overlapping hours is refused on submit, naming the
 * first (时间与「陈静」的用车申请 … 冲突). Screenshots of the vehicle screens for the module doc.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, screenshotPath, signInFast, startHarness, STAFF_PASSWORD, type Harness } from './harness';
import { spaced } from './render-list-helpers';

let h: Harness;
let staff: Page;
const PLATE = `京A${String(Date.now()).slice(-5)}`;
const DAY = '2031-11-26';
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const row = (page: Page, text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const item = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label }).first();
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });

async function api(username: string, method: string, path: string, body?: unknown) {
  const key = `k${Date.now()}${Math.random()}`;
  await (await fetch(`${h.baseUrl}/api/sys/randomImage/${key}`)).arrayBuffer();
  const login = (await (
    await fetch(`${h.baseUrl}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: STAFF_PASSWORD, captcha: CAPTCHA, checkKey: key }),
    })
  ).json()) as { result: { token: string } };
  const res = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': login.result.token, 'tenant-id': '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

async function person(username: string, target: string): Promise<Page> {
  const page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username, password: STAFF_PASSWORD, tenantId: 1, target });
  return page;
}

async function pickDateTime(d: Locator, label: string, value: string): Promise<void> {
  const input = item(d, label).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

async function approveIn(username: string, title: string): Promise<void> {
  const page = await person(username, '/flow/todo');
  const task = row(page, title);
  await task.waitFor();
  await task.getByText('同意').click();
  const d = dialog(page, '同意');
  await d.getByLabel('审批意见').fill('同意');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await toast(page, '审批成功').waitFor();
  await page.close();
}

async function submit(page: Page, booking: Locator): Promise<void> {
  await booking.getByText('提交审批').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: spaced('确定') })
    .click();
}

let vehicleId = '';
beforeAll(async () => {
  h = await startHarness();
  const fleet: [string, string, string, string, number][] = [
    [PLATE, '丰田', '凯美瑞 2.5L', '1', 5],
    ['京B52Q97', '别克', 'GL8 陆尊', '3', 7],
    ['京AD17526', '比亚迪', '汉 EV', '7', 5],
  ];
  for (const [plateNo, brand, model, vehicleType, seats] of fleet) {
    const added = await api('xuming', 'POST', '/office/vehicleInfo/add', {
      plateNo,
      brand,
      model,
      vehicleType,
      seats,
      driver: 'hugang',
      department: 'A01A01',
      purchaseDate: '2022-05-11',
      mileage: 40210,
      status: '1',
    });
    expect(added.success, added.message).toBe(true);
  }
  const list = (await api('xuming', 'GET', `/office/vehicleInfo/list?plateNo=${encodeURIComponent(PLATE)}`))
    .result as { records: { id: string }[] };
  vehicleId = list.records[0]!.id;
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') await staff?.screenshot({ path: `.tmp/vehicles-fail-${step}.png` });
});

describe('vehicles', () => {
  it('a staff member books a car and submits it', async () => {
    staff = await person('chenjing', '/office/vehicle/booking');
    await staff
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const d = dialog(staff, '新增');
    await item(d, '车辆').locator('.ant-select').click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PLATE }).click();
    await pickDateTime(d, '开始时间', `${DAY} 09:00:00`);
    await pickDateTime(d, '结束时间', `${DAY} 12:00:00`);
    await d.getByLabel('目的地').fill('首都机场T3航站楼');
    await d.getByLabel('用车事由').fill('接待江南文旅集团考察团');
    await staff.screenshot({ path: screenshotPath('vehicle-booking-form.png') });
    await d.getByRole('button', { name: spaced('确定') }).click();
    await toast(staff, '添加成功！').waitFor();
    const mine = row(staff, '首都机场T3航站楼');
    await expect.poll(() => mine.innerText()).toContain('草稿');
    await submit(staff, mine);
    await toast(staff, '提交成功').waitFor();
    await expect.poll(() => mine.innerText()).toContain('部门经理审批');
  });

  it('the manager and the office approve', async () => {
    await approveIn('zhangwei', '陈静的用车申请');
    await approveIn('xuming', '陈静的用车申请');
    await staff.reload();
    await expect.poll(() => row(staff, '首都机场T3航站楼').innerText()).toContain('已通过');
  });

  it('a booking of the same car for overlapping hours is refused, naming the clash', async () => {
    const draft = await api('chenjing', 'POST', '/office/vehicleBooking/add', {
      vehicleId,
      startTime: `${DAY} 11:00:00`,
      endTime: `${DAY} 15:00:00`,
      destination: '国家会议中心',
      reason: '参加行业展会',
      passengers: 3,
    });
    expect(draft.success).toBe(true);
    await staff.reload();
    const second = row(staff, '国家会议中心');
    await submit(staff, second);
    await toast(staff, '时间与「陈静」的用车申请 11-26 09:00-12:00 冲突').waitFor();
    await staff.waitForTimeout(400); // the message's entry animation
    await staff.screenshot({ path: screenshotPath('vehicle-booking.png') });
    await expect.poll(() => second.innerText()).toContain('草稿');
  });

  it('the office sees the fleet, the policies about to expire and the fuel summary', async () => {
    const office = await person('xuming', '/office/vehicle/list');
    await row(office, PLATE).waitFor();
    await office.screenshot({ path: screenshotPath('vehicle-list.png') });
    expect(
      (
        await api('xuming', 'POST', '/office/vehicleInsurance/add', {
          vehicleId,
          company: '中国人民财产保险',
          policyNo: `PDAA2030${PLATE.slice(-5)}`,
          insuranceType: '2',
          startDate: daysFromNow(12 - 365),
          endDate: daysFromNow(12),
          premium: 4520,
        })
      ).success,
    ).toBe(true);
    await office.goto(`${h.baseUrl}/office/vehicle/insurance`);
    await row(office, PLATE).waitFor();
    await office.locator('.ant-tabs-tab', { hasText: '即将到期' }).click();
    await expect.poll(() => row(office, PLATE).innerText()).toContain(daysFromNow(12));
    await office.screenshot({ path: screenshotPath('vehicle-insurance.png') });
    for (const [fuelDate, litres, amount, mileage] of [
      ['2026-10-08', 52, 395.2, 40210],
      ['2026-10-22', 48, 366.7, 40790],
      ['2026-11-05', 50, 381.5, 41380],
    ] as const)
      expect(
        (
          await api('xuming', 'POST', '/office/vehicleFuel/add', {
            vehicleId,
            fuelDate,
            litres,
            amount,
            mileage,
          })
        ).success,
      ).toBe(true);
    await office.goto(`${h.baseUrl}/office/vehicle/consumption`);
    await expect.poll(() => row(office, PLATE).innerText()).toContain('8.38');
    // The chart's chunk loads lazily: shoot once it has drawn.
    await office.locator('.zj-list-chart canvas').first().waitFor();
    await office.waitForTimeout(800);
    await office.screenshot({ path: screenshotPath('vehicle-fuel-summary.png') });
    await office.close();
  });
});
