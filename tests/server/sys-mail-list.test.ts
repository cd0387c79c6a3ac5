import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailListMessages, PROJECT_MAIL_MAX } from '../../server/sys/mail-list/routes.js';
import { api, NO_PERMISSION, type Page } from './admin-config-helpers.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers.js';

interface Contact {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  projectId: string | null;
  createBy: string;
  rowVersion: number;
}

let ctx: TestContext;
let manager: string;
let staff: string;
const T = 1;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
  staff = await ctx.login('chenjing', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const list = async (query = '', token = staff) =>
  (await api<Page<Contact>>(ctx, 'GET', `/sys/mailList/list${query}`, { token, tenant: T })).result!;
const queryAll = async (query = '') =>
  (await api<Contact[]>(ctx, 'GET', `/sys/mailList/queryAll${query}`, { token: staff, tenant: T })).result!;
const add = (payload: Record<string, unknown>, token = manager) =>
  api(ctx, 'POST', '/sys/mailList/add', { token, tenant: T, payload });
const addProjectMail = (payload: unknown, token = manager) =>
  api<{ added: number; skipped: number }>(ctx, 'POST', '/sys/mailList/addProjectMail', {
    token,
    tenant: T,
    payload,
  });

describe('the address list', () => {
  it('every signed-in user reads it, sorted by name', async () => {
    const page = await list();
    expect(page.total).toBe(8);
    expect(page.records.map((c) => c.name)).toContain('周建国');
  });

  it('managers add and edit contacts; staff may not', async () => {
    expect(
      await add({ name: '钱文华', phone: '13910011111', email: 'qianwh@example.cn', company: '市档案馆' }),
    ).toMatchObject({ success: true, message: '添加成功！' });
    const row = (await list('?name=钱文华')).records[0];
    expect(row).toMatchObject({ phone: '13910011111', company: '市档案馆', createBy: 'zhangwei' });
    expect(
      await api(ctx, 'PUT', '/sys/mailList/edit', {
        token: manager,
        tenant: T,
        payload: { id: row.id, post: '馆长', rowVersion: row.rowVersion },
      }),
    ).toMatchObject({ success: true });
    expect(await add({ name: '越权' }, staff)).toMatchObject(NO_PERMISSION);
    expect(
      await api(ctx, 'PUT', '/sys/mailList/edit', {
        token: staff,
        tenant: T,
        payload: { id: row.id, post: 'x' },
      }),
    ).toMatchObject(NO_PERMISSION);
  });

  it('checks the phone and e-mail formats', async () => {
    expect(await add({ name: '格式', phone: '12345' })).toMatchObject({ success: false });
    expect(await add({ name: '格式', email: 'not-mail' })).toMatchObject({ success: false });
    expect((await list('?name=格式')).total).toBe(0);
  });
});

describe('GET /sys/mailList/queryAll', () => {
  it('answers every contact of the tenant as an array, filtered like the list', async () => {
    const all = await queryAll();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBe((await list('?pageSize=100')).total);
    expect((await queryAll('?company=*酒店*')).map((c) => c.name)).toEqual(['孙雅琴']);
  });
});

describe('POST /sys/mailList/addProjectMail', () => {
  const contacts = [
    { name: '项目甲', phone: '13920000001', company: '承办单位' },
    { name: '项目乙', phone: '13920000002' },
    { name: '项目甲重复', phone: '13920000001' },
    { name: '无手机联系人' },
  ];

  it('adds a project’s contacts linked to it, skipping repeats', async () => {
    const answer = await addProjectMail({ projectId: 'prj202611', contacts });
    expect(answer).toMatchObject({
      success: true,
      result: { added: 3, skipped: 1 },
      message: MailListMessages.added(3, 1),
    });
    const linked = await queryAll('?projectId=prj202611');
    expect(linked.map((c) => c.name).sort()).toEqual(['无手机联系人', '项目乙', '项目甲'].sort());
    expect(linked.every((c) => c.projectId === 'prj202611')).toBe(true);
  });

  it('a second call adds only the new ones; other projects keep their own list', async () => {
    const again = await addProjectMail({
      projectId: 'prj202611',
      contacts: [...contacts, { name: '项目丙', phone: '13920000003' }],
    });
    expect(again.result).toEqual({ added: 1, skipped: 4 });
    const other = await addProjectMail({ projectId: 'prj202612', contacts: [contacts[0]] });
    expect(other.result).toEqual({ added: 1, skipped: 0 });
  });

  it('one bad contact refuses the call, naming it; nothing is stored', async () => {
    const answer = await addProjectMail({
      projectId: 'prj202613',
      contacts: [
        { name: '正常', phone: '13920000009' },
        { name: '坏号码', phone: '999' },
      ],
    });
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/^第2个联系人：/);
    expect(await queryAll('?projectId=prj202613')).toEqual([]);
    const noName = await addProjectMail({ projectId: 'prj202613', contacts: [{ phone: '13920000009' }] });
    expect(noName).toMatchObject({ success: false, message: MailListMessages.contact(1, '请输入姓名!') });
  });

  it('refuses a missing or malformed project, no contacts, too many, and staff', async () => {
    expect(await addProjectMail({ contacts })).toMatchObject({ message: MailListMessages.noProject });
    expect(await addProjectMail({ projectId: "x' or 1=1", contacts })).toMatchObject({ success: false });
    expect(await addProjectMail({ projectId: 'p1', contacts: [] })).toMatchObject({
      message: MailListMessages.noContacts,
    });
    const many = Array.from({ length: PROJECT_MAIL_MAX + 1 }, (_, i) => ({ name: `批量${i}` }));
    expect(await addProjectMail({ projectId: 'p1', contacts: many })).toMatchObject({
      message: MailListMessages.tooMany,
    });
    expect(await addProjectMail({ projectId: 'p1', contacts }, staff)).toMatchObject(NO_PERMISSION);
    expect(await queryAll('?projectId=p1')).toEqual([]);
  });
});
