/**
 * The BIFF8 records of a Workbook stream, read for the first worksheet's cell values: the globals
 * (date mode, number formats, cell formats, the sheet list, the shared strings with their CONTINUE
 * records), then the sheet's cell records. Every length is checked against its record; a record or
 * string that runs past its data throws XlsRejected('文件已损坏：…').
 */
import { builtinIsDate, isDateFormat, serialToDate } from '../number-formats.js';
import { damaged, XlsRejected } from './cfb.js';

export type XlsValue = string | number | boolean | Date | null;

export const XlsMessages = {
  tooOld: '不支持Excel 95及更早的.xls格式，请另存为.xlsx后导入',
  encrypted: '文件已加密，请取消密码后导入',
  notWorkbook: '文件内容不是Excel工作簿',
} as const;

const R = {
  bof: 0x0809,
  eof: 0x000a,
  continue: 0x003c,
  filepass: 0x002f,
  datemode: 0x0022,
  format: 0x041e,
  xf: 0x00e0,
  boundsheet: 0x0085,
  sst: 0x00fc,
  labelsst: 0x00fd,
  label: 0x0204,
  rstring: 0x00d6,
  number: 0x0203,
  rk: 0x027e,
  mulrk: 0x00bd,
  boolerr: 0x0205,
  formula: 0x0006,
  string: 0x0207,
  shrfmla: 0x04bc,
  array: 0x0221,
  table: 0x0236,
} as const;

/** BOF record types of BIFF2, 3 and 4 (BIFF5/7 share BIFF8's 0x0809 with an older version number). */
const OLD_BOFS = new Set([0x0009, 0x0209, 0x0409]);
const BIFF8 = 0x0600;
/** BIFF8 sheets have 256 columns; cells claiming more are ignored rather than stretching a row. */
const MAX_COLUMNS = 256;

/** A record and the data of the CONTINUE records right after it. */
interface BiffRecord {
  type: number;
  data: Buffer;
  continues: Buffer[];
}

/** The records from `offset` on, each with its CONTINUE records; stops at the stream's end. */
function* records(stream: Buffer, offset: number): Generator<BiffRecord> {
  let at = offset;
  const header = (pos: number) => {
    if (pos + 4 > stream.length) return undefined;
    const type = stream.readUInt16LE(pos);
    const length = stream.readUInt16LE(pos + 2);
    if (pos + 4 + length > stream.length) throw damaged('记录超出数据流范围');
    return { type, data: stream.subarray(pos + 4, pos + 4 + length) };
  };
  for (;;) {
    const record = header(at);
    if (!record) return;
    at += 4 + record.data.length;
    const continues: Buffer[] = [];
    for (let next = header(at); next?.type === R.continue; next = header(at)) {
      continues.push(next.data);
      at += 4 + next.data.length;
    }
    yield { ...record, continues };
  }
}

function need(data: Buffer, bytes: number): Buffer {
  if (data.length < bytes) throw damaged('记录过短');
  return data;
}

/**
 * A cursor over a record's data and its CONTINUE records. Plain bytes run on across a boundary;
 * the characters of a string do too, but each CONTINUE they run into starts with a new option byte
 * saying whether the rest is compressed (one byte a character) or UTF-16.
 */
export class Segments {
  private index = 0;

  constructor(
    private readonly segments: Buffer[],
    private pos = 0,
  ) {}

  /** Moves to the next segment once this one is used up; false when there is none. */
  private ready(): boolean {
    while (this.pos >= this.segments[this.index].length) {
      if (this.index + 1 >= this.segments.length) return false;
      this.index += 1;
      this.pos = 0;
    }
    return true;
  }

  get done(): boolean {
    return !this.ready();
  }

