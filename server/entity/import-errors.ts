/**
 * The error workbook of an import: the rejected rows as they were in the file plus a 错误原因
 * column, kept under DATA_DIR/import-errors with a random name and a sidecar naming its owner.
 * GET /sys/common/importError/:name answers it to that user only; the name must be the random
 * hex shape, so no path ever reaches the file system from the request. Files older than a day
 * are swept whenever a new one is written.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../result.js';
import { access, userIdOf } from './route-kit.js';
import { attachmentHeader, escapeCell } from './sheet-columns.js';
import { XLSX_TYPE } from './export.js';
import type { RowOutcome } from './import-rows.js';

export const ImportErrorMessages = { missing: '文件不存在或已过期' } as const;
export const ERROR_FILE_ROUTE = '/sys/common/importError';

const NAME = /^[a-f0-9]{32}$/;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function errorDir(dataDir: string): string {
  return path.join(dataDir, 'import-errors');
}

function sweep(dir: string): void {
  const now = Date.now();
  for (const entry of fs.readdirSync(dir)) {
    const file = path.join(dir, entry);
    try {
      if (now - fs.statSync(file).mtimeMs > MAX_AGE_MS) fs.rmSync(file, { force: true });
    } catch {
      // Another instance swept it first.
    }
  }
}

/**
 * Writes the rejected rows (columns: the files' headers, united); answers the download name.
 * `tick` is called every thousand rows (the import's memory watch).
 */
export async function writeErrorWorkbook(
  dataDir: string,
  owner: string,
  rejected: readonly RowOutcome[],
  tick: () => void = () => {},
): Promise<string> {
  const dir = errorDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  sweep(dir);
  const header = [...new Set(rejected.flatMap((r) => r.header.filter((h) => h !== '')))];
  const files = new Set(rejected.map((r) => r.file)).size > 1;
  const name = randomBytes(16).toString('hex');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, `${name}.xlsx`) });
  const sheet = workbook.addWorksheet('错误数据');
  sheet.addRow([...(files ? ['文件'] : []), ...header.map(escapeCell), '行号', '错误原因']).commit();
  for (const [n, row] of rejected.entries()) {
    if (n % 1000 === 999) tick();
    const byTitle = new Map(row.header.map((h, i) => [h, row.cells[i] ?? '']));
    const cells = header.map((h) => escapeCell(byTitle.get(h) ?? ''));
    const file = files ? [escapeCell(row.file)] : [];
    sheet.addRow([...file, ...cells, row.line, escapeCell(row.reason ?? '')]).commit();
  }
  sheet.commit();
  await workbook.commit();
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ owner }));
  return name;
}

export function registerErrorDownload(app: FastifyInstance, dataDir: string): void {
  app.get(`${ERROR_FILE_ROUTE}/:name`, access(null), async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!NAME.test(name)) throw new ApiError(ImportErrorMessages.missing);
    const dir = errorDir(dataDir);
    let owner: unknown;
    try {
      owner = (JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as { owner?: unknown })
        .owner;
    } catch {
      throw new ApiError(ImportErrorMessages.missing);
    }
    // Someone else's file answers exactly like a missing one.
    if (owner !== userIdOf(request)) throw new ApiError(ImportErrorMessages.missing);
    return reply
      .header('content-disposition', attachmentHeader('导入错误数据', 'xlsx'))
      .header('cache-control', 'no-store')
      .type(XLSX_TYPE)
      .send(fs.createReadStream(path.join(dir, `${name}.xlsx`)));
  });
}
