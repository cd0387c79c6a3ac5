/**
 * A read-only streaming reader of .xlsx workbooks for the import: a worksheet's cell values, row by
 * row (the first one's, or any by its tab name). It replaces exceljs's streaming WorkbookReader,
 * whose zip iteration ends early at random when the consumer is slower than the inflater (exceljs
 * issue #962's TypeError about 'sheets', and silently lost parts): here the zip is read through its
 * central directory from the uploaded buffer, so every part is found by name and nothing races.
 */
import { dateStyles, sharedStrings, workbookParts } from './parts.js';
import { sheetRows, type SheetContext, type XlsxRow } from './sheet.js';
import { zipEntries } from './zip.js';

export { XlsxRejected } from './rejected.js';
export type { XlsxRow, XlsxValue } from './sheet.js';

/** An opened workbook: its worksheets' tab names, and the rows of any of them. */
export interface XlsxWorkbook {
  /** Tab names in tab order; the first is the workbook's first sheet. */
  names: string[];
  /** The rows of the sheet with this tab name (none when there is no such sheet). */
  rows(name: string): AsyncGenerator<XlsxRow, void, undefined>;
}

/** The tab names of a workbook, in tab order, without reading any sheet or the shared strings. */
export function xlsxSheetNames(data: Buffer): string[] {
  return workbookParts(data, zipEntries(data)).sheets.map((s) => s.name);
}

/** Reads the workbook's parts and shared strings once; each sheet then streams on demand. */
export async function xlsxWorkbook(data: Buffer): Promise<XlsxWorkbook> {
  const parts = workbookParts(data, zipEntries(data));
  const ctx: SheetContext = {
    strings: await sharedStrings(data, parts.sharedStrings),
    dateStyles: dateStyles(data, parts.styles),
    date1904: parts.date1904,
  };
  return {
    names: parts.sheets.map((s) => s.name),
    async *rows(name) {
      const sheet = parts.sheets.find((s) => s.name === name);
      if (sheet) yield* sheetRows(data, sheet.entry, ctx);
    },
  };
}

/** The first worksheet's rows that have at least one cell, in sheet order. */
export async function* xlsxRows(data: Buffer): AsyncGenerator<XlsxRow, void, undefined> {
  const entries = zipEntries(data);
  const parts = workbookParts(data, entries);
  const ctx = {
    strings: await sharedStrings(data, parts.sharedStrings),
    dateStyles: dateStyles(data, parts.styles),
    date1904: parts.date1904,
  };
  yield* sheetRows(data, parts.sheet, ctx);
}
