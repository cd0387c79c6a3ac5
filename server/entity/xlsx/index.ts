/**
 * A read-only streaming reader of .xlsx workbooks for the import: the first worksheet's cell values,
 * row by row. It replaces exceljs's streaming WorkbookReader, whose zip iteration ends early at
 * random when the consumer is slower than the inflater (exceljs issue #962's TypeError about
 * 'sheets', and silently lost parts): here the zip is read through its central directory from the
 * uploaded buffer, so every part is found by name and nothing races.
 */
import { dateStyles, sharedStrings, workbookParts } from './parts.js';
import { sheetRows, type XlsxRow } from './sheet.js';
import { zipEntries } from './zip.js';

export { XlsxRejected } from './rejected.js';
export type { XlsxRow, XlsxValue } from './sheet.js';

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
