/**
 * Reading an uploaded workbook: the type is decided by the bytes. An .xlsx is a zip: the zip is
 * checked before inflating, then the first sheet is read with exceljs's streaming reader. A legacy
 * .xls (BIFF8 in an OLE2 compound file) is read by our own small reader (./xls/), as no registry
 * package reads it without open CVEs; it refuses damaged, encrypted and pre-97 files with a clear
 * message. Either way cells become plain text the way a user typed them.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ApiError } from '../result.js';
import { SharedStrings } from './shared-strings.js';
import { xlsRows, XlsRejected } from './xls/index.js';
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

/** Excel stores wall-clock dates; exceljs hands them over as UTC instants of that wall clock. */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return time === '00:00:00' ? day : `${day} ${time}`;
}

export function cellText(value: unknown, strings?: SharedStrings): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      sharedString?: unknown;
    };
    if (typeof v.sharedString === 'number') return cellText(strings?.get(v.sharedString), strings);
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result, strings);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  const text = String(value).trim();
  // Undo the export's formula escape, so an exported sheet imports back unchanged.
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The texts of an exceljs row's values (1-based and sparse); '' for a blank row. */
function rowTexts(values: unknown, strings: SharedStrings): string[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const out = new Array<string>(Math.max(values.length - 1, 0));
  let blank = true;
  for (let i = 1; i < values.length; i++) {
    const text = cellText(values[i], strings);
    out[i - 1] = text;
    if (text !== '') blank = false;
  }
  return blank ? undefined : out;
}

/** What WorkbookReader.parse() yields: worksheets and the like, and each shared string. */
type ParseEvent = { eventType: string; value: unknown } | SharedStringEvent;
/** exceljs 4.4 yields shared strings bare, though its README shows them as 'shared-strings' events. */
interface SharedStringEvent {
  index: number;
  text: string | { richText: { text: string }[] } | null;
}

function sharedStringOf(event: ParseEvent): string | undefined {
  const shared =
    'eventType' in event
      ? event.eventType === 'shared-strings'
        ? (event.value as SharedStringEvent)
        : undefined
      : event;
  if (!shared) return undefined;
  const { text } = shared;
  if (text === null || text === undefined) return '';
  return typeof text === 'string' ? text : text.richText.map((r) => r.text ?? '').join('');
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

/** An .xlsx's rows, pulled from exceljs's streaming reader as asked for: never held whole in memory. */
async function* xlsxRows(data: Buffer): AsyncGenerator<RawRow, void, undefined> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    // The shared strings come to us one by one and are kept compactly (shared-strings.ts);
    // exceljs then hands shared-string cells over as {sharedString: index}.
    sharedStrings: 'emit',
    // Styles are needed to tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const strings = new SharedStrings();
  const events: AsyncIterable<ParseEvent> = { [Symbol.asyncIterator]: () => reader.parse() };
  for await (const event of events) {
    const text = sharedStringOf(event);
    if (text !== undefined) {
      strings.add(text);
      continue;
    }
    if (!('eventType' in event) || event.eventType !== 'worksheet') continue;
    for await (const row of event.value as AsyncIterable<ExcelJS.Row>)
      yield { line: row.number, cells: rowTexts(row.values, strings) };
    return; // the first sheet only
  }
}

/**
 * A legacy .xls's rows. Its reader parses the whole first sheet at the first row asked for (a BIFF8
 * sheet has at most 65,536 rows and the upload is capped at 10 MB); its values go through cellText
 * like exceljs's, so texts, numbers and dates come out as from an .xlsx.
 */
function* xlsSheetRows(data: Buffer): Generator<RawRow, void, undefined> {
  for (const row of xlsRows(data)) {
    const cells = row.values.map((value) => cellText(value));
    yield { line: row.line, cells: cells.every((text) => text === '') ? undefined : cells };
  }
}

/** Every non-blank row of the first worksheet, header first, whichever the workbook's format. */
async function* sheetRows(fileName: string, data: Buffer): AsyncGenerator<SheetRow, void, undefined> {
  let count = 0;
  try {
    for await (const { line, cells } of isOle2(data) ? xlsSheetRows(data) : xlsxRows(data)) {
      if (!cells) continue;
      // The first non-blank row is the header; the limit counts data rows.
      if (++count > MAX_IMPORT_ROWS + 1) throw new ApiError(ImportReadMessages.tooManyRows(MAX_IMPORT_ROWS));
      yield { line, cells };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof XlsRejected) throw new ApiError(`${error.message}：${fileName}`);
    throw new ApiError(ImportReadMessages.unreadable(fileName));
  }
}

/** Checks the upload, then opens its first worksheet: the header now, the data rows as they come. */
export async function openFirstSheet(fileName: string, data: Buffer): Promise<OpenSheet> {
  checkUpload(fileName, data);
  const rows = sheetRows(fileName, data);
  const first = await rows.next();
  if (first.done) throw new ApiError(ImportReadMessages.empty(fileName));
  return { header: first.value.cells, rows };
}
