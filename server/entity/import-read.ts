/**
 * Reading an uploaded workbook: the type is decided by the bytes (an .xlsx is a zip; a legacy
 * BIFF .xls is refused with a clear message, as no maintained streaming reader without open CVEs
 * reads it), the zip is checked before inflating, then the first sheet is read with exceljs's
 * streaming reader. Cells become plain text the way a user typed them.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ApiError } from '../result.js';
import { checkZip, isOle2, isZip, ZipRejected } from './zip-guard.js';

export const ImportReadMessages = {
  badType: (name: string) => `文件类型不正确：${name}，只支持.xls和.xlsx文件`,
  legacyXls: (name: string) => `暂不支持旧版.xls格式：${name}，请另存为.xlsx后导入`,
  notWorkbook: (name: string) => `文件内容不是Excel工作簿：${name}`,
  unreadable: (name: string) => `文件解析失败：${name}`,
  empty: (name: string) => `文件中没有数据：${name}`,
  tooManyRows: (max: number) => `单个文件最多导入${max}行数据`,
} as const;

export const MAX_IMPORT_ROWS = 200_000;

export interface SheetData {
  /** The header row's texts, by column (0-based). */
  header: string[];
  /** Data rows: the sheet's row number and the cell texts by column. */
  rows: { line: number; cells: string[] }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel stores wall-clock dates; exceljs hands them over as UTC instants of that wall clock. */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  const text = String(value).trim();
  // Undo the export's formula escape, so an exported sheet imports back unchanged.
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function rowTexts(values: unknown): string[] {
  const list = Array.isArray(values) ? values.slice(1) : [];
  return Array.from(list, (v) => cellText(v));
}

export function checkUpload(fileName: string, data: Buffer): void {
  if (!/\.xlsx?$/i.test(fileName)) throw new ApiError(ImportReadMessages.badType(fileName));
  if (isOle2(data)) throw new ApiError(ImportReadMessages.legacyXls(fileName));
  if (!isZip(data)) throw new ApiError(ImportReadMessages.notWorkbook(fileName));
  try {
    checkZip(data);
  } catch (error) {
    if (error instanceof ZipRejected) throw new ApiError(`${error.message}：${fileName}`);
    throw error;
  }
}

/** The first worksheet's header and data rows (blank rows skipped). */
export async function readFirstSheet(fileName: string, data: Buffer): Promise<SheetData> {
  checkUpload(fileName, data);
  const out: SheetData = { header: [], rows: [] };
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = rowTexts(row.values);
        if (cells.every((c) => c === '')) continue;
        if (out.header.length === 0) out.header = cells;
        else out.rows.push({ line: row.number, cells });
        if (out.rows.length > MAX_IMPORT_ROWS)
          throw new ApiError(ImportReadMessages.tooManyRows(MAX_IMPORT_ROWS));
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(ImportReadMessages.unreadable(fileName));
  }
  if (out.header.length === 0) throw new ApiError(ImportReadMessages.empty(fileName));
  return out;
}
