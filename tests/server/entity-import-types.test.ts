/**
 * Import into the scene fixture: every field type goes through the bulk insert's casts (int,
 * money, date, date-time in the app's time zone, time, Y/N), with tenant scope and soft delete.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';

let ctx: EntityTestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-import-types-'));
beforeAll(async () => {
  ctx = await createEntityContext({ fixtures: true, config: { dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('stores every type as an add would', async () => {
  const sheet = await workbook([
    ['场景名称', '场景编码', '容纳人数', 'price', '开放日期', '开始时间', '时段', '对外开放'],
    ['大厅', 'T1', 30, 99.5, new Date(Date.UTC(2024, 4, 1)), '2024-05-01 09:30:00', '09:30:00', 'Y'],
    ['小厅', 'T2', '', '', '', '', '', 'N'],
  ]);
  const body = multipart([{ name: 'files[]', filename: 'scenes.xlsx', value: sheet }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/demo/scene/importExcel',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': ctx.adminToken, 'tenant-id': '0' },
  });
  expect(res.json()).toMatchObject({ code: 200, message: '文件导入成功！数据行数：2' });
  const one = async (code: string) =>
    (await ctx.get<Page<Record<string, unknown>>>(`/demo/scene/list?code=${code}`)).result!.records[0];
  const rows = [await one('T1'), await one('T2')];
  expect(rows[0]).toMatchObject({
    code: 'T1',
    capacity: 30,
    price: 99.5,
    openDate: '2024-05-01',
    startAt: '2024-05-01 09:30:00',
    slot: '09:30:00',
    enabled: 'Y',
    status: '0',
    owner: 'admin',
    createBy: 'admin',
  });
  expect(rows[1]).toMatchObject({ code: 'T2', capacity: null, price: null, openDate: null, enabled: 'N' });
  // A row of another tenant is not visible to these calls: the import wrote the caller's tenant
  // (tenant-id 0: admin's first tenant, 1).
  const other = await ctx.app.inject({
    method: 'GET',
    url: '/api/demo/scene/list',
    headers: { 'x-access-token': ctx.adminToken, 'tenant-id': '2' },
  });
  expect(other.json()).toMatchObject({ result: { total: 0 } });
});

it('reads each cell as typed: shared texts, repeated texts, rich text and formula results', async () => {
  const sheet = await workbook([
    ['场景名称', '场景编码', '对外开放'],
    [{ richText: [{ text: '多功能' }, { font: { bold: true }, text: '大厅' }] }, 'S1', 'Y'],
    ['会议室', { formula: '"S"&"2"', result: 'S2' }, 'Y'],
    ['会议室', 'S3', { formula: 'IF(1,"N","Y")', result: 'N' }],
  ]);
  const body = multipart([{ name: 'files[]', filename: 'texts.xlsx', value: sheet }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/demo/scene/importExcel',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': ctx.adminToken, 'tenant-id': '0' },
  });
  expect(res.json()).toMatchObject({ code: 200, message: '文件导入成功！数据行数：3' });
  const list = await ctx.get<Page<Record<string, unknown>>>('/demo/scene/list?code=S*');
  const rows = list.result!.records.map((r) => [r.name, r.code, r.enabled]);
  expect(rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
    ['多功能大厅', 'S1', 'Y'],
    ['会议室', 'S2', 'Y'],
    ['会议室', 'S3', 'N'],
  ]);
});
