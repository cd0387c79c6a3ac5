/** POST <base>/importExcel: rows checked like an add, one transaction, the 201 error workbook. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { bombZip, multipart, readRows, workbook, type Part } from './entity-xlsx.js';

let ctx: EntityTestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-import-'));
beforeAll(async () => {
  ctx = await createEntityContext({ config: { dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const HEADER = ['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '备注栏'];
const XLS_FIXTURES = path.join(import.meta.dirname, 'entity-fixtures/xls');

async function upload(parts: Part[], token = ctx.adminToken) {
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sys/customer/importExcel',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  return res.json() as {
    success: boolean;
    code: number;
    message: string;
    result: Record<string, unknown> | null;
  };
}

const file = async (rows: (string | number | null)[][], filename = 'customers.xlsx'): Promise<Part> => ({
  name: 'files[]',
  filename,
  value: await workbook(rows),
});

const codes = async (q = '') =>
  (await ctx.get<Page<{ code: string }>>(`/sys/customer/list?pageSize=60${q}`))
    .result!.records.map((r) => r.code)
    .sort();

describe('importExcel', () => {
  it('imports every valid row, matching headers by title, dictionary text to value', async () => {
    const res = await upload([
      await file([
        HEADER,
        ['甲公司', 'I1', '13800000001', null, '低', 'x'],
        ['乙公司', 'I2', null, null, 'M', null],
      ]),
      { name: 'isSingleTableImport', value: 'true' },
      { name: 'validateStatus', value: '0' },
    ]);
    expect(res).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    const rows = (await ctx.get<Page<Record<string, unknown>>>('/sys/customer/list?code=I1')).result!.records;
    expect(rows[0]).toMatchObject({ name: '甲公司', level: 'L', level_dictText: '低', phone: '13800000001' });
  });

  it('answers 201 with an error workbook only its owner can fetch; valid rows are stored', async () => {
    const res = await upload([
      await file([
        HEADER,
        ['丙公司', 'I3', null, null, '高', null], // 高 needs an email
        ['丁公司', 'I4', '123', null, null, null], // bad mobile
        ['戊公司', 'I1', null, null, null, null], // code taken
        ['己公司', 'I5', null, null, '未知', null], // not in the dictionary
        ['庚公司', 'I6', null, null, null, null],
        ['辛公司', 'I6', null, null, null, null], // repeated in the file
      ]),
    ]);
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有5条数据导入失败' });
    const result = res.result!;
    expect(result.msg).toBe('总上传行数：6，已导入行数：1，错误行数：5');
    expect(result.errorMessage).toEqual([
      '第2行：请输入邮箱!',
      expect.stringMatching(/^第3行：.*手机/),
      '第4行：客户编码：I1 已存在',
      '第5行：客户等级的值不在字典中：未知',
      '第7行：客户编码在文件中重复：I6',
    ]);
    expect(await codes()).toEqual(['I1', 'I2', 'I6']);
    const url = `/api${String(result.fileUrl)}`;
    const own = await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': ctx.adminToken } });
    expect(own.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readRows(own.rawPayload);
    expect(sheet[0]).toEqual([...HEADER, '行号', '错误原因']);
    expect(sheet[1]).toEqual(['丙公司', 'I3', undefined, undefined, '高', undefined, 2, '请输入邮箱!']);
    const other = await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': ctx.staffToken } });
    expect(other.json()).toMatchObject({ success: false, message: '文件不存在或已过期' });
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'abc', '0'.repeat(31) + 'g']) {
      const res2 = await ctx.get(`/sys/common/importError/${bad}`);
      expect(res2).toMatchObject({ success: false });
    }
  });

  it('all rows bad: 201 and nothing stored; validateStatus=1 stops at the first bad row', async () => {
    const before = await codes();
    const allBad = await upload([await file([HEADER, ['', 'J1'], ['x', '']])]);
    // Nothing went in: the answer does not say 导入成功 (issue 33, item 12).
    expect(allBad).toMatchObject({
      code: 201,
      message: '文件导入失败，2条数据均有错误，未导入任何数据',
      result: { successCount: 0, errorCount: 2 },
    });
    const strict = await upload([
      await file([HEADER, ['好', 'J2'], ['坏', 'J3', '1']]),
      { name: 'validateStatus', value: '1' },
    ]);
    expect(strict).toMatchObject({ success: false });
    expect(strict.message).toMatch(/^第3行：.*未导入任何数据$/);
    expect(await codes()).toEqual(before);
  });

  it('several files in one transaction; a duplicate across files is caught', async () => {
    const res = await upload([
      await file([HEADER, ['一', 'K1']], 'a.xlsx'),
      await file(
        [
          ['客户编码', '客户名称'],
          ['K2', '二'],
          ['K1', '三'],
        ],
        'b.xlsx',
      ),
    ]);
    expect(res).toMatchObject({ code: 201 });
    expect(res.result!.errorMessage).toEqual(['b.xlsx 第3行：客户编码在文件中重复：K1']);
    expect(await codes('&code=K*')).toEqual(['K1', 'K2']);
  });

  it('refuses other types, broken .xls and .xlsx files, zip bombs and an empty request', async () => {
    const txt = await upload([{ name: 'files[]', filename: 'a.txt', value: 'hello' }]);
    expect(txt.message).toBe('文件类型不正确：a.txt，只支持.xls和.xlsx文件');
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const xls = await upload([{ name: 'files[]', filename: 'a.xls', value: ole }]);
    expect(xls).toMatchObject({ success: false, message: '文件已损坏：不支持的复合文档版本：a.xls' });
    const cut = fs.readFileSync(path.join(XLS_FIXTURES, 'customers.xls')).subarray(0, 3000);
    const truncated = await upload([{ name: 'files[]', filename: 'b.xls', value: cut }]);
    expect(truncated).toMatchObject({
      success: false,
      message: expect.stringMatching(/^文件已损坏：.*：b\.xls$/),
    });
    const junk = await upload([{ name: 'files[]', filename: 'a.xlsx', value: 'not a zip' }]);
    expect(junk.message).toBe('文件内容不是Excel工作簿：a.xlsx');
    const bomb = await upload([{ name: 'files[]', filename: 'a.xlsx', value: bombZip(0x7fffffff) }]);
    expect(bomb.message).toBe('文件解压后过大，疑似压缩炸弹：a.xlsx');
    const none = await upload([{ name: 'validateStatus', value: '0' }]);
    expect(none.message).toBe('请选择要导入的文件');
    const big = await upload([
      { name: 'files[]', filename: 'a.xlsx', value: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(big.message).toBe('文件大小不能超过10MB');
  });

  it('imports a legacy .xls (BIFF8) like an .xlsx: texts, numbers and dates as typed', async () => {
    const value = fs.readFileSync(path.join(XLS_FIXTURES, 'customers.xls'));
    const res = await upload([{ name: 'files[]', filename: '客户.xls', value }]);
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有1条数据导入失败' });
    const result = res.result!;
    expect(result.msg).toBe('总上传行数：4，已导入行数：3，错误行数：1');
    expect(result.errorMessage).toEqual([expect.stringMatching(/^第4行：.*手机/)]);
    const one = async (code: string) =>
      (await ctx.get<Page<Record<string, unknown>>>(`/sys/customer/list?code=${code}`)).result!.records[0];
    expect(await one('XA1')).toMatchObject({
      name: '北京甲科技有限公司',
      phone: '13800000001',
      email: 'jia@example.cn',
      level: 'H',
      address: '北京市海淀区中关村大街1号',
    });
    // A code typed as a number, and dates in a text column, arrive as the texts Excel shows.
    expect(await one('1002')).toMatchObject({
      name: '上海乙贸易有限公司',
      level: 'L',
      address: '2024-05-01',
    });
    expect(await one('XA4')).toMatchObject({ name: '丁公司', level: 'M', address: '2024-05-01 09:30:00' });
    expect(await one('XA3')).toBeUndefined();
    const errors = await ctx.app.inject({
      method: 'GET',
      url: `/api${String(result.fileUrl)}`,
      headers: { 'x-access-token': ctx.adminToken },
    });
    const sheet = await readRows(errors.rawPayload);
    expect(sheet[0]).toEqual([
      '客户名称',
      '客户编码',
      '手机号码',
      '邮箱',
      '客户等级',
      '地址',
      '行号',
      '错误原因',
    ]);
    expect(sheet[1]).toEqual([
      '丙公司',
      'XA3',
      '123',
      undefined,
      undefined,
      undefined,
      4,
      expect.stringMatching(/手机/),
    ]);
    expect(sheet).toHaveLength(2);
  });

  it('needs customer:import (the staff account lacks it)', async () => {
    const res = await upload([await file([HEADER, ['x', 'L1']])], ctx.staffToken);
    expect(res).toMatchObject({ success: false, code: 510 });
  });

  it('round-trips an export', async () => {
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/customer/exportXls?code=I2',
      headers: { 'x-access-token': ctx.adminToken },
    });
    await ctx.send(
      'DELETE',
      `/sys/customer/deleteBatch?ids=${(await ctx.get<Page<{ id: string }>>('/sys/customer/list?code=I2')).result!.records[0].id}`,
    );
    const res = await upload([{ name: 'files[]', filename: 'round.xlsx', value: exported.rawPayload }]);
    expect(res).toMatchObject({ code: 200, message: '文件导入成功！数据行数：1' });
  });
});
