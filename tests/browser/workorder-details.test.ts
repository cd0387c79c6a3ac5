/**
 * 工单详情 (docs/modules/workorder.md, "Details page"): the admin launches an order for zhaolei with a
 * participant and an attachment; zhaolei opens it by its address, sees the header, content and
 * sub-orders, accepts it with a note (the timeline grows), adds a note with a file (shown and
 * downloaded by the name it was uploaded with, 维修记录.txt) and a sub-order he
 * then finishes; the launcher sees his own actions (关闭, 撤回, 催办) but not 接收, an overdue order
 * marked 已逾期, and his 催办 reaches zhaolei; a closed order has no 添加动态 box; an unknown id says so.
 */
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  dismissNotifications,
  screenshotPath,
  signIn,
  STAFF_PASSWORD,
  startHarness,
  type Harness,
} from './harness';
import { addRows, adminPage, apiCall, spaced } from './render-list-helpers';

let h: Harness;
let admin: Page;
let user: Page;
let orderId = '';
let closedId = '';

const TITLE = '三号楼贵宾接待室空调异响检修';
const CLOSED_TITLE = '一楼大厅指示牌更换';
const DETAILS = '/HomePage/DistributedDetails/details';

/** YYYY-MM-DD `days` from today in the app's time zone (UTC+8). */
function day(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000 + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Uploads a small PDF as the signed-in page would; answers the stored path. */
async function uploadPdf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const read = (key: string) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: unknown }).value;
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 报修单'], { type: 'application/pdf' }), '报修单.pdf');
    form.append('biz', 'workOrder');
    const res = await fetch('/api/sys/common/upload', {
      method: 'POST',
      headers: {
        'X-Access-Token': String(read('Access-Token')),
        'tenant-id': String(read('TENANT_ID') || '0'),
      },
      body: form,
    });
    return ((await res.json()) as { message: string }).message;
  });
}

async function idOf(page: Page, title: string): Promise<string> {
  const answer = await apiCall<{ records: { id: string }[] }>(
    page,
    'GET',
    `/sys/workOrder/list?type=2&title=${encodeURIComponent(title)}`,
  );
  return answer.result.records[0].id;
}

async function pickUser(page: Page, form: Locator, label: string, depart: string, username: string) {
  await form.getByLabel(label).click();
  const picker = page.getByRole('dialog', { name: '选择用户' });
  await picker.locator('.ant-tree-title', { hasText: new RegExp(`^${depart}$`) }).click();
  await picker.locator('.ant-table-row', { hasText: username }).click();
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await picker.waitFor({ state: 'detached' });
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const statusTag = (page: Page) => page.locator('.wo-details__status');
const entries = (page: Page) => page.locator('.wo-timeline__entry');
const action = (page: Page, name: string) => page.locator(`.wo-details__actions .zj-transition--${name}`);

beforeAll(async () => {
  h = await startHarness();
  admin = await adminPage(h);
  const attachment = await uploadPdf(admin);
  expect(attachment).toMatch(/^workOrder\/.+\.pdf$/);
  // The order's project: a customer's project the launcher may see (the server checks it).
  await addRows(admin, '/sys/customer', [{ name: '西湖国宾接待中心', code: 'XHGB', level: 'M' }]);
  const customers = await apiCall<{ records: { id: string }[] }>(
    admin,
    'GET',
    '/sys/customer/list?code=XHGB',
  );
  await addRows(admin, '/sys/project', [
    {
      name: '贵宾接待楼改造',
      code: 'GB-2026',
      customerId: customers.result.records[0]!.id,
      category: '1',
      planStart: day(0),
      planEnd: day(60),
    },
  ]);
  const projects = await apiCall<{ records: { id: string }[] }>(
    admin,
    'GET',
    '/sys/project/list?code=GB-2026',
  );
  await addRows(admin, '/sys/workOrder', [
    {
      title: TITLE,
      orderType: '3',
      priority: '3',
      charge: 'zhaolei',
      participants: 'huangmin',
      deadline: day(2),
      projectId: projects.result.records[0]!.id,
      content: '<p>接待室空调运行时有<strong>明显异响</strong>，周四有贵宾来访，请提前检修。</p>',
      attachments: attachment,
    },
    { title: CLOSED_TITLE, orderType: '4', priority: '1', charge: 'zhaolei', deadline: day(5) },
  ]);
  orderId = await idOf(admin, TITLE);
  closedId = await idOf(admin, CLOSED_TITLE);
  expect(await apiCall(admin, 'PUT', '/sys/workOrder/close', { id: closedId })).toMatchObject({
    success: true,
  });
});
afterAll(async () => {
  await h?.close();
});
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await admin?.screenshot({ path: '.tmp/workorder-details-fail-admin.png' }).catch(() => undefined);
    await user?.screenshot({ path: '.tmp/workorder-details-fail-user.png' }).catch(() => undefined);
  }
});