  u8(): number {
    if (!this.ready()) throw damaged('字符串数据不完整');
    return this.segments[this.index][this.pos++];
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() + this.u16() * 0x10000) >>> 0;
  }

  skip(bytes: number): void {
    let left = bytes;
    while (left > 0) {
      if (!this.ready()) throw damaged('字符串数据不完整');
      const n = Math.min(left, this.segments[this.index].length - this.pos);
      this.pos += n;
      left -= n;
    }
  }

  chars(count: number, utf16: boolean): string {
    let wide = utf16;
    let left = count;
    let text = '';
    while (left > 0) {
      const segment = this.segments[this.index];
      if (this.pos >= segment.length) {
        if (this.index + 1 >= this.segments.length) throw damaged('字符串数据不完整');
        this.index += 1;
        const next = this.segments[this.index];
        if (next.length === 0) throw damaged('字符串数据不完整');
        wide = (next[0] & 1) === 1;
        this.pos = 1;
        continue;
      }
      const width = wide ? 2 : 1;
      const n = Math.min(left, Math.floor((segment.length - this.pos) / width));
      if (n === 0) throw damaged('字符串数据不完整');
      const end = this.pos + n * width;
      text += segment.toString(wide ? 'utf16le' : 'latin1', this.pos, end);
      this.pos = end;
      left -= n;
    }
    return text;
  }

  /** An XLUnicodeString (or its rich/extended form): count, option byte, [runs], [ext], characters. */
  string(countBytes: 1 | 2 = 2): string {
    const count = countBytes === 2 ? this.u16() : this.u8();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4);
    this.skip(ext);
    return text;
  }
}

const stringAt = (record: BiffRecord, offset: number, countBytes: 1 | 2 = 2) =>
  new Segments([record.data, ...record.continues], offset).string(countBytes);

/** An RK number: a 30-bit integer or the top 30 bits of a double, optionally divided by 100. */
export function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = (rk | 0) >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

interface Globals {
  date1904: boolean;
  formats: Map<number, string>;
  /** Number format id of each XF record, by XF index. */
  xfFormats: number[];
  strings: string[];
  /** Stream offset of the first worksheet's BOF, if there is a worksheet. */
  sheetOffset: number | undefined;
}

/** The globals' BOF: BIFF8's, or a refusal (older versions, or a stream that is no BIFF at all). */
function checkBof(stream: Buffer): void {
  const type = stream.length >= 2 ? stream.readUInt16LE(0) : -1;
  if (OLD_BOFS.has(type)) throw new XlsRejected(XlsMessages.tooOld);
  if (type !== R.bof) throw new XlsRejected(XlsMessages.notWorkbook);
  const first = records(stream, 0).next();
  if (first.done) throw damaged('工作簿数据为空');
  const version = need(first.value.data, 4).readUInt16LE(0);
  if (version !== BIFF8) {
    if (version < BIFF8) throw new XlsRejected(XlsMessages.tooOld);
    throw damaged('不支持的BIFF版本');
  }
}

/** The shared string table: as many strings as its data holds, up to the count it declares. */
function readSst(record: BiffRecord): string[] {
  const unique = need(record.data, 8).readUInt32LE(4);
  const cursor = new Segments([record.data, ...record.continues], 8);
  const strings: string[] = [];
  while (strings.length < unique && !cursor.done) strings.push(cursor.string());
  return strings;
}

function readGlobals(stream: Buffer): Globals {
  const globals: Globals = {
    date1904: false,
    formats: new Map(),
    xfFormats: [],
    strings: [],
    sheetOffset: undefined,
  };
  checkBof(stream);
  const walk = records(stream, 0);
  walk.next();
  for (const record of walk) {
    switch (record.type) {
      case R.eof:
        return globals;
      case R.filepass:
        throw new XlsRejected(XlsMessages.encrypted);
      case R.datemode:
        globals.date1904 = need(record.data, 2).readUInt16LE(0) === 1;
        break;
      case R.format:
        globals.formats.set(need(record.data, 2).readUInt16LE(0), stringAt(record, 2));
        break;
      case R.xf:
        globals.xfFormats.push(need(record.data, 4).readUInt16LE(2));
        break;
      case R.boundsheet: {
        const data = need(record.data, 6);
        // Byte 5 is the sheet type: 0 a worksheet (1 macro sheet, 2 chart, 6 VB module).
        if (globals.sheetOffset === undefined && data[5] === 0) globals.sheetOffset = data.readUInt32LE(0);
        break;
      }
      case R.sst:
        globals.strings = readSst(record);
        break;
      case R.bof:
        throw damaged('工作簿全局数据不完整');
    }
  }
  throw damaged('工作簿全局数据不完整');
}

/**
 * The first worksheet's cells, by row index then column index (both 0-based), each row's values
 * filled with null where a column has no cell.
 */
