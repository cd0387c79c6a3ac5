/** Fixtures and workbook helpers of entity-import-children.test.ts. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { xlsxWorkbook } from '../../server/entity/xlsx/index.js';

/**
 * A directory with a parent (导入订单) whose child (订单明细) declares a list code nobody holds, so
 * its sheet is left out of exports; read besides schemas/ through SCHEMAS_DIR.
 */
export function childFixtures(): string {
  const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-io-children-'));
  const text = (name: string, title: string, extra = {}) => ({ name, title, type: 'string', ...extra });
  for (const decl of [
    {
      name: 'ioOrder',
      title: '导入订单',
      permissionPrefix: 'plan',
      fields: [text('orderName', '订单名称', { required: true })],
      children: [{ entity: 'ioLine', relation: 'oneToMany', foreignKey: 'orderId', title: '订单明细' }],
    },
    {
      name: 'ioLine',
      title: '订单明细',
      permissionPrefix: 'planTask',
      permissions: { list: 'ioLine:list' },
      fields: [
        text('orderId', '所属订单', { length: 32, list: false, form: false }),
        text('lineName', '明细名称'),
      ],
    },
  ]) {
    const file = {
      schemaVersion: 3,
      kind: 'list',
      table: `test_${decl.name.toLowerCase()}`,
      basePath: `/test/${decl.name}`,
      ...decl,
    };
    fs.writeFileSync(path.join(fixtures, `${decl.name}.json`), JSON.stringify(file));
  }
  return fixtures;
}

/** Every sheet of a workbook, read back with the import's own reader. */
export async function sheetsOf(data: Buffer): Promise<Map<string, unknown[][]>> {
  const book = await xlsxWorkbook(data);
  const out = new Map<string, unknown[][]>();
  for (const name of book.names) {
    const rows: unknown[][] = [];
    for await (const row of book.rows(name)) rows.push(row.values);
    out.set(name, rows);
  }
  return out;
}

export type Rows = ExcelJS.CellValue[][];
export async function book(sheets: Record<string, Rows>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
