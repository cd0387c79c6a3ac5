/**
 * The issue 32 acceptance checks of the 场地预订 module (tests/browser/booking-module/*.json), shared
 * by the module as a file (booking-module.test.ts) and as built in the designer: what a user sees
 * in the form (the applicant defaulting to them, a number's and the time range's messages, the
 * reference picked by its title) and each refusal, in the browser and through the API (an orphan
 * child, a value outside the dictionary, an approved record edited, a repeated child through the
 * child's own route, an out-of-range number).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall, openOption, spaced } from './render-list-helpers';

export interface BookingModule {
  /** The list screen's address, e.g. /online/venueBooking. */
  screen: string;
  /** API base paths of the booking and of its child. */
  base: string;
  childBase: string;
  /** A 会议室 the booking may name (its title). */
  room: string;
}

interface Booking {
  id: string;
  subject: string;
  status: string;
  rowVersion: number;
}

const formItem = (d: Locator, label: string) => d.locator('.ant-form-item', { hasText: label });

async function pickDateTime(d: Locator, label: string, value: string): Promise<void> {
  const input = formItem(d, label).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The form's message under a field, after a save attempt. */
async function fieldError(d: Locator, label: string, message: string): Promise<void> {
  await formItem(d, label).locator('.ant-form-item-explain-error', { hasText: message }).waitFor();
}

async function bookingBy(page: Page, m: BookingModule, subject: string): Promise<Booking> {
  const answer = await apiCall<{ records: Booking[] }>(
    page,
    'GET',
    `${m.base}/list?subject=${encodeURIComponent(subject)}`,
  );
  const found = answer.result.records.find((r) => r.subject === subject);
  if (!found) throw new Error(`no booking ${subject}`);
  return found;
}

/** Adds a booking in the form, meeting the number and time-range messages on the way. */
export async function addInForm(page: Page, m: BookingModule, subject: string): Promise<void> {
  await page.goto(`${page.url().replace(/(https?:\/\/[^/]+).*/, '$1')}${m.screen}`);
  await page.locator('.zj-list').first().waitFor();
  await page
    .locator('.zj-list')
    .getByRole('button', { name: spaced('新增') })
    .first()
    .click();
  const d = page.getByRole('dialog', { name: '新增' });
  await d.getByLabel('主题').waitFor();
  // The applicant defaults to the signed-in user before any save (#{sysUserCode}).
  await expect.poll(() => d.getByLabel('申请人').inputValue()).toBe('管理员');
  await d.getByLabel('主题').fill(subject);
  await d.getByLabel('会议室').click();
  await page.keyboard.type(m.room);
  await openOption(page, m.room).click();
  await d.getByLabel('优先级').click();
  await openOption(page, '高').click();
  await pickDateTime(d, '开始时间', '2026-12-20 10:00:00');
  await pickDateTime(d, '结束时间', '2026-12-20 09:00:00');
  // Out of range and not whole: told under the field, nothing rounded or cut.
  for (const [typed, message] of [
    ['0', '人数不可以小于1'],
    ['201', '人数不可以大于200'],
    ['1.5', '人数必须是整数'],
  ] as const) {
    await d.getByLabel('人数').fill(typed);
    await d.getByRole('button', { name: spaced('确定') }).click();
    await fieldError(d, '人数', message);
    expect(await d.getByLabel('人数').inputValue()).toBe(typed);
  }
  await d.getByLabel('人数').fill('12');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await fieldError(d, '结束时间', '结束时间必须晚于开始时间');
  await pickDateTime(d, '结束时间', '2026-12-20 11:30:00');
  await d.getByRole('button', { name: spaced('确定') }).click();
  await d.waitFor({ state: 'hidden' });
  await page.locator('.zj-list .ant-table-row', { hasText: subject }).waitFor();
  await expect
    .poll(() => page.locator('.zj-list .ant-table-row', { hasText: subject }).innerText())
    .toMatch(new RegExp(`${m.room}[\\s\\S]*高[\\s\\S]*管理员`));
}

/** Each refusal through the API, with its words. */
export async function refusals(page: Page, m: BookingModule, subject: string): Promise<void> {
  const booking = await bookingBy(page, m, subject);
  const valid = await apiCall<{ roomId: string }>(page, 'GET', `${m.base}/queryById?id=${booking.id}`);
  const body = {
    subject: `${subject}-接口`,
    roomId: valid.result.roomId,
    priority: 'M',
    applicant: 'admin',
    startTime: '2026-12-21 10:00:00',
    endTime: '2026-12-21 11:00:00',
    attendees: 10,
  };
  for (const [change, message] of [
    [{ priority: 'ZZ' }, '优先级的值不在字典中：ZZ'],
    [{ roomId: 'spaceship' }, '未找到所选的会议室'],
    [{ attendees: 201 }, '人数不可以大于200'],
    [{ endTime: '2026-12-21 09:00:00' }, '结束时间必须晚于开始时间'],
  ] as const) {
    const answer = await apiCall(page, 'POST', `${m.base}/add`, { ...body, ...change });
    expect(answer, JSON.stringify(change)).toMatchObject({ success: false, message });
  }
  // The child's own route: a row of a booking that does not exist, and an item twice in one booking.
  const orphan = await apiCall(page, 'POST', `${m.childBase}/add`, {
    bookingId: 'nope',
    item: '投影仪',
    qty: 1,
  });
  expect(orphan).toMatchObject({ success: false, message: '未找到所选的预订' });
  const first = await apiCall(page, 'POST', `${m.childBase}/add`, {
    bookingId: booking.id,
    item: '投影仪',
    qty: 1,
  });
  expect(first, JSON.stringify(first)).toMatchObject({ success: true });
  const twice = await apiCall(page, 'POST', `${m.childBase}/add`, {
    bookingId: booking.id,
    item: '投影仪',
    qty: 2,
  });
  expect(twice).toMatchObject({ success: false, message: expect.stringContaining('设备') });
}

/** 通过 in the list: the row's 编辑 goes, and an edit through the API is refused with the state rule's words. */
export async function approveThenLocked(page: Page, m: BookingModule, subject: string): Promise<void> {
  const row = page.locator('.zj-list .ant-table-row', { hasText: subject });
  await expect.poll(() => row.getByText('编辑').count()).toBe(1);
  await row.getByText('通过').click();
  // A row link's confirmation is a pop-up confirm beside it.
  await page
    .locator('.ant-popconfirm', { hasText: '确定通过该预订吗?' })
    .getByRole('button', { name: spaced('确定') })
    .click();
  await expect.poll(() => row.innerText()).toContain('已通过');
  await expect.poll(() => row.getByText('编辑').count()).toBe(0);
  const booking = await bookingBy(page, m, subject);
  const edit = await apiCall(page, 'PUT', `${m.base}/edit`, {
    id: booking.id,
    rowVersion: booking.rowVersion,
    subject: `${subject}（改）`,
  });
  expect(edit).toMatchObject({ success: false, message: '已审批的预订不能修改' });
}
