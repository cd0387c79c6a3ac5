/**
 * Issue 32's acceptance module built in the designer: the admin makes 场地预订 in Online表单开发
 * only with the designer's controls (the field table and its opened rows, 页面设置, 表单规则; the
 * JSON view is never used), with a new child 预订设备 made inline and saved with it in one save,
 * generates its menu, and the same checks as the file module (booking-checks.ts) pass on the
 * designed screen; the designed declaration is then compared with the file's
 * (tests/browser/booking-module/*.json) on what makes the module.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, screenshotPath, signInFast, startHarness, type Harness } from './harness';
import { addInForm, approveThenLocked, refusals, type BookingModule } from './booking-checks';
import { designerKit } from './online-form-helpers';
import { apiCall, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;

const { drawer, toast, head, tab, pick, submit } = designerKit(() => admin);

const MODULE: BookingModule = {
  screen: '/online/cgformList/venueBooking',
  base: '/online/data/venueBooking',
  childBase: '/online/data/venueBookingItem',
  room: '预订测试厅',
};

/** A field as the admin sets it in one row of the field table (and its opened part). */
interface FieldSpec {
  name: string;
  title: string;
  /** 类型 (its label), when not 字符串. */
  type?: string;
  length?: number;
  required?: boolean;
  /** 字典: what to type, and the option's label. */
  dict?: [string, string];
  /** 控件 (its label). */
  widget?: string;
  form?: false;
  /** 引用表单: what to type, and the option's label. */
  reference?: [string, string];
  default?: string;
  min?: number;
  max?: number;
  uniqueInParent?: boolean;
}

const exact = (text: string) => new RegExp(`^${text.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')}$`);
const openOption = (text: string) =>
  admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: exact(text) }).last();

/** A select without search: opened, the option clicked. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await openOption(option).click();
}

/** A searchable select: opened, `search` typed, the option with exactly `option` clicked. */
async function search(scope: Locator, label: string, typed: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await admin.keyboard.type(typed);
  await openOption(option).click();
}

/** Sets row `n` (1-based) of the field table in `scope` (the drawer or the child's designer). */
async function designField(scope: Locator, n: number, f: FieldSpec): Promise<void> {
  const row = `第${n}行`;
  await scope.getByLabel(`${row}字段名`).fill(f.name);
  await scope.getByLabel(`${row}标题`).fill(f.title);
  if (f.type) await choose(scope, `${row}类型`, f.type);
  if (f.length) await scope.getByLabel(`${row}长度`).fill(String(f.length));
  if (f.required) await scope.getByLabel(`${row}必填`).check();
  if (f.dict) await search(scope, `${row}字典`, ...f.dict);
  if (f.widget) await search(scope, `${row}控件`, f.widget, f.widget);
  if (f.form === false) await scope.getByLabel(`${row}表单`).uncheck();
  const more = f.reference ?? f.default ?? f.min ?? f.max ?? f.uniqueInParent;
  if (more === undefined) return;
  await scope
    .locator('.ant-table-row-expand-icon')
    .nth(n - 1)
    .click();
  if (f.reference) await search(scope, `${row}引用表单`, ...f.reference);
  if (f.default) await scope.getByLabel(`${row}默认值`).fill(f.default);
  if (f.min !== undefined) await scope.getByLabel(`${row}最小值`).fill(String(f.min));
  if (f.max !== undefined) await scope.getByLabel(`${row}最大值`).fill(String(f.max));
  if (f.uniqueInParent) await scope.getByLabel(`${row}父内唯一`).check();
}

/** The booking's fields after the starter's first one (标题, a required like-queried string). */
const BOOKING_FIELDS: FieldSpec[] = [
  {
    name: 'roomId',
    title: '会议室',
    length: 32,
    required: true,
    reference: ['meetingRoom', 'meetingRoom（系统表单）'],
  },
  {
    name: 'priority',
    title: '优先级',
    length: 2,
    required: true,
    dict: ['priority', '优先级（priority）'],
    widget: '下拉框',
  },
  {
    name: 'applicant',
    title: '申请人',
    length: 64,
    required: true,
    dict: ['sys_user', '用户（按账号，sys_user）'],
    widget: '选择用户',
    default: '#{sysUserCode}',
  },
  { name: 'startTime', title: '开始时间', type: '日期时间', required: true },
  { name: 'endTime', title: '结束时间', type: '日期时间', required: true },
  { name: 'attendees', title: '人数', type: '整数', required: true, widget: '数字', min: 1, max: 200 },
  {
    name: 'status',
    title: '状态',
    length: 2,
    dict: ['approval_status', '审批状态（approval_status）'],
    widget: '下拉框',
    form: false,
    default: '1',
  },
];

