/**
 * Reading an uploaded workbook: the type is decided by the bytes. An .xlsx is a zip: the zip is
 * checked before inflating, then the first sheet is streamed by our reader (./xlsx/). A legacy
 * .xls (BIFF8 in an OLE2 compound file) is read by our own small reader (./xls/), as no registry
 * package reads it without open CVEs; it refuses damaged, encrypted and pre-97 files with a clear
 * message. Either way cells become plain text the way a user typed them.
 */
import { ApiError } from '../result.js';
import { xlsRows, XlsRejected, type XlsValue } from './xls/index.js';
import { xlsxRows, xlsxSheetNames, xlsxWorkbook, XlsxRejected, type XlsxValue } from './xlsx/index.js';
import { checkZip, isOle2, isZip, ZipRejected } from './zip-guard.js';

export const ImportReadMessages = {
  badType: (name: string) => `文件类型不正确：${name}，只支持.xls和.xlsx文件`,
  notWorkbook: (name: string) => `文件内容不是Excel工作簿：${name}`,
  unreadable: (name: string) => `文件解析失败：${name}`,
  empty: (name: string) => `文件中没有数据：${name}`,
  tooManyRows: (max: number) => `单个文件最多导入${max}行数据`,
} as const;

export const MAX_IMPORT_ROWS = 200_000;

/** A data row of a sheet: its row number in the sheet and the cell texts by column (0-based). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The first worksheet as it streams: the header row's texts, then the data rows one at a time. */
export interface OpenSheet {
  header: string[];
  rows: AsyncGenerator<SheetRow, void, undefined>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel stores wall-clock dates; the readers hand them over as UTC instants of that wall clock. */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

/** A cell value as the text a user typed: dates as yyyy-MM-dd [HH:mm:ss], numbers as JavaScript writes them. */
export function cellText(value: XlsxValue | XlsValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  const text = String(value).trim();
  // Undo the export's formula escape, so an exported sheet imports back unchanged.
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function checkUpload(fileName: string, data: Buffer): void {
  if (!/\.xlsx?$/i.test(fileName)) throw new ApiError(ImportReadMessages.badType(fileName));
  if (isOle2(data)) return; // a legacy .xls: its reader checks it as it reads (xlsSheetRows)
  if (!isZip(data)) throw new ApiError(ImportReadMessages.notWorkbook(fileName));
  try {
    checkZip(data);
  } catch (error) {
    if (error instanceof ZipRejected) throw new ApiError(`${error.message}：${fileName}`);
    throw error;
  }
}

/** A row of the first worksheet as cell texts; no cells for a blank row. */
interface RawRow {
  line: number;
  cells: string[] | undefined;
}

function rawRow(line: number, values: (XlsxValue | XlsValue)[]): RawRow {
  const cells = values.map(cellText);
  return { line, cells: cells.every((text) => text === '') ? undefined : cells };
}

/** An .xlsx's rows, inflated and parsed as asked for: never held whole in memory. */
async function* xlsxSheetRows(
  rows: AsyncGenerator<{ line: number; values: XlsxValue[] }, void, undefined>,
): AsyncGenerator<RawRow, void, undefined> {
  for await (const row of rows) yield rawRow(row.line, row.values);
}

/**
 * A legacy .xls's rows. Its reader parses the whole first sheet at the first row asked for (a BIFF8
 * sheet has at most 65,536 rows and the upload is capped at 10 MB); its values go through cellText
 * like the .xlsx reader's, so texts, numbers and dates come out as from an .xlsx.
 */
function* xlsSheetRows(data: Buffer): Generator<RawRow, void, undefined> {
  for (const row of xlsRows(data)) yield rawRow(row.line, row.values);
}

const readError = (fileName: string, error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (error instanceof XlsRejected || error instanceof XlsxRejected)
    return new ApiError(`${error.message}：${fileName}`);
  return new ApiError(ImportReadMessages.unreadable(fileName));
};

/** Every non-blank row of a worksheet, header first, whichever the workbook's format. */
async function* sheetRows(
  fileName: string,
  source: AsyncIterable<RawRow> | Iterable<RawRow>,
): AsyncGenerator<SheetRow, void, undefined> {
  let count = 0;
  try {
    for await (const { line, cells } of source) {
      if (!cells) continue;
      // The first non-blank row is the header; the limit counts data rows.
      if (++count > MAX_IMPORT_ROWS + 1) throw new ApiError(ImportReadMessages.tooManyRows(MAX_IMPORT_ROWS));
      yield { line, cells };
    }
  } catch (error) {
    throw readError(fileName, error);
  }
}

/** The header now, the data rows as they come; undefined for a sheet without any row. */
async function opened(rows: AsyncGenerator<SheetRow, void, undefined>): Promise<OpenSheet | undefined> {
  const first = await rows.next();
  return first.done ? undefined : { header: first.value.cells, rows };
}

/** Checks the upload, then opens its first worksheet: the header now, the data rows as they come. */
export async function openFirstSheet(fileName: string, data: Buffer): Promise<OpenSheet> {
  checkUpload(fileName, data);
  const source = isOle2(data) ? xlsSheetRows(data) : xlsxSheetRows(xlsxRows(data));
  const sheet = await opened(sheetRows(fileName, source));
  if (!sheet) throw new ApiError(ImportReadMessages.empty(fileName));
  return sheet;
}

/**
 * The tab names of an uploaded .xlsx, read from its workbook part only; none for a legacy .xls or
 * a file that cannot be read (the import then reads it as one sheet and reports what is wrong).
 */
export function uploadSheetNames(fileName: string, data: Buffer): string[] {
  try {
    checkUpload(fileName, data);
    return isOle2(data) ? [] : xlsxSheetNames(data);
  } catch {
    return [];
  }
}

/** An uploaded workbook whose sheets are opened by tab name (an .xls: its first sheet only, named ''). */
export interface OpenBook {
  names: string[];
  /** The sheet's header and rows; undefined when it has no row at all. */
  open(name: string): Promise<OpenSheet | undefined>;
}

export async function openWorkbook(fileName: string, data: Buffer): Promise<OpenBook> {
  checkUpload(fileName, data);
  if (isOle2(data)) return { names: [''], open: () => opened(sheetRows(fileName, xlsSheetRows(data))) };
  try {
    const book = await xlsxWorkbook(data);
    return { names: book.names, open: (name) => opened(sheetRows(fileName, xlsxSheetRows(book.rows(name)))) };
  } catch (error) {
    throw readError(fileName, error);
  }
}
