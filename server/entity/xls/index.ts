/**
 * A small read-only reader of legacy Excel 97–2003 workbooks (.xls: BIFF8 records in an OLE2
 * compound file), for the import: the first worksheet's cell values, row by row. Written for
 * untrusted uploads (no registry package reads .xls without open CVEs): every length and offset is
 * checked, and anything malformed, encrypted or older than BIFF8 throws XlsRejected with a message
 * for the user.
 */
import { readFirstSheet, XlsMessages, type XlsValue } from './biff.js';
import { CompoundFile, XlsRejected } from './cfb.js';

export { XlsRejected, type XlsValue };

export interface XlsRow {
  /** 1-based row number in the sheet. */
  line: number;
  /** Values by column, values[0] being column A; null where a column has no value. */
  values: XlsValue[];
}

/** The first worksheet's rows that have at least one cell, in row order. */
export function* xlsRows(data: Buffer): Generator<XlsRow, void, undefined> {
  const file = new CompoundFile(data);
  const stream = file.stream('Workbook');
  if (!stream) {
    // Excel 5/95 named the stream Book.
    throw new XlsRejected(file.has('Book') ? XlsMessages.tooOld : XlsMessages.notWorkbook);
  }
  const rows = readFirstSheet(stream);
  const order = [...rows.keys()].sort((a, b) => a - b);
  for (const row of order) yield { line: row + 1, values: rows.get(row)! };
}
