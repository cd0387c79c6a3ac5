/** GET <base>/exportXls: streamed .xlsx, filters and selections, dictionary text, escaping, permission. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  ctx = await createEntityContext();
  const customers = [
    { name: '=HYPERLINK("http://x")', code: 'E1', level: 'H', phone: '13800000001', email: 'a@b.cn' },
    { name: '华东客户', code: 'E2', level: 'L', address: '@SUM(A1)' },
    { name: '华南客户', code: 'E3', level: 'M', address: '-1+2' },
  ];
  for (const c of customers)
    expect(await ctx.send('POST', '/sys/customer/add', c)).toMatchObject({ message: '添加成功！' });
});
afterAll(() => ctx.close());

async function exportSheet(query: string, token = ctx.adminToken) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/sys/customer/exportXls?${query}`,
    headers: { 'x-access-token': token },
  });
  return res;
}

async function rowsOf(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('exportXls', () => {
  it('streams an .xlsx with titles, dictionary text, escaped formula starts and the default name', async () => {
    const res = await exportSheet('column=code&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''${encodeURIComponent('列表.xlsx')}`,
    );
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '地址']);
    expect(rows[1].slice(0, 5)).toEqual(['\'=HYPERLINK("http://x")', 'E1', '13800000001', 'a@b.cn', '高']);
    expect(rows[2][5]).toBe("'@SUM(A1)");
    expect(rows[3][5]).toBe("'-1+2");
    expect(rows).toHaveLength(4);
  });

  it('applies the list filters, or the selected ids', async () => {
    expect((await rowsOf((await exportSheet('level=L')).rawPayload)).map((r) => r[1])).toEqual([
      '客户编码',
      'E2',
    ]);
    const page = await ctx.get<Page<{ id: string; code: string }>>('/sys/customer/list?code=E3');
    const id = page.result!.records[0].id;
    const rows = await rowsOf((await exportSheet(`selections=${id},`)).rawPayload);
    expect(rows.map((r) => r[1])).toEqual(['客户编码', 'E3']);
  });

  it('names the file from fileName without path characters', async () => {
    const res = await exportSheet(`fileName=${encodeURIComponent('../客户"名单')}`);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('..客户名单.xlsx')}`,
    );
  });

  it('is refused before any byte: bad filter, no permission', async () => {
    const bad = await exportSheet('nope=1');
    expect(bad.json()).toMatchObject({ success: false });
    const staff = await exportSheet('', ctx.staffToken);
    expect(staff.json()).toMatchObject({ success: false, code: 510 });
  });
});
