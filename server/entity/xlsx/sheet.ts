/**
 * A worksheet's rows, streamed: the sheet part is inflated chunk by chunk and parsed with SAX, and
 * the rows completed by a chunk are handed over before the next chunk is read, so a sheet of any
 * length is never held whole in memory.
 */
import { serialToDate } from '../number-formats.js';
import type { SharedStrings } from '../shared-strings.js';
import { unescapeOoxml, XmlStream } from './xml.js';
import { entryChunks, type ZipEntry } from './zip.js';

/** A cell's value as Excel stored it: text, a number, a truth value or a date. */
export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** 1-based row number in the sheet. */
  line: number;
  /** Values by column, values[0] being column A; null where a column has no value. */
  values: XlsxValue[];
}

export interface SheetContext {
  strings: SharedStrings;
  dateStyles: boolean[];
  date1904: boolean;
}

/** Column index (0-based) of a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

interface OpenCell {
  column: number;
  type: string;
  style: number;
  text: string;
}

function cellValue(cell: OpenCell, ctx: SheetContext): XlsxValue {
  const raw = cell.text;
  switch (cell.type) {
    case 's':
      return raw === '' ? null : (ctx.strings.get(Number(raw)) ?? '');
    case 'inlineStr':
    case 'str':
      return unescapeOoxml(raw);
    case 'b':
      return raw === '1' || raw === 'true';
    case 'e':
      return null; // #N/A and the like: no value
    case 'd': {
      const date = new Date(raw.endsWith('Z') || raw.length <= 10 ? raw : `${raw}Z`);
      return Number.isNaN(date.getTime()) ? raw : date;
    }
    default: {
      if (raw === '') return null;
      const n = Number(raw);
      if (Number.isNaN(n)) return raw;
      return (ctx.dateStyles[cell.style] && serialToDate(n, ctx.date1904)) || n;
    }
  }
}

export async function* sheetRows(
  data: Buffer,
  entry: ZipEntry,
  ctx: SheetContext,
): AsyncGenerator<XlsxRow, void, undefined> {
  const done: XlsxRow[] = [];
  let row: XlsxRow | undefined;
  let lastLine = 0;
  let cell: OpenCell | undefined;
  let collect = false; // inside <v>, or a <t> of an inline string
  let phonetic = 0;
  const xml = new XmlStream({
    open(name, attrs) {
      if (name === 'row') {
        const line = attrs.r ? Number(attrs.r) : lastLine + 1;
        lastLine = Number.isInteger(line) && line > 0 ? line : lastLine + 1;
        row = { line: lastLine, values: [] };
      } else if (name === 'c' && row) {
        cell = {
          column: attrs.r ? columnOf(attrs.r) : row.values.length,
          type: attrs.t ?? 'n',
          style: Number(attrs.s ?? 0),
          text: '',
        };
      } else if (name === 'rPh') phonetic += 1;
      else if (cell && (name === 'v' || (name === 't' && cell.type === 'inlineStr' && phonetic === 0)))
        collect = true;
    },
    close(name) {
      if (name === 'v' || name === 't') collect = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c' && cell && row) {
        const value = cellValue(cell, ctx);
        if (cell.column >= 0) {
          while (row.values.length < cell.column) row.values.push(null);
          row.values[cell.column] = value;
        }
        cell = undefined;
      } else if (name === 'row' && row) {
        if (row.values.length > 0) done.push(row);
        row = undefined;
      }
    },
    text(value) {
      if (collect && cell) cell.text += value;
    },
  });
  for await (const chunk of entryChunks(data, entry)) {
    xml.write(chunk);
    while (done.length > 0) yield done.shift()!;
  }
  xml.end();
  while (done.length > 0) yield done.shift()!;
}
