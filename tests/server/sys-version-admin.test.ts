import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextUpgradeWindow, reminderContent } from '../../server/db/seed/versions.js';
import { ReminderMessages } from '../../server/sys/version-admin/routes.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

interface Version {
  id: string;
  versionNumber: string;
  versionTime: string;
  remarks: string;
}

interface Reminder {
  id: string;
  status: string;
  status_dictText: string;
  content: string;
  updateBy: string | null;
}

let ctx: TestContext;
let admin: string;
let staff: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin', TEST_ADMIN_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const listAll = async (token = staff) =>
  (await api<Version[]>(ctx, 'GET', '/sys/version/listAll?pageNo=1&pageSize=200', { token })).result!;
const reminder = async (token = staff) =>
  (await api<{ status: string; content: string }>(ctx, 'GET', '/sys/version/queryReminder', { token }))
    .result!;
const editReminder = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'PUT', '/sys/versionReminder/edit', { token, payload });
const addVersion = (payload: Record<string, unknown>, token = admin) =>
  api(ctx, 'POST', '/sys/version/add', { token, payload });

describe('the banner and the version log tell one story', () => {
  it('the version the banner announces is the newest entry of the log, dated the day it names', async () => {
    const banner = await reminder();
    expect(banner.status).toBe('1');
    const announced = /升级到 (v\d+\.\d+\.\d+)/.exec(banner.content)?.[1];
    const day = /(\d{1,2})月(\d{1,2})日（周六）22:00/.exec(banner.content);
    const log = await listAll();
    expect(announced).toBe(log[0].versionNumber);
    const [, month, date] = /^\d{4}-(\d{2})-(\d{2}) 22:00:00$/.exec(log[0].versionTime)!;
    expect([Number(day![1]), Number(day![2])]).toEqual([Number(month), Number(date)]);
    // The older releases are behind it, oldest last.
    expect(log.map((v) => v.versionNumber)).toEqual(['v1.3.0', 'v1.2.0', 'v1.1.0', 'v1.0.0']);
  });

  it('the upgrade window is the coming Saturday 22:00 in Beijing time', () => {
    // Friday 2026-11-20 10:00 Beijing -> Saturday 2026-11-21 22:00 Beijing (14:00 UTC).
    expect(nextUpgradeWindow(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe(
      '2026-11-21T14:00:00.000Z',
    );
    // Saturday before 22:00: the same evening; after it: a week later.
    expect(nextUpgradeWindow(new Date('2026-11-21T13:00:00Z')).toISOString()).toBe(
      '2026-11-21T14:00:00.000Z',
    );
    expect(nextUpgradeWindow(new Date('2026-11-21T15:00:00Z')).toISOString()).toBe(
      '2026-11-28T14:00:00.000Z',
    );
    expect(reminderContent(new Date('2026-11-21T14:00:00Z'))).toMatch(
      /^系统将于11月21日（周六）22:00 至 24:00 升级到 v1\.3\.0/,
    );
  });
});

describe('versions (generated routes over sys_version)', () => {
  it('adds a version that the header log lists at once', async () => {
    expect(
      await addVersion({
        versionNumber: 'v1.3.1',
        versionTime: '2099-01-02 22:00:00',
        remarks: '修复若干问题。',
      }),
    ).toMatchObject({ success: true, message: '添加成功！' });
    const log = await listAll();
    expect(log[0]).toMatchObject({ versionNumber: 'v1.3.1', versionTime: '2099-01-02 22:00:00' });
  });

  it('refuses a duplicate number, a malformed one and a missing text', async () => {
    expect(
      await addVersion({ versionNumber: 'v1.2.0', versionTime: '2021-01-01 00:00:00', remarks: '重复' }),
    ).toMatchObject({
      success: false,
      message: '版本号：该值不可用，系统中已存在！',
    });
    expect(
      await addVersion({ versionNumber: '一点三', versionTime: '2021-01-01 00:00:00', remarks: '格式' }),
    ).toMatchObject({
      success: false,
      message: '版本号格式如 v1.3.0',
    });
    expect((await addVersion({ versionNumber: 'v9.9.9', versionTime: '2021-01-01 00:00:00' })).success).toBe(
      false,
    );
    expect((await listAll()).map((v) => v.versionNumber)).not.toContain('v9.9.9');
  });

  it('edits and lists for the admin; staff read only the log', async () => {
    const page = await api<Page<Version>>(ctx, 'GET', '/sys/version/list?versionNumber=v1.3.1', {
      token: admin,
    });
    const { id } = page.result!.records[0];
    expect(
      await api(ctx, 'PUT', '/sys/version/edit', {
        token: admin,
        payload: { id, remarks: '修复登录问题。' },
      }),
    ).toMatchObject({ success: true });
    expect((await listAll())[0].remarks).toBe('修复登录问题。');
    expect(await api(ctx, 'GET', '/sys/version/list', { token: staff })).toMatchObject(NO_PERMISSION);
    expect(
      await addVersion({ versionNumber: 'v8.0.0', versionTime: '2021-01-01 00:00:00', remarks: 'x' }, staff),
    ).toMatchObject(NO_PERMISSION);
  });

  it('versionNumberCheck answers like the duplicate check, on both paths, to who fills the form', async () => {
    for (const path of ['/sys/duplicate/versionNumberCheck', '/sys/version/versionNumberCheck']) {
      // Whether a number exists is for the people who add or edit versions, not everyone.
      expect(await api(ctx, 'GET', `${path}?versionNumber=v1.2.0`, { token: staff })).toMatchObject({
        code: 510,
      });
      expect(await api(ctx, 'GET', `${path}?versionNumber=v1.2.0`, { token: admin })).toMatchObject({
        success: false,
        message: '该值不可用，系统中已存在！',
      });
      expect(await api(ctx, 'GET', `${path}?versionNumber=v7.0.0`, { token: admin })).toMatchObject({
        success: true,
        message: '该值可用！',
      });
      expect(await api(ctx, 'GET', path, { token: admin })).toMatchObject({
        success: true,
        code: 500,
        message: '数据为空,不作处理！',
      });
    }
    // Editing a version keeps its own number: checked with the row's id, it is free.
    const page = await api<Page<Version>>(ctx, 'GET', '/sys/version/list?versionNumber=v1.2.0', {
      token: admin,
    });
    const { id } = page.result!.records[0];
    expect(
      await api(ctx, 'GET', `/sys/duplicate/versionNumberCheck?fieldVal=v1.2.0&dataId=${id}`, {
        token: admin,
      }),
    ).toMatchObject({ success: true });
    expect(
      (await ctx.call({ method: 'GET', url: '/api/sys/duplicate/versionNumberCheck?versionNumber=v1' }))
        .status,
    ).toBe(401);
  });
});

describe('the release reminder', () => {
  it('is one row the admin reads with its status text', async () => {
    const page = await api<Page<Reminder>>(ctx, 'GET', '/sys/versionReminder/list', { token: admin });
    expect(page.result!.total).toBe(1);
    expect(page.result!.records[0]).toMatchObject({ id: '1', status: '1', status_dictText: '启用' });
    expect(await api(ctx, 'GET', '/sys/versionReminder/queryById?id=1', { token: admin })).toMatchObject({
      success: true,
      result: { id: '1', status: '1' },
    });
    expect(await api(ctx, 'GET', '/sys/versionReminder/queryById?id=2', { token: admin })).toMatchObject({
      success: false,
      message: ReminderMessages.notFound,
    });
  });

  it('switching it off hides the banner; a new text shows at once', async () => {
    expect(await editReminder({ id: '1', status: '0' })).toMatchObject({
      success: true,
      message: '编辑成功！',
    });
    expect((await reminder()).status).toBe('0');
    const content = '系统将于12月5日（周六）22:00 至 24:00 升级到 v1.3.1，请提前保存正在编辑的内容。';
    expect(await editReminder({ id: '1', status: '1', content })).toMatchObject({ success: true });
    expect(await reminder()).toEqual({ status: '1', content });
    const page = await api<Page<Reminder>>(ctx, 'GET', '/sys/versionReminder/list', { token: admin });
    expect(page.result!.records[0]).toMatchObject({ updateBy: 'admin', content });
  });

  it('refuses an active reminder without text, another id, and staff', async () => {
    // The form's rule (required while 启用), with the form's words; blanks are no text either.
    expect(await editReminder({ id: '1', status: '1', content: '' })).toMatchObject({
      success: false,
      message: '请输入提醒内容!',
    });
    expect(await editReminder({ id: '1', status: '1', content: '   ' })).toMatchObject({
      success: false,
      message: ReminderMessages.contentRequired,
    });
    expect(await editReminder({ id: '7', status: '0' })).toMatchObject({ success: false });
    expect(await editReminder({ id: '1', status: '0' }, staff)).toMatchObject(NO_PERMISSION);
    expect(await api(ctx, 'GET', '/sys/versionReminder/list', { token: staff })).toMatchObject(NO_PERMISSION);
    expect((await reminder()).status).toBe('1');
  });
});
