/**
 * Personnel files and position duties (docs/modules/personnel.md): private fields only for holders
 * of 查看隐私字段 (admin here, the role hr in the demo) on list, detail and export; staff reach
 * only their own file, read-only; every duty save keeps the previous version.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

type Row = Record<string, unknown> & { id: string };
let t: EntityTestContext;
const tok: Record<string, string> = {};
const PRIVATE = ['idNumber', 'address', 'salaryGrade', 'emergencyContact', 'emergencyPhone'];

beforeAll(async () => {
  t = await createEntityContext();
  tok.admin = t.adminToken;
  tok.chenjing = t.staffToken;
  for (const name of ['zhangwei', 'yangqiang']) tok[name] = await t.login(name, DEMO_PASSWORD);
  for (const [username, end] of [
    ['chenjing', '2020-01-31'],
    ['yangqiang', '2099-12-31'],
  ] as const) {
    const res = await t.send('POST', '/hr/personnel/add', {
      username,
      entryDate: '2019-02-01',
      contractType: '1',
      contractStart: '2019-02-01',
      contractEnd: end,
      education: '3',
      idNumber: '33010619900101123X',
      address: '杭州市西湖区文三路1号',
      salaryGrade: 'P5-2',
      emergencyContact: '陈父',
      emergencyPhone: '13900001111',
    });
    expect(res.success, res.message).toBe(true);
  }
});
afterAll(async () => t.close());

async function files(token: string, query = ''): Promise<Row[]> {
  const page = await t.get<Page<Row>>(`/hr/personnel/list?pageSize=100${query}`, token);
  expect(page.success, page.message).toBe(true);
  return page.result!.records;
}

async function exportedHeader(token: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/hr/personnel/exportXls',
    headers: { 'x-access-token': token },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const row = book.worksheets[0]!.getRow(1).values as unknown[];
  return row.filter((v): v is string => typeof v === 'string');
}

describe('人员档案: private fields', () => {
  it('shows them to the holder and hides them from a manager on list, detail and export', async () => {
    const own = (await files(tok.admin!)).find((r) => r.username === 'chenjing')!;
    const full = await t.get<Row>(`/hr/personnel/queryById?id=${own.id}`, tok.admin);
    expect(full.result).toMatchObject({ idNumber: '33010619900101123X', salaryGrade: 'P5-2' });

    const seen = await files(tok.zhangwei!);
    expect(seen.map((r) => r.username).sort()).toEqual(['chenjing', 'yangqiang']);
    const detail = await t.get<Row>(`/hr/personnel/queryById?id=${own.id}`, tok.zhangwei);
    expect(detail.result).toMatchObject({ username: 'chenjing', entryDate: '2019-02-01' });
    for (const name of PRIVATE) expect(detail.result, name).not.toHaveProperty(name);
    expect(await exportedHeader(tok.admin!)).toContain('身份证号');
    const header = await exportedHeader(tok.zhangwei!);
    expect(header).toContain('入职日期');
    expect(header).not.toContain('身份证号');
    expect(header).not.toContain('紧急联系人');
    // A manager may not write a private field either.
    const edit = await t.send('PUT', '/hr/personnel/edit', { id: own.id, idNumber: '1' }, tok.zhangwei);
    expect(edit.success).toBe(false);
  });
});

describe('人员档案: staff', () => {
  it('reach their own file only, and cannot change it', async () => {
    const mine = await files(tok.chenjing!);
    expect(mine.map((r) => r.username)).toEqual(['chenjing']);
    const other = (await files(tok.admin!)).find((r) => r.username === 'yangqiang')!;
    expect((await t.get(`/hr/personnel/queryById?id=${other.id}`, tok.chenjing)).message).toBe(
      '未找到对应数据',
    );
    const edit = await t.send('PUT', '/hr/personnel/edit', { id: mine[0]!.id, remark: '改' }, tok.chenjing);
    expect(edit).toMatchObject({ success: false, code: 510 });
  });

  it('lists ended and ending contracts under 合同到期提醒', async () => {
    const expiring = await files(tok.zhangwei!, '&type=expiring');
    expect(expiring.map((r) => r.username)).toEqual(['chenjing']);
    // The reminder is for those who see every file: staff are refused the tab.
    const refused = await t.get(`/hr/personnel/list?type=expiring`, tok.chenjing);
    expect(refused).toMatchObject({ success: false, code: 510 });
  });
});

describe('岗位职责: history', () => {
  it('keeps every previous version with who saved it', async () => {
    const position = await sql<{ id: string }>`select id from sys_position where code = 'engineer'`.execute(
      t.database.db,
    );
    const add = await t.send('POST', '/hr/positionDuty/add', {
      positionId: position.rows[0]!.id,
      summary: '研发与运维',
      content: '<p>第一版<script>x()</script></p>',
    });
    expect(add.success, add.message).toBe(true);
    const list = await t.get<Page<Row>>('/hr/positionDuty/list?pageSize=50');
    const duty = list.result!.records.find((r) => r.summary === '研发与运维')!;
    expect(duty.version).toBe(1);
    const first = await t.get<Row>(`/hr/positionDuty/queryById?id=${duty.id}`);
    const saved = await t.send('PUT', '/hr/positionDuty/edit', {
      ...first.result,
      content: '<p>第二版</p>',
    });
    expect(saved.success, saved.message).toBe(true);
    const again = await t.get<Row>(`/hr/positionDuty/queryById?id=${duty.id}`);
    expect(again.result).toMatchObject({ version: 2, content: '<p>第二版</p>' });
    // A stale copy is refused and leaves no history.
    const stale = await t.send('PUT', '/hr/positionDuty/edit', { ...first.result, content: '<p>旧的</p>' });
    expect(stale.success).toBe(false);
    // 历史版本 opens the history list filtered by the duty's position (one duty per position).
    const history = await t.get<Page<Row>>(
      `/hr/positionDutyHistory/list?positionId=${position.rows[0]!.id}`,
      tok.chenjing,
    );
    expect(history.result!.records).toHaveLength(1);
    expect(history.result!.records[0]).toMatchObject({ version: 1, savedBy: 'admin' });
    const old = await t.get<Row>(
      `/hr/positionDutyHistory/queryById?id=${history.result!.records[0]!.id}`,
      tok.chenjing,
    );
    expect(old.result!.content).toBe('<p>第一版</p>');
    // Staff read duties but do not change them.
    expect(
      (await t.send('PUT', '/hr/positionDuty/edit', { ...again.result, summary: 'x' }, tok.chenjing)).code,
    ).toBe(510);
  });
});
