/** Workbook and multipart helpers of the import/export tests. */
import ExcelJS from 'exceljs';

export async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readRows(data: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----zj${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A file uploaded as the token's user through POST /sys/common/upload: the stored path it answers,
 * which only that user may then name in a record (issue 31, 文件不存在或不是您上传的).
 */
export async function uploadAs(
  app: { inject: (options: object) => Promise<{ json: () => unknown }> },
  token: string,
  file: { biz: string; filename: string; data: Buffer },
): Promise<string> {
  const body = multipart([
    { name: 'biz', value: file.biz },
    { name: 'file', filename: file.filename, value: file.data },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/common/upload',
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token },
  });
  const answer = res.json() as { success: boolean; message: string };
  if (!answer.success) throw new Error(`upload refused: ${answer.message}`);
  return answer.message;
}

/** A one-entry zip whose central directory claims `claimed` uncompressed bytes (a zip bomb's shape). */
export function bombZip(claimed: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = Buffer.from('x');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(1, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(1, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(name.length, 28);
  const dirOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