export function readFirstSheet(stream: Buffer): Map<number, XlsValue[]> {
  const globals = readGlobals(stream);
  const rows = new Map<number, XlsValue[]>();
  if (globals.sheetOffset === undefined) return rows;
  if (globals.sheetOffset >= stream.length) throw damaged('工作表位置超出数据流范围');

  const dateXf = new Map<number, boolean>();
  const isDateXf = (xf: number) => {
    let date = dateXf.get(xf);
    if (date === undefined) {
      const id = globals.xfFormats[xf];
      const format = id === undefined ? undefined : globals.formats.get(id);
      date = id !== undefined && (format !== undefined ? isDateFormat(format) : builtinIsDate(id));
      dateXf.set(xf, date);
    }
    return date;
  };
  const number = (value: number, xf: number): XlsValue =>
    isDateXf(xf) ? (serialToDate(value, globals.date1904) ?? value) : value;
  const set = (row: number, col: number, value: XlsValue) => {
    if (col >= MAX_COLUMNS) return;
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    while (cells.length <= col) cells.push(null);
    cells[col] = value;
  };

  const walk = records(stream, globals.sheetOffset);
  const bof = walk.next();
  if (bof.done || bof.value.type !== R.bof) throw damaged('找不到工作表');
  let depth = 1;
  /** A formula whose string result comes in the next STRING record. */
  let pending: { row: number; col: number } | undefined;
  for (const record of walk) {
    const { type, data } = record;
    if (type === R.bof) depth += 1;
    if (type === R.eof && --depth === 0) return rows;
    // Embedded substreams (a chart on the sheet) have cell-like records of their own.
    if (depth !== 1) continue;
    if (type === R.string) {
      if (pending) set(pending.row, pending.col, stringAt(record, 0));
      pending = undefined;
      continue;
    }
    // Only shared-formula, array and table records may come between a FORMULA and its STRING.
    if (type !== R.shrfmla && type !== R.array && type !== R.table) pending = undefined;
    switch (type) {
      case R.labelsst: {
        const index = need(data, 10).readUInt32LE(6);
        set(data.readUInt16LE(0), data.readUInt16LE(2), globals.strings[index] ?? '');
        break;
      }
      case R.label:
      case R.rstring:
        need(data, 8);
        set(data.readUInt16LE(0), data.readUInt16LE(2), stringAt(record, 6));
        break;
      case R.number:
        need(data, 14);
        set(data.readUInt16LE(0), data.readUInt16LE(2), number(data.readDoubleLE(6), data.readUInt16LE(4)));
        break;
      case R.rk:
        need(data, 10);
        set(
          data.readUInt16LE(0),
          data.readUInt16LE(2),
          number(rkValue(data.readUInt32LE(6)), data.readUInt16LE(4)),
        );
        break;
      case R.mulrk: {
        need(data, 6);
        const row = data.readUInt16LE(0);
        const first = data.readUInt16LE(2);
        const count = Math.floor((data.length - 6) / 6);
        for (let i = 0; i < count; i++) {
          const at = 4 + i * 6;
          set(row, first + i, number(rkValue(data.readUInt32LE(at + 2)), data.readUInt16LE(at)));
        }
        break;
      }
      case R.boolerr:
        need(data, 8);
        // An error code (#N/A, #DIV/0! …) reads as an empty cell, as exceljs's error values do.
        set(data.readUInt16LE(0), data.readUInt16LE(2), data[7] === 0 ? data[6] !== 0 : null);
        break;
      case R.formula: {
        need(data, 14);
        const row = data.readUInt16LE(0);
        const col = data.readUInt16LE(2);
        pending = undefined;
        if (data.readUInt16LE(12) !== 0xffff) {
          set(row, col, number(data.readDoubleLE(6), data.readUInt16LE(4)));
          break;
        }
        // A special result: 0 a string (in the STRING record that follows), 1 a boolean, 2 an
        // error, 3 an empty string.
        const kind = data[6];
        if (kind === 0) pending = { row, col };
        else if (kind === 1) set(row, col, data[8] !== 0);
        else set(row, col, null);
        break;
      }
    }
  }
  throw damaged('工作表数据不完整');
}