describe('work-order details', () => {
  it('shows the person in charge the order, who accepts it, adds a note with a file and a sub-order', async () => {
    // Tall enough for the whole page in one picture (docs/screenshots/workorder-details.png).
    user = await h.newPage({ height: 1300 });
    user.setDefaultTimeout(15_000);
    await signIn(user, h.baseUrl, { username: 'zhaolei', password: STAFF_PASSWORD });
    // A sub-order handed to the participant, so the table has a row.
    expect(
      await apiCall(user, 'POST', '/sys/workOrderSub/add', {
        orderId,
        title: '联系厂家确认配件',
        handler: 'huangmin',
        deadline: day(1),
      }),
    ).toMatchObject({ success: true });
    await user.goto(`${h.baseUrl}${DETAILS}?id=${orderId}`);
    await user.locator('.wo-details__title h2', { hasText: TITLE }).waitFor();
    expect(await statusTag(user).innerText()).toBe('待接收');
    const facts = await user.locator('.wo-details__facts').innerText();
    expect(facts).toMatch(/工单编号\s*WO\d{8}-\d{4}/);
    for (const fact of [
      /工单类型\s*设备维修/,
      /紧急程度\s*紧急/,
      /负责人\s*赵磊/,
      /发起人\s*管理员/,
      /参与人\s*黄敏/,
    ])
      expect(facts).toMatch(fact);
    expect(facts).toContain(day(2));
    expect(facts).toMatch(/所属项目\s*贵宾接待楼改造/);
    expect(facts).not.toContain('已逾期');
    // The content, cleaned, with its attachment as a download link.
    await user.locator('.wo-details__content strong', { hasText: '明显异响' }).waitFor();
    const attachment = user.locator('.wo-details__content a[href*="/sys/common/static/workOrder/"]');
    expect(await attachment.count()).toBe(1);
    // Shown by the name it was uploaded with, not its random stored name (issue 33, item 3).
    await expect.poll(() => attachment.innerText()).toBe('报修单.pdf');
    // The sub-order table: the declared columns, and 新增 for the person in charge.
    const sub = user.locator('.wo-details__subs .ant-table-row', { hasText: '联系厂家确认配件' });
    await expect.poll(() => sub.innerText()).toMatch(/黄敏[\s\S]*待处理/);
    expect(
      await user
        .locator('.wo-details__subs')
        .getByRole('button', { name: spaced('新增') })
        .count(),
    ).toBe(1);
    // Only the person in charge's change from 待接收; none of the launcher's.
    await action(user, 'accept').waitFor();
    expect(await user.locator('.wo-details__actions button').count()).toBe(1);
    expect(await entries(user).count()).toBe(1);

    await action(user, 'accept').click();
    const confirm = user.getByRole('dialog', { name: '接收工单' });
    await confirm.getByText('确定接收该工单吗?').waitFor();
    await confirm.getByLabel('处理意见').fill('今天下午带配件上门');
    await confirm.getByRole('button', { name: spaced('确定') }).click();
    await toast(user, '已接收！').waitFor();
    await expect.poll(() => statusTag(user).innerText()).toBe('处理中');
    await action(user, 'finish').waitFor();
    await expect.poll(() => entries(user).count()).toBe(2);
    expect(await entries(user).nth(1).innerText()).toMatch(
      /赵磊\s*接收[\s\S]*待接收[\s\S]*处理中[\s\S]*今天下午带配件上门/,
    );

    // An empty note is refused with the server's words; a note with a file lands on the timeline.
    const box = user.locator('.wo-note');
    await box.getByRole('button', { name: spaced('提交') }).click();
    await box.getByText('请填写处理内容或上传附件').waitFor();
    await box.getByLabel('添加动态').fill('已到现场，风机轴承磨损，需更换');
    await box.locator('input[type=file]').setInputFiles({
      name: '维修记录.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('风机轴承磨损，需更换'),
    });
    await box.locator('.ant-upload-list-item-done').first().waitFor();
    expect(await box.locator('.ant-upload-list-item-done .ant-upload-list-item-name').innerText()).toBe(
      '维修记录.txt',
    );
    await box.getByRole('button', { name: spaced('提交') }).click();
    await toast(user, '保存成功！').waitFor();
    await expect.poll(() => entries(user).count()).toBe(3);
    const note = entries(user).nth(2);
    expect(await note.innerText()).toMatch(/赵磊\s*处理记录[\s\S]*已到现场，风机轴承磨损，需更换/);
    // The note's file by its uploaded name, downloaded under it (RFC 5987 filename* for Chinese).
    const file = note.locator('a[href*="/sys/common/static/workOrder/"]');
    expect(await file.count()).toBe(1);
    await expect.poll(() => file.innerText()).toBe('维修记录.txt');
    const href = (await file.getAttribute('href'))!;
    expect(href).toMatch(/\/workOrder\/\d+_[0-9a-f]{16}\.txt$/);
    const download = await fetch(`${h.baseUrl}${href}`);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('维修记录.txt')}`,
    );
    await expect.poll(() => box.getByLabel('添加动态').inputValue()).toBe('');

    // A sub-order through the declared form (the order is fixed, not asked); finishing it is a timeline entry.
    const subs = user.locator('.wo-details__subs');
    await subs.getByRole('button', { name: spaced('新增') }).click();
    const form = user.getByRole('dialog', { name: '新增' });
    await form.getByLabel('子工单标题').fill('更换风机轴承');
    expect(await form.getByLabel('所属工单').count()).toBe(0);
    await pickUser(user, form, '处理人', '技术部', 'zhaolei');
    await form.getByLabel('截止日期').fill(day(1));
    await form.getByLabel('截止日期').press('Enter');
    await form
      .locator('.ant-modal-footer')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await toast(user, '添加成功！').waitFor();
    const mine = subs.locator('.ant-table-row', { hasText: '更换风机轴承' });
    await mine.locator('.zj-transition--finish').click();
    await user
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('确定') })
      .click();
    await expect.poll(() => mine.innerText()).toContain('已完成');
    await expect.poll(() => entries(user).count()).toBe(4);
    expect(await entries(user).nth(3).innerText()).toMatch(
      /赵磊\s*子工单完成[\s\S]*子工单“更换风机轴承”已完成/,
    );
    await dismissNotifications(user).catch(() => undefined);
    // The two toasts would cover the header in the picture.
    await user.addStyleTag({ content: '.ant-message { display: none !important; }' });
    await user.mouse.move(0, 0);
    await user.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await user.screenshot({ path: screenshotPath('workorder-details.png') });
  });

  it('gives the launcher his own actions and 催办, which reaches the person in charge', async () => {
    // A day later than planned: the order is overdue now.
    await sql`update biz_work_order set deadline = ${day(-1)} where id = ${orderId}`.execute(
      h.server.database.db,
    );
    await admin.goto(`${h.baseUrl}${DETAILS}?id=${orderId}`);
    await admin
      .locator('.wo-details__deadline', { hasText: day(-1) })
      .getByText('已逾期')
      .waitFor();
    await action(admin, 'close').waitFor();
    await action(admin, 'withdraw').waitFor();
    expect(await action(admin, 'accept').count()).toBe(0);
    expect(await action(admin, 'finish').count()).toBe(0);
    // Not the person in charge: no sub-order management, but a note is still his to add.
    expect(
      await admin
        .locator('.wo-details__subs')
        .getByRole('button', { name: spaced('新增') })
        .count(),
    ).toBe(0);
    await admin.locator('.wo-note').waitFor();

    await admin.locator('.wo-details__urge').click();
    const urge = admin.getByRole('dialog', { name: '催办工单' });
    await urge.getByText('催办对象：赵磊').waitFor();
    await urge.getByRole('button', { name: spaced('确定') }).click();
    await toast(admin, '催办成功').waitFor();
    const reminder = user.getByRole('dialog', { name: '消息提醒' });
    await reminder.waitFor({ timeout: 20_000 });
    await reminder.getByText(`工单催办：${TITLE}`).waitFor();
  });

  it('shows a closed order without the note box, and says when an order does not exist', async () => {
    await admin.goto(`${h.baseUrl}${DETAILS}?id=${closedId}`);
    await admin.locator('.wo-details__title h2', { hasText: CLOSED_TITLE }).waitFor();
    expect(await statusTag(admin).innerText()).toBe('已关闭');
    await action(admin, 'reopen').waitFor();
    expect(await admin.locator('.wo-note').count()).toBe(0);
    expect(await admin.locator('.wo-details__urge').count()).toBe(0);
    await expect.poll(() => entries(admin).count()).toBe(2);

    await admin.goto(`${h.baseUrl}${DETAILS}?id=no-such-order`);
    await admin.getByText('工单不存在或已被删除').waitFor();
    await admin.getByRole('button', { name: spaced('返回') }).waitFor();
  });
});