/** A transition in 状态流转: from 1 (the starter's from is 0) to `to`. */
async function designTransition(n: number, name: string, title: string, to: string, confirm: string) {
  const t = `流转${n}`;
  await drawer()
    .getByRole('button', { name: spaced('新增流转') })
    .click();
  await drawer().getByLabel(`${t}名称`).fill(name);
  await drawer().getByLabel(`${t}标题`).fill(title);
  await pick(`${t}状态字段`, '状态（status）');
  const from = drawer().getByLabel(`${t}从`, { exact: true });
  await from.click();
  await admin.keyboard.press('Backspace');
  await admin.keyboard.type('1');
  await admin.keyboard.press('Enter');
  await drawer().getByLabel(`${t}到`).fill(to);
  await drawer().getByLabel(`${t}确认提示`).fill(confirm);
}

type Decl = Record<string, unknown> & { fields: Record<string, unknown>[] };

const FIELD_KEYS = [
  'name',
  'title',
  'type',
  'length',
  'required',
  'reference',
  'dict',
  'widget',
  'default',
  'min',
  'max',
  'form',
  'list',
  'query',
  'uniqueInParent',
];
/** What makes the module of a declaration: its fields' settings, rules, transitions and children. */
function moduleOf(d: Decl) {
  const fields = d.fields.map((f) =>
    Object.fromEntries(FIELD_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])),
  );
  const { title, table, kind, permissionPrefix, checks, rowAccess, transitions, children } = d;
  return { title, table, kind, permissionPrefix, fields, checks, rowAccess, transitions, children };
}
const fileDecl = (name: string) =>
  JSON.parse(fs.readFileSync(`tests/browser/booking-module/${name}.json`, 'utf8')) as Decl;
const served = async (name: string) =>
  (await apiCall<{ declaration: Decl }>(admin, 'GET', `/online/cgform/api/declaration/${name}`)).result
    .declaration;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.newPage({ width: 1440, height: 900 });
  admin.setDefaultTimeout(15_000);
  await signInFast(admin, h.baseUrl, { username: 'admin', password: ADMIN_PASSWORD, tenantId: 1 });
  const room = await apiCall(admin, 'POST', '/meeting/room/add', { name: MODULE.room, capacity: 30 });
  expect(room, JSON.stringify(room)).toMatchObject({ success: true });
}, 240_000);
afterAll(async () => {
  await h?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await admin?.screenshot({ path: '.tmp/booking-designed-fail.png' }).catch(() => undefined);
});

