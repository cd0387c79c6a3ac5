/**
 * importExcel reads, checks and inserts a big sheet a chunk at a time inside one transaction: the
 * checks that span the whole upload must still span it across chunk boundaries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { multipart, workbook, type Part } from './entity-xlsx.js';

let ctx: EntityTestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-import-chunks-'));
beforeAll(async () => {
  ctx = await createEntityContext({ config: { dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** More rows than one chunk (2000), so every check below crosses a chunk boundary. */
const ROWS = 2500;

async function upload(parts: Part[]) {
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sys/customer/importExcel',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': ctx.adminToken },
  });
  return res.json() as {
    success: boolean;
    code: number;
    message: string;
    result: Record<string, unknown> | null;
  };
}

/** A sheet of ROWS customers with codes `${prefix}1`.., row i (1-based) on sheet line i + 1. */
async function bigFile(prefix: string, change: (i: number, row: string[]) => void = () => {}): Promise<Part> {
  const rows: string[][] = [['客户名称', '客户编码']];
  for (let i = 1; i <= ROWS; i++) {
    const row = [`客户${i}`, `${prefix}${i}`];
    change(i, row);
    rows.push(row);
  }
  return { name: 'files[]', filename: 'big.xlsx', value: await workbook(rows) };
}

const count = async (prefix: string) =>
  (await ctx.get<Page<unknown>>(`/sys/customer/list?pageSize=1&code=${prefix}*`)).result!.total;

describe('importExcel over several chunks', () => {
  it('refuses a code repeated 1500 rows later, in the next chunk; stores the rest', async () => {
    const res = await upload([await bigFile('A', (i, row) => i === 2000 && (row[1] = 'A500'))]);
    expect(res).toMatchObject({ code: 201, message: '文件导入成功，但有1条数据导入失败' });
    expect(res.result).toMatchObject({
      msg: `总上传行数：${ROWS}，已导入行数：${ROWS - 1}，错误行数：1`,
      errorMessage: ['第2001行：客户编码在文件中重复：A500'],
    });
    expect(await count('A')).toBe(ROWS - 1);
  });

  it('refuses a code the table holds when it comes after the first chunk', async () => {
    const res = await upload([await bigFile('B', (i, row) => i === 2300 && (row[1] = 'A7'))]);
    expect(res.result).toMatchObject({
      errorMessage: ['第2301行：客户编码：A7 已存在'],
      successCount: ROWS - 1,
    });
    expect(await count('B')).toBe(ROWS - 1);
  });

  it('validateStatus=1: a bad row after the first chunk stores nothing, not even the first chunk', async () => {
    const res = await upload([
      await bigFile('C', (i, row) => i === 2400 && (row[0] = '')),
      { name: 'validateStatus', value: '1' },
    ]);
    expect(res.success).toBe(false);
    expect(res.message).toMatch(/^第2401行：.*未导入任何数据$/);
    expect(await count('C')).toBe(0);
  });

  it('an unreadable second file after a big first one stores nothing', async () => {
    const res = await upload([
      await bigFile('D'),
      { name: 'files[]', filename: 'b.xlsx', value: 'not a zip' },
    ]);
    expect(res).toMatchObject({ success: false, message: '文件内容不是Excel工作簿：b.xlsx' });
    expect(await count('D')).toBe(0);
  });

  it('validateStatus=1 still reports a later unreadable file first, as when files were read before checks', async () => {
    const res = await upload([
      {
        name: 'files[]',
        filename: 'a.xlsx',
        value: await workbook([
          ['客户名称', '客户编码'],
          ['', 'E1'],
        ]),
      },
      { name: 'files[]', filename: 'b.xlsx', value: 'not a zip' },
      { name: 'validateStatus', value: '1' },
    ]);
    expect(res).toMatchObject({ success: false, message: '文件内容不是Excel工作簿：b.xlsx' });
  });
});
