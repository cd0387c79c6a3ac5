/**
 * One engine, one behaviour: the second half of the declared lists the admin's menu opens, checked
 * for the shared defaults (lists-defaults-check.ts; the first half in lists-defaults.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsOf, startHarness, type Harness } from './harness';
import { checkDeclaredLists } from './lists-defaults-check';
import { adminPage } from './render-list-helpers';

let h: Harness;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  page = await adminPage(h);
});
afterAll(async () => {
  await h?.close();
});

describe('every declared list the menu opens (second half)', () => {
  it('names its sort, offers its built-in buttons, keeps the widths and labels, and fits 1440 px', async () => {
    expect(await checkDeclaredLists(h, page, 1, 2)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
  }, 600_000); // About 60 screens, each also at 1280 px.
});
