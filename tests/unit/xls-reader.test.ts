/**
 * The legacy .xls reader (server/entity/xls/): real files written by xlwt and LibreOffice read to
 * the values they hold, hand-built compound files and BIFF8 streams cover every record kind and
 * the refusals, and damaged or mangled files are refused with XlsRejected (never a RangeError or a
 * hang).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDateFormat } from '../../server/entity/number-formats.js';
import { rkValue } from '../../server/entity/xls/biff.js';
import { xlsRows, XlsRejected, type XlsValue } from '../../server/entity/xls/index.js';

const FIXTURES = path.join(import.meta.dirname, '../server/entity-fixtures/xls');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

const rowsOf = (data: Buffer) => [...xlsRows(data)];
const utc = (...parts: number[]) => new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], ...parts.slice(3)));

/** What a reading of `data` came to: the rows, or the refusal's class and message. */
function attempt(data: Buffer): { rows?: number; rejected?: string; error?: string } {
  try {
    return { rows: rowsOf(data).length };
  } catch (error) {
    if (error instanceof XlsRejected) return { rejected: error.message };
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

// ---- hand-built files ----------------------------------------------------------------------------

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const f64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
};
const record = (type: number, ...parts: Buffer[]) => {
  const data = Buffer.concat(parts);
  return Buffer.concat([u16(type), u16(data.length), data]);
};
/** An XLUnicodeString: 16-bit count, option byte, characters (UTF-16 when any is beyond Latin-1). */
const xlString = (text: string) => {
  const wide = [...text].some((c) => c.charCodeAt(0) > 0xff);
  return Buffer.concat([
    u16(text.length),
    Buffer.from([wide ? 1 : 0]),
    Buffer.from(text, wide ? 'utf16le' : 'latin1'),
  ]);
};
const bof = (dt: number, version = 0x0600) => record(0x0809, u16(version), u16(dt), Buffer.alloc(12));
const EOF = record(0x000a);
const xf = (format: number) => record(0x00e0, u16(0), u16(format), Buffer.alloc(16));
const format = (id: number, code: string) => record(0x041e, u16(id), xlString(code));
const cell = (row: number, col: number, xfIndex: number) => Buffer.concat([u16(row), u16(col), u16(xfIndex)]);

/** A Workbook stream: the globals (a BOUNDSHEET pointing at the sheet is added), then one worksheet. */
function workbook(globals: Buffer[], sheet: Buffer[], sheetType = 0): Buffer {
  const head = Buffer.concat([bof(0x0005), ...globals]);
  const boundsheet = (offset: number) =>
    record(0x0085, u32(offset), Buffer.from([0, sheetType, 1, 0]), Buffer.from('S'));
  const start = head.length + boundsheet(0).length + EOF.length;
  return Buffer.concat([head, boundsheet(start), EOF, bof(0x0010), ...sheet, EOF]);
}

const END = 0xfffffffe;
const FREE = 0xffffffff;
const NONE = 0xffffffff;

/**
 * A compound file holding the given streams under the root: one FAT sector (sector 0), then the
 * streams of at least `cutoff` bytes, the mini stream, the mini FAT and the directory.
 */
function compound(streams: { name: string; data: Buffer }[], { shift = 9, cutoff = 4096 } = {}): Buffer {
  const size = 1 << shift;
  const sectors: Buffer[] = [Buffer.alloc(size)];
  const fat: number[] = [0xfffffffd];
  const chain = (data: Buffer) => {
    if (data.length === 0) return END;
    const start = sectors.length;
    const count = Math.ceil(data.length / size);
    for (let i = 0; i < count; i++) {
      const sector = Buffer.alloc(size);
      data.copy(sector, 0, i * size, Math.min(data.length, (i + 1) * size));
      sectors.push(sector);
      fat.push(i === count - 1 ? END : start + i + 1);
    }
    return start;
  };
  const mini: Buffer[] = [];
  const miniFat: number[] = [];
  const entries: { name: string; type: number; start: number; size: number }[] = [];
  for (const stream of streams) {
    if (stream.data.length >= cutoff) {
      entries.push({ name: stream.name, type: 2, start: chain(stream.data), size: stream.data.length });
      continue;
    }
    const start = stream.data.length ? mini.length : END;
    const count = Math.ceil(stream.data.length / 64);
    for (let i = 0; i < count; i++) {
      const piece = Buffer.alloc(64);
      stream.data.copy(piece, 0, i * 64, Math.min(stream.data.length, (i + 1) * 64));
      mini.push(piece);
      miniFat.push(i === count - 1 ? END : start + i + 1);
    }
    entries.push({ name: stream.name, type: 2, start, size: stream.data.length });
  }
  const miniStream = Buffer.concat(mini);
  const miniStart = chain(miniStream);
  const miniFatStart = chain(Buffer.concat(miniFat.map(u32)));
  const dir = Buffer.alloc(128 * (entries.length + 1));
  const entry = (
    i: number,
    name: string,
    type: number,
    child: number,
    right: number,
    start: number,
    n: number,
  ) => {
    const at = i * 128;
    const chars = Buffer.from(`${name}\0`, 'utf16le');
    chars.copy(dir, at);
    dir.writeUInt16LE(chars.length, at + 0x40);
    dir[at + 0x42] = type;
    dir[at + 0x43] = 1;
    dir.writeUInt32LE(NONE, at + 0x44);
    dir.writeUInt32LE(right, at + 0x48);
    dir.writeUInt32LE(child, at + 0x4c);
    dir.writeUInt32LE(start, at + 0x74);
    dir.writeUInt32LE(n, at + 0x78);
  };
  entry(0, 'Root Entry', 5, entries.length ? 1 : NONE, NONE, miniStart, miniStream.length);
  entries.forEach((e, i) =>
    entry(i + 1, e.name, e.type, NONE, i + 2 <= entries.length ? i + 2 : NONE, e.start, e.size),
  );
  const dirStart = chain(dir);
  if (fat.length > size / 4) throw new Error('test file too big for one FAT sector');
  for (let i = 0; i < size / 4; i++) sectors[0].writeUInt32LE(i < fat.length ? fat[i] : FREE, i * 4);
  const header = Buffer.alloc(size);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(shift === 9 ? 3 : 4, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(shift, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(dirStart, 0x30);
  header.writeUInt32LE(cutoff, 0x38);
  header.writeUInt32LE(miniFatStart, 0x3c);
  header.writeUInt32LE(miniFat.length ? Math.ceil((miniFat.length * 4) / size) : 0, 0x40);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  return Buffer.concat([header, ...sectors]);
}

const xls = (stream: Buffer, options?: { shift?: number; cutoff?: number }) =>
  compound([{ name: 'Workbook', data: stream }], options);

/** A sheet with every cell record kind; its globals hold a shared string table split over CONTINUEs. */
function everyKind(): Buffer {
  const sst = record(
    0x00fc,
    u32(5),
    u32(3),
    // 'abcdé中': six characters, the first three compressed here, ...
    u16(6),
    Buffer.from([0]),
    Buffer.from('abc'),
  );
  const continue1 = record(
    0x003c,
    // ... the rest UTF-16, after the continuation's own option byte.
    Buffer.from([1]),
    Buffer.from('dé中', 'utf16le'),
    // 'hi' with one rich-text run, whose four bytes are split over the next CONTINUE (no option byte).
    u16(2),
    Buffer.from([0x08]),
    u16(1),
    Buffer.from('hi'),
    Buffer.from([1, 0]),
  );
  const continue2 = record(
    0x003c,
    Buffer.from([0, 0]),
    // '东' with four bytes of Far-East phonetic data.
    u16(1),
    Buffer.from([0x05]),
    u32(4),
    Buffer.from('东', 'utf16le'),
    Buffer.from([9, 9, 9, 9]),
  );
  const globals = [
    record(0x0022, u16(0)),
    format(164, 'yyyy"年"m"月"d"日"'),
    format(165, '0.00 "h"'),
    format(166, '[Red]0.00_);\\d'),
    xf(0),
    xf(14),
    xf(164),
    xf(165),
    xf(166),
    xf(31),
    sst,
    continue1,
    continue2,
  ];
  const rk = (n: number) => u32(n);
  const sheet = [
    record(0x00fd, cell(0, 0, 0), u32(0)),
    record(0x00fd, cell(0, 1, 0), u32(1)),
    record(0x00fd, cell(0, 2, 0), u32(2)),
    record(0x00fd, cell(0, 3, 0), u32(99)), // an index beyond the table: empty text
    record(0x0204, cell(1, 0, 0), xlString('标签')),
    record(0x00d6, cell(1, 1, 0), xlString('rich'), u16(1), u32(0)),
    record(0x0203, cell(1, 2, 1), f64(45413.5)), // 2024-05-01 12:00 as a built-in date
    record(0x0203, cell(1, 3, 2), f64(45413)), // custom date format
    record(0x0203, cell(1, 4, 3), f64(1.5)), // "h" is quoted: a number
    record(0x0203, cell(1, 5, 4), f64(2.25)), // [Red], padding and an escaped d: a number
    record(0x0203, cell(1, 6, 5), f64(45413)), // built-in 31 (yyyy年m月d日 in Chinese Excel)
    record(0x027e, cell(2, 0, 0), rk((-5 << 2) | 2)), // integer
    record(0x027e, cell(2, 1, 0), rk((1234 << 2) | 3)), // integer / 100
    record(0x027e, cell(2, 2, 0), u32(0x3ff80000)), // top half of 1.5
    record(0x00bd, u16(3), u16(1), u16(0), rk((7 << 2) | 2), u16(1), rk((45413 << 2) | 2), u16(2)),
    record(0x0205, cell(4, 0, 0), Buffer.from([1, 0])),
    record(0x0205, cell(4, 1, 0), Buffer.from([0, 0])),
    record(0x0205, cell(4, 2, 0), Buffer.from([0x2a, 1])), // #N/A
    record(0x0006, cell(5, 0, 0), f64(3.25), Buffer.alloc(6)),
    record(0x0006, cell(5, 1, 0), Buffer.from([1, 0, 1, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)),
    record(0x0006, cell(5, 2, 0), Buffer.from([2, 0, 7, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)),
    record(0x0006, cell(5, 3, 0), Buffer.from([3, 0, 0, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)),
    record(0x0006, cell(5, 4, 0), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)),
    record(0x04bc, Buffer.alloc(10)), // a shared formula between FORMULA and its STRING
    record(0x0207, xlString('公式结果')),
    record(0x0006, cell(5, 5, 1), f64(45413), Buffer.alloc(6)), // a date-formatted result
    record(0x0201, cell(6, 0, 0)), // BLANK: the row has no value
    record(0x00be, u16(6), u16(1), u16(0), u16(0), u16(2)), // MULBLANK
    record(0x0203, cell(9, 1, 0), f64(9)), // rows out of order
    record(0x0203, cell(8, 0, 0), f64(8)),
    record(0x0203, cell(8, 300, 0), f64(1)), // beyond the 256 columns: ignored
    // A chart embedded in the sheet: its own substream, whose records are not cells.
    bof(0x0020),
    record(0x0203, cell(10, 0, 0), f64(10)),
    EOF,
    record(0x0207, xlString('stray')), // a STRING with no formula before it
  ];
  return workbook(globals, sheet);
}

const EVERY_KIND: { line: number; values: XlsValue[] }[] = [
  { line: 1, values: ['abcdé中', 'hi', '东', ''] },
  { line: 2, values: ['标签', 'rich', utc(2024, 5, 1, 12), utc(2024, 5, 1), 1.5, 2.25, utc(2024, 5, 1)] },
  { line: 3, values: [-5, 12.34, 1.5] },
  { line: 4, values: [null, 7, utc(2024, 5, 1)] },
  { line: 5, values: [true, false, null] },
  { line: 6, values: [3.25, true, null, null, '公式结果', utc(2024, 5, 1)] },
  { line: 9, values: [8] },
  { line: 10, values: [null, 9] },
];

// ---- tests ---------------------------------------------------------------------------------------

describe('real files', () => {
  it('customers.xls (xlwt): Chinese texts, numbers, dates, sparse rows', () => {
    expect(rowsOf(fixture('customers.xls'))).toEqual([
      { line: 1, values: ['客户名称', '客户编码', '手机号码', '邮箱', '客户等级', '地址'] },
      {
        line: 2,
        values: [
          '北京甲科技有限公司',
          'XA1',
          13800000001,
          'jia@example.cn',
          '高',
          '北京市海淀区中关村大街1号',
        ],
      },
      { line: 3, values: ['上海乙贸易有限公司', 1002, null, null, '低', utc(2024, 5, 1)] },
      { line: 4, values: ['丙公司', 'XA3', 123] },
      { line: 6, values: ['丁公司', 'XA4', null, null, '中', utc(2024, 5, 1, 9, 30)] },
    ]);
  });

  it('libreoffice.xls: MULRK/RK/NUMBER, dates, booleans and formula results; the first sheet only', () => {
    const rows = rowsOf(fixture('libreoffice.xls'));
    expect(rows.slice(0, 3)).toEqual([
      { line: 1, values: ['文本', '整数', '整数2', '小数', '日期', '时间', '布尔', '公式', '公式2', '金额'] },
      {
        line: 2,
        values: [
          '中文 and ASCII',
          42,
          -7,
          12.34,
          utc(2024, 2, 29),
          utc(1899, 12, 30, 13, 45),
          true,
          35,
          -294,
          1234.5,
        ],
      },
      {
        line: 3,
        values: ['plain ascii', 123456789, 0.1, 1e15, utc(1999, 12, 31, 23, 59, 59), null, false, null, 1],
      },
    ]);
    // 600 texts after an empty row 4, four a row; the string table spans two CONTINUE records.
    const texts = rows.slice(3);
    expect(texts.length).toBe(150);
    texts.forEach((row, r) => {
      expect(row.line).toBe(5 + r);
      expect(row.values).toEqual(
        [0, 1, 2, 3].map((c) => {
          const i = r * 4 + c;
          return i % 5 ? `文本${i}：测试` : `text ${i}: ascii`;
        }),
      );
    });
    expect(rows.flatMap((row) => row.values)).not.toContain('不应读取');
  });

  it('sst-split.xls: strings cut mid-characters at CONTINUE boundaries (UTF-16 and compressed)', () => {
    const rows = rowsOf(fixture('sst-split.xls'));
    expect(rows.length).toBe(250);
    const expected = (i: number) =>
      i % 3 ? `第${i}条：${'汉字'.repeat(5 + (i % 7))}` : `ascii text number ${i} ${'x'.repeat(i % 29)}`;
    rows.forEach((row, r) => {
      expect(row).toEqual({ line: r + 1, values: [expected(r * 2), expected(r * 2 + 1)] });
    });
  });

  it('dates1904.xls: the 1904 date system', () => {
    expect(rowsOf(fixture('dates1904.xls'))).toEqual([
      { line: 1, values: ['日期'] },
      { line: 2, values: [utc(2024, 5, 1)] },
    ]);
  });
});

describe('hand-built files', () => {
  it('reads every cell record kind, in row order, from a FAT stream', () => {
    const stream = everyKind();
    expect(stream.length).toBeGreaterThanOrEqual(512);
    expect(rowsOf(xls(stream, { cutoff: 512 }))).toEqual(EVERY_KIND);
  });

  it('reads a stream kept in the mini stream, and a version 4 file (4096-byte sectors)', () => {
    expect(rowsOf(xls(everyKind()))).toEqual(EVERY_KIND);
    const padded = Buffer.concat([everyKind(), Buffer.alloc(5000)]);
    expect(rowsOf(xls(padded, { shift: 12 }))).toEqual(EVERY_KIND);
    expect(rowsOf(xls(everyKind(), { shift: 12 }))).toEqual(EVERY_KIND);
  });

  it('finds the FAT through a DIFAT sector; a DIFAT chain that loops is damage', () => {
    const data = xls(everyKind());
    const sectors = (data.length - 512) / 512;
    const difat = Buffer.alloc(512, 0xff);
    difat.writeUInt32LE(0, 0);
    difat.writeUInt32LE(END, 508);
    const moved = Buffer.concat([data, difat]);
    moved.writeUInt32LE(FREE, 0x4c);
    moved.writeUInt32LE(sectors, 0x44);
    moved.writeUInt32LE(1, 0x48);
    expect(rowsOf(moved)).toEqual(EVERY_KIND);
    const looping = Buffer.from(moved);
    looping.writeUInt32LE(2, 0x2c); // two FAT sectors claimed, the DIFAT names one and points to itself
    looping.writeUInt32LE(sectors, moved.length - 4);
    expect(attempt(looping)).toEqual({ rejected: '文件已损坏：扇区链循环' });
  });

  it('shifts dates by 1462 days in 1904 mode', () => {
    const stream = workbook([record(0x0022, u16(1)), xf(14)], [record(0x0203, cell(0, 0, 0), f64(43951))]);
    expect(rowsOf(xls(stream))).toEqual([{ line: 1, values: [utc(2024, 5, 1)] }]);
  });

  it('reads no rows from a workbook without a worksheet', () => {
    expect(rowsOf(xls(workbook([], [record(0x0203, cell(0, 0, 0), f64(1))], 2)))).toEqual([]);
  });

  it('decides date formats as exceljs does, and decodes RK numbers', () => {
    for (const code of ['yyyy-mm-dd', 'h:mm', '[h]:mm:ss', 'YYYY/MM/DD', '[$-F800]dddd', 'mm:ss.0'])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0 "元"', '[Red]0.00', '0.00E+00', '0\\h', '@'])
      expect(isDateFormat(code), code).toBe(false);
    expect(rkValue((-1 << 2) | 2)).toBe(-1);
    expect(rkValue(0x3ff00000)).toBe(1);
    expect(rkValue(0x3ff00001)).toBe(0.01);
  });
});

describe('refusals', () => {
  const refused = (data: Buffer, message: string | RegExp) => {
    const result = attempt(data);
    expect(result.error).toBeUndefined();
    expect(result.rejected).toMatch(message);
  };

  it('an encrypted workbook (FILEPASS)', () => {
    const stream = workbook([record(0x002f, u16(1), Buffer.alloc(52))], []);
    refused(xls(stream), /^文件已加密，请取消密码后导入$/);
  });

  it('Excel 95 and older: a BIFF5 BOF, a BIFF4 BOF, a Book stream', () => {
    const old = '不支持Excel 95及更早的.xls格式，请另存为.xlsx后导入';
    refused(xls(Buffer.concat([bof(0x0005, 0x0500), EOF, Buffer.alloc(600)])), old);
    refused(xls(Buffer.concat([record(0x0409, u16(0), u16(0x10)), EOF])), old);
    refused(compound([{ name: 'Book', data: Buffer.concat([bof(0x0005, 0x0500), EOF]) }]), old);
  });

  it('a compound file without a workbook, and a stream that is not BIFF', () => {
    refused(compound([{ name: 'WordDocument', data: Buffer.alloc(100) }]), '文件内容不是Excel工作簿');
    refused(xls(Buffer.from('hello world, not a workbook')), '文件内容不是Excel工作簿');
  });

  it('truncated files', () => {
    for (const name of ['customers.xls', 'libreoffice.xls', 'sst-split.xls']) {
      const data = fixture(name);
      for (const length of [0, 8, 100, 511, 512, 1024, 3000, data.length >> 1, data.length - 600])
        refused(data.subarray(0, length), /^文件已损坏：/);
    }
    // A BIFF stream that stops in the middle of a record, or before the sheet's EOF.
    const stream = everyKind();
    refused(xls(stream.subarray(0, stream.length - 3)), /^文件已损坏：/);
    refused(xls(stream.subarray(0, stream.length - EOF.length)), /^文件已损坏：/);
  });

  it('a FAT cycle, a sector beyond the file, a directory loop', () => {
    const data = xls(Buffer.concat([everyKind(), Buffer.alloc(4096)]));
    // The stream starts at sector 1 (sector 0 is the FAT at offset 512); point sector 3 back to 1.
    const cycle = Buffer.from(data);
    cycle.writeUInt32LE(1, 512 + 3 * 4);
    refused(cycle, '文件已损坏：扇区链循环');
    const beyond = Buffer.from(data);
    beyond.writeUInt32LE(9999, 512 + 3 * 4);
    refused(beyond, '文件已损坏：扇区编号超出文件范围');
    const dirBeyond = Buffer.from(data);
    dirBeyond.writeUInt32LE(0x7ffffff0, 0x30);
    refused(dirBeyond, '文件已损坏：扇区编号超出文件范围');
    // The Workbook entry is its own right sibling.
    const dirStart = data.readUInt32LE(0x30);
    const loop = Buffer.from(data);
    loop.writeUInt32LE(1, (dirStart + 1) * 512 + 128 + 0x48);
    refused(loop, '文件已损坏：目录循环');
    const huge = Buffer.from(data);
    huge.writeUInt32LE(0xfffffff0, (dirStart + 1) * 512 + 128 + 0x78);
    refused(huge, /^文件已损坏：/);
    const fatCount = Buffer.from(data);
    fatCount.writeUInt32LE(0x7fffffff, 0x2c);
    refused(fatCount, /^文件已损坏：/);
  });

  it('a damaged header: magic, version, byte order', () => {
    const data = xls(everyKind());
    for (const [offset, value] of [
      [0x1a, 5],
      [0x1e, 10],
      [0x1c, 0xfeff],
      [0x20, 7],
    ]) {
      const bad = Buffer.from(data);
      bad.writeUInt16LE(value, offset);
      refused(bad, /^文件已损坏：/);
    }
    refused(Buffer.concat([Buffer.from('d0cf11e0a1b11ae0', 'hex'), Buffer.alloc(600)]), /^文件已损坏：/);
  });

  it('a string or record that claims more than there is', () => {
    const longString = workbook(
      [record(0x00fc, u32(1), u32(1), u16(500), Buffer.from([0]), Buffer.from('ab'))],
      [],
    );
    refused(xls(longString), '文件已损坏：字符串数据不完整');
    const longExt = workbook(
      [record(0x00fc, u32(1), u32(1), u16(1), Buffer.from([4]), u32(0xffffffff), Buffer.from('a'))],
      [],
    );
    refused(xls(longExt), '文件已损坏：字符串数据不完整');
    const shortCell = workbook([], [record(0x0203, u16(0), u16(0))]);
    refused(xls(shortCell), '文件已损坏：记录过短');
    const badSheet = workbook([], []);
    badSheet.writeUInt32LE(0x7fffffff, badSheet.indexOf(Buffer.from([0x85, 0x00])) + 4);
    refused(xls(badSheet), /^文件已损坏：/);
  });

  it('mangled real files: read or refused, never another error, always quickly', () => {
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const started = Date.now();
    const outcomes = { read: 0, rejected: 0 };
    for (const name of ['customers.xls', 'libreoffice.xls', 'sst-split.xls', 'dates1904.xls']) {
      const data = fixture(name);
      for (let round = 0; round < 150; round++) {
        const bad = Buffer.from(data);
        const flips = 1 + random(8);
        for (let i = 0; i < flips; i++) {
          // Mostly the header and structures near it, where a flip does the most.
          const at = random(3) === 0 ? random(bad.length) : random(Math.min(bad.length, 2048));
          bad[at] = random(256);
        }
        const result = attempt(round % 10 === 9 ? bad.subarray(0, random(bad.length)) : bad);
        expect(result.error, `${name} round ${round}`).toBeUndefined();
        if (result.rejected) outcomes.rejected += 1;
        else outcomes.read += 1;
      }
    }
    expect(outcomes.rejected).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