describe('场地预订 built in the designer', () => {
  it('builds the module with the designer controls only and saves it with its new child in one save', async () => {
    await admin.goto(`${h.baseUrl}/online/cgform`);
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新建表单') })
      .click();
    await drawer().getByLabel('第1行字段名').waitFor();

    // 字段: the starter's first row becomes 主题 (it is already required and queried by like).
    await designField(drawer(), 1, { name: 'subject', title: '主题', length: 50 });
    await drawer().locator('.ant-table-row-expand-icon').nth(0).click();
    await pick('第1行查询规则', '模糊匹配');
    for (const [i, f] of BOOKING_FIELDS.entries()) {
      await drawer()
        .getByRole('button', { name: spaced('新增字段') })
        .click();
      await designField(drawer(), i + 2, f);
    }

    await tab('页面设置');
    await drawer().getByLabel('表单名称').fill('venueBooking');
    await drawer().getByLabel('表单标题').fill('场地预订');
    await drawer().getByLabel('表单表名').fill('biz_venue_booking');
    expect(await drawer().getByLabel('表单接口路径').inputValue()).toBe('/online/data/venueBooking');
    await pick('列表类型', 'ERP');
    await designTransition(1, 'approve', '通过', '2', '确定通过该预订吗?');
    await designTransition(2, 'reject', '驳回', '3', '确定驳回该预订吗?');
    await drawer()
      .getByLabel('可编辑条件条件')
      .getByRole('button', { name: spaced('添加条件') })
      .click();
    await pick('可编辑条件条件1字段', '状态（status）');
    await drawer().getByLabel('可编辑条件条件1值').fill('1');
    await drawer().getByLabel('不可编辑时提示').fill('已审批的预订不能修改');

    // 子表: a new child made inline, designed in its own designer, saved with the parent.
    await drawer()
      .getByRole('button', { name: spaced('新建子表') })
      .click();
    const made = admin.getByRole('dialog', { name: '新建子表（一对多）' });
    expect(await made.getByLabel('新子表名称').inputValue()).toBe('venueBookingItem');
    await made.getByLabel('新子表标题').fill('预订设备');
    await made.getByLabel('新子表表名').fill('biz_venue_booking_item');
    await made.getByLabel('新子表外键字段').fill('bookingId');
    await made.getByRole('button', { name: spaced('创建') }).click();
    const child = admin.getByRole('dialog', { name: '设计子表：预订设备' });
    await designField(child, 1, { name: 'bookingId', title: '预订', required: true });
    await designField(child, 2, { name: 'item', title: '设备', length: 40, uniqueInParent: true });
    await child.getByRole('button', { name: spaced('新增字段') }).click();
    await designField(child, 3, {
      name: 'qty',
      title: '数量',
      type: '整数',
      widget: '数字',
      min: 1,
      max: 20,
    });
    await child.getByRole('button', { name: spaced('完成') }).click();
    await child.waitFor({ state: 'hidden' });
    await drawer().getByLabel('子表1标题').fill('设备');

    // 表单规则 → 校验规则: 结束时间 大于 字段 开始时间, told at 结束时间.
    await tab('表单规则');
    await drawer()
      .getByRole('button', { name: spaced('新增校验') })
      .click();
    await pick('校验1须满足条件1字段', '结束时间（endTime）');
    await choose(drawer(), '校验1须满足条件1运算', '大于');
    await choose(drawer(), '校验1须满足条件1比较对象', '字段');
    await pick('校验1须满足条件1比较字段', '开始时间（startTime）');
    await drawer().getByLabel('校验1提示', { exact: true }).fill('结束时间必须晚于开始时间');
    await pick('校验1提示字段', '结束时间（endTime）');

    await tab('字段');
    await drawer().getByLabel('第8行字段名').waitFor();
    await admin.screenshot({ path: screenshotPath('online-form-booking-module.png') });
    await expect
      .poll(() => admin.getByLabel('一并保存的子表').innerText())
      .toContain('预订设备（venueBookingItem）');
    await submit('场地预订首版');
    await toast('保存成功：场地预订（版本 1），预订设备（版本 1）').waitFor();
  }, 240_000);

  it('generates the menu under 在线开发; the screen opens at its path', async () => {
    const booking = head('venueBooking').filter({
      has: admin.getByRole('cell', { name: 'venueBooking', exact: true }),
    });
    await booking.getByText('生成菜单').click();
    const dialog = admin.getByRole('dialog', { name: '生成菜单' });
    await dialog.locator('.ant-select').first().click();
    await admin.keyboard.type('在线开发');
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '在线开发' }).first().click();
    await dialog.getByLabel('菜单名称').fill('场地预订');
    await dialog.getByRole('button', { name: spaced('确定') }).click();
    await toast('菜单已生成').waitFor();
    // After a reload the menu holds 场地预订 under 在线开发, and it opens the designed screen.
    await admin.reload();
    const menu = admin.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('在线开发', { exact: true }).waitFor();
    const item = menu.locator('.ant-menu-item', { hasText: '场地预订' });
    if (!(await item.isVisible())) await menu.getByText('在线开发', { exact: true }).click();
    await item.click();
    await admin.waitForURL((url) => url.pathname === MODULE.screen);
    await admin.reload();
    await admin
      .locator('.zj-list__toolbar')
      .getByRole('button', { name: spaced('新增') })
      .first()
      .waitFor();
  });

  it('adds in the form: the applicant is the user, numbers and the time range are told, the room picked by name', async () => {
    await addInForm(admin, MODULE, '年度总结会');
  });

  it('refuses an orphan child, a value outside the dictionary, a missing room, a number out of range, a repeated item', async () => {
    await refusals(admin, MODULE, '年度总结会');
  });

  it('approved, the booking can no longer be edited: the link goes and the server refuses', async () => {
    await approveThenLocked(admin, MODULE, '年度总结会');
  });

  it('is the same module as the file', async () => {
    const parent = await served('venueBooking');
    const item = await served('venueBookingItem');
    expect(parent.basePath).toBe('/online/data/venueBooking');
    expect(item.basePath).toBe('/online/data/venueBookingItem');
    expect(moduleOf(parent)).toEqual(moduleOf(fileDecl('venue-booking')));
    expect(moduleOf(item)).toEqual(moduleOf(fileDecl('venue-booking-item')));
  });
});
