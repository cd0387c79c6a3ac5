/**
 * 定时任务 end to end: the schedule-expression editor (every mode, the text box both ways, an
 * invalid text's message, the preview of the next 10 times), then a job made with it that fires
 * every second and logs, stopped, and run once by hand.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissNotifications, errorsOf, screenshotPath, startHarness, type Harness } from './harness';
import { adminPage, apiCall, spaced } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

let step = 0;
afterEach(async (ctx) => {
  step += 1;
  if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `.tmp/jobs-fail-${step}.png` });
});

const NAME = '浏览器测试任务';
const row = (text: string) => page.locator('.zj-list .ant-table-row', { hasText: text });
const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
const editor = () => page.getByRole('dialog', { name: 'Cron表达式' });
const expression = () => editor().getByLabel('Cron表达式', { exact: true });
const mode = (name: string) =>
  editor()
    .locator('.ant-radio-wrapper:visible')
    .filter({ has: page.locator(`[data-mode="${name}"]`) })
    .locator('input[type="radio"]')
    .first();

/** A row link, inline or folded into 更多, and its confirmation. */
async function rowAction(name: string, confirm: string): Promise<void> {
  await row(NAME)
    .getByRole('button', { name: spaced('详情') })
    .waitFor();
  const inline = row(NAME).getByRole('button', { name: spaced(name) });
  if (await inline.count()) await inline.click();
  else {
    await row(NAME)
      .getByRole('button', { name: spaced('更多') })
      .click();
    await page.getByRole('menuitem', { name }).click();
  }
  await page
    .locator('.ant-popconfirm, .ant-modal', { hasText: confirm })
    .getByRole('button', { name: spaced('确定') })
    .click();
}

async function tab(title: string): Promise<void> {
  await editor().getByRole('tab', { name: title, exact: true }).click();
}

async function setNumber(label: string, value: number): Promise<void> {
  const input = editor().getByLabel(label);
  await input.fill(String(value));
  await input.press('Tab');
}

async function logCount(): Promise<number> {
  const answer = await apiCall<{ total: number }>(
    page,
    'GET',
    `/sys/quartzJobLog/list?jobName=${encodeURIComponent(NAME)}`,
  );
  return answer.result.total;
}

