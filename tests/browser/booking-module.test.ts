/**
 * Issue 32's acceptance module as a file: 场地预订 (tests/browser/booking-module/*.json) loaded by
 * the server beside schemas/ (SCHEMAS_DIR), its menu made at start, the browser reading the
 * declaration from the server as it does a designed one. The checks are shared with the module
 * built in the designer (booking-checks.ts).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signInFast, startHarness, type Harness } from './harness';
import { addInForm, approveThenLocked, refusals, type BookingModule } from './booking-checks';
import { apiCall } from './render-list-helpers';

let h: Harness;
let page: Page;

const MODULE: BookingModule = {
  screen: '/online/venueBooking',
  base: '/test/venueBooking',
  childBase: '/test/venueBookingItem',
  room: '预订测试厅',
};

beforeAll(async () => {
  const saved = process.env.SCHEMAS_DIR;
  process.env.SCHEMAS_DIR = ['schemas', 'tests/browser/booking-module'].join(path.delimiter);
  try {
    h = await startHarness();
  } finally {
    if (saved === undefined) delete process.env.SCHEMAS_DIR;
    else process.env.SCHEMAS_DIR = saved;
  }
  page = await h.newPage({ width: 1440, height: 900 });
  page.setDefaultTimeout(15_000);
  await signInFast(page, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, target: MODULE.screen });
  const room = await apiCall(page, 'POST', '/meeting/room/add', { name: MODULE.room, capacity: 30 });
  expect(room, JSON.stringify(room)).toMatchObject({ success: true });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await page?.screenshot({ path: '.tmp/booking-module-fail.png' }).catch(() => undefined);
});

describe('场地预订 as a file', () => {
  it('adds in the form: the applicant is the user, numbers and the time range are told, the room picked by name', async () => {
    await addInForm(page, MODULE, '年度总结会');
  });

  it('refuses an orphan child, a value outside the dictionary, a missing room, a number out of range, a repeated item', async () => {
    await refusals(page, MODULE, '年度总结会');
  });

  it('approved, the booking can no longer be edited: the link goes and the server refuses', async () => {
    await approveThenLocked(page, MODULE, '年度总结会');
  });
});