describe('定时任务 (admin)', () => {
  it('builds an expression in the editor with every mode and previews the next 10 times', async () => {
    page = await adminPage(h);
    await dismissNotifications(page).catch(() => undefined);
    await page.goto(`${h.baseUrl}/system/quartzJob`);
    await row('示例任务').waitFor();
    await page
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .click();
    const form = page.getByRole('dialog', { name: '新增' });
    await form.getByRole('button', { name: /选\s?择/ }).click();
    await editor().waitFor();
    expect(await expression().inputValue()).toBe('* * * * * ? *');

    await tab('秒');
    await mode('loop').check();
    await setNumber('秒循环间隔', 5);
    await tab('时');
    await setNumber('时周期起始', 9);
    await setNumber('时周期结束', 17);
    await tab('日');
    await setNumber('工作日号数', 15);
    await tab('月');
    await editor().locator('[data-mode="specified"]:visible').getByText('指定', { exact: true }).click();
    await editor().getByRole('checkbox', { name: '03' }).check();
    await editor().getByRole('checkbox', { name: '09' }).check();
    await tab('年');
    await editor().locator('[data-mode="none"]:visible').last().click(); // 年, the last pane (the one left may still be fading out)
    await expect.poll(() => expression().inputValue()).toBe('0/5 * 9-17 15W 1,3,9 ?');

    // The week takes over from the day: the day becomes '?'.
    await tab('周');
    await editor().locator('[data-mode="specified"]:visible').getByText('指定', { exact: true }).click();
    await editor().getByRole('checkbox', { name: '周一' }).check();
    await editor().getByRole('checkbox', { name: '周三' }).check();
    await editor().getByRole('checkbox', { name: '周日' }).uncheck(); // the list starts with the first value
    await expect.poll(() => expression().inputValue()).toBe('0/5 * 9-17 ? 1,3,9 1,3');
    await editor().locator('.zj-cron-preview li').nth(9).waitFor();
    // The preview follows 500 ms after the last change.
    await expect
      .poll(() => editor().locator('.zj-cron-preview li').first().innerText())
      .toMatch(/^\d{4}-(01|03|09)-\d\d (09|1\d):\d\d:(00|05|10|15|20|25|30|35|40|45|50|55)$/);
    await page.screenshot({ path: screenshotPath('cron-editor.png') });

    // Typed text goes back into the modes; a wrong one gets a message and no crash.
    await expression().fill('0 15 10 ? * 6#3 *');
    await tab('周');
    expect(await editor().getByLabel('第几周').inputValue()).toBe('3');
    // 最后 (L), clicked: the last day of the month (the week gives way with '?').
    await expression().fill('0 0 12 * * ? *');
    await tab('日');
    await editor().getByText('本月最后一天（L）').click();
    await expect.poll(() => expression().inputValue()).toBe('0 0 12 L * ? *');
    await expression().fill('0 0 25 * * ?');
    await editor().getByText('时的取值须在0-23之间').waitFor();
    expect(
      await editor()
        .getByRole('button', { name: spaced('确定') })
        .isDisabled(),
    ).toBe(true);
    await expression().fill('* * * * * ?');
    await editor().locator('.zj-cron-preview li').nth(9).waitFor();
    await editor()
      .getByRole('button', { name: spaced('确定') })
      .click();
    await editor().waitFor({ state: 'hidden' });
    expect(await form.getByPlaceholder(/Cron表达式/).inputValue()).toBe('* * * * * ?');

    await form.getByLabel('任务名称').fill(NAME);
    await form.locator('.ant-form-item', { hasText: '任务处理器' }).locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '示例：写一行日志' })
      .click();
    await form.getByLabel('任务参数').fill('{"message":"浏览器"}');
    await form.getByRole('radio', { name: '运行' }).check();
    await form.getByRole('button', { name: spaced('确定') }).click();
    await toast('添加成功').waitFor();
    await row(NAME).waitFor();
  });

  it('the job fires every second and its runs show in 任务日志', async () => {
    await expect.poll(logCount, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await page.goto(`${h.baseUrl}/system/quartzJob`);
    await expect.poll(() => row(NAME).innerText()).toContain('运行');
    await row('示例任务').waitFor();
    await page.screenshot({ path: screenshotPath('quartz-jobs.png') });
    await row(NAME)
      .getByRole('button', { name: spaced('更多') })
      .click();
    await page.getByRole('menuitem', { name: '执行日志' }).click();
    // The log opens filtered to this job: its name in the query, no other job's runs.
    await page.waitForURL(`${h.baseUrl}/system/quartzJobLog?jobName=${encodeURIComponent(NAME)}`);
    await page.locator('.zj-list .ant-table-row', { hasText: '已写入日志：浏览器' }).first().waitFor();
    expect(await page.getByLabel('任务名称').inputValue()).toBe(NAME);
    const jobs = await page.locator('.zj-list .ant-table-row td:nth-child(2)').allInnerTexts();
    expect(new Set(jobs)).toEqual(new Set([NAME]));
    expect(await page.locator('.zj-list .ant-table-row', { hasText: NAME }).first().innerText()).toContain(
      '成功',
    );
  });

  it('停止 stops it; 立即执行 runs it once', async () => {
    await page.goto(`${h.baseUrl}/system/quartzJob`);
    await rowAction('停止', '确定停止该任务吗？');
    await expect.poll(() => row(NAME).innerText()).toContain('停止');
    await page.waitForTimeout(1_200);
    const stopped = await logCount();
    await page.waitForTimeout(2_000);
    expect(await logCount()).toBe(stopped);
    await rowAction('立即执行', '确定立即执行一次该任务吗？');
    await toast('执行成功').waitFor();
    expect(await logCount()).toBe(stopped + 1);
    expect(errorsOf(page)).toEqual([]);
  });
});
