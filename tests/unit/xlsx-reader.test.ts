/**
 * The .xlsx reader (server/entity/xlsx/): workbooks written by exceljs and hand-built ones read to
 * the values they hold (shared and inline texts, rich text without its phonetic runs, dates by
 * style in both date systems, truth values, errors, formula results, prefixed element names, the
 * first tab rather than the first sheet part), a reader stopped early never breaks the next read,
 * and damaged, encrypted or lying archives are refused with XlsxRejected.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openFirstSheet } from '../../server/entity/import-read.js';
import { xlsxRows, XlsxRejected, type XlsxValue } from '../../server/entity/xlsx/index.js';

const utc = (...p: number[]) => new Date(Date.UTC(p[0], p[1] - 1, p[2], ...p.slice(3)));

async function exceljsBook(rows: ExcelJS.CellValue[][], style?: (sheet: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  style?.(sheet);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function read(data: Buffer): Promise<{ line: number; values: XlsxValue[] }[]> {
  const out = [];
  for await (const row of xlsxRows(data)) out.push(row);
  return out;
}

// ---- a hand-built zip ------------------------------------------------------------------------------

interface Part {
  name: string;
  text: string;
  /** Overrides of the central directory: a lie about the size, the encryption flag. */
  size?: number;
  flags?: number;
}

function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.from(part.text, 'utf8');
    const packed = deflateRawSync(data);
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(part.flags ?? 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(part.size ?? data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of two sheets whose first tab is sheet2.xml, with `sheet` as that tab's rows. */
function handBuilt(
  sheet: string,
  options: { date1904?: boolean; strings?: string; sheetPart?: Partial<Part> } = {},
) {
  return zip([
    // The first sheet part in the zip is not the first tab.
    {
      name: 'xl/worksheets/sheet1.xml',
      text: `<x:worksheet ${NS}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>第二页</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
    },
    {
      name: 'xl/worksheets/sheet2.xml',
      text: `<x:worksheet ${NS}><x:sheetData>${sheet}</x:sheetData></x:worksheet>`,
      ...options.sheetPart,
    },
    {
      name: 'xl/sharedStrings.xml',
      text: `<x:sst ${NS}>${options.strings ?? ''}</x:sst>`,
    },
    {
      name: 'xl/styles.xml',
      text: `<x:styleSheet ${NS}><x:numFmts><x:numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><x:numFmt numFmtId="165" formatCode="0.00&quot;元&quot;"/></x:numFmts>
        <x:cellStyleXfs><x:xf numFmtId="14"/></x:cellStyleXfs>
        <x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="164"/><x:xf numFmtId="165"/><x:xf numFmtId="22"/><x:xf numFmtId="31"/></x:cellXfs></x:styleSheet>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<x:workbook ${NS} xmlns:r="${REL}"><x:workbookPr${options.date1904 ? ' date1904="1"' : ''}/><x:sheets><x:sheet name="首页" sheetId="2" r:id="rId2"/><x:sheet name="次页" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
        <Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
        <Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>
        <Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>
        <Relationship Id="rId4" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: '_rels/.rels',
      text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
  ]);
}

const STRINGS =
  '<x:si><x:t>接待</x:t></x:si>' +
  '<x:si><x:r><x:t>多功能</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">大厅 </x:t></x:r><x:rPh sb="0" eb="1"><x:t>タモ</x:t></x:rPh></x:si>' +
  '<x:si><x:t>甲_x000D_乙</x:t></x:si>';

describe('xlsx reader', () => {
  it('reads the first tab: texts, rich text, numbers, dates by style, truth values, errors, formulas', async () => {
    const rows = await read(
      handBuilt(
        '<x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="C2" t="s"><x:v>2</x:v></x:c><x:c r="D2" t="s"><x:v>9</x:v></x:c></x:row>' +
          '<x:row r="4"><x:c r="A4" s="1"><x:v>45413</x:v></x:c><x:c r="B4" s="2"><x:v>12.5</x:v></x:c><x:c r="C4" s="3"><x:v>45413.395833333336</x:v></x:c><x:c r="D4" s="4"><x:v>45414</x:v></x:c><x:c r="E4"><x:v>13800000000</x:v></x:c></x:row>' +
          '<x:row><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:f>"S"&amp;"2"</x:f><x:v>S2</x:v></x:c><x:c t="inlineStr"><x:is><x:t>内联</x:t></x:is></x:c><x:c><x:f>A4+1</x:f></x:c></x:row>' +
          '<x:row r="9"></x:row>',
        { strings: STRINGS },
      ),
    );
    expect(rows).toEqual([
      { line: 2, values: ['多功能大厅 ', null, '甲\r乙', ''] },
      { line: 4, values: [utc(2024, 5, 1), 12.5, utc(2024, 5, 1, 9, 30), utc(2024, 5, 2), 13800000000] },
      { line: 5, values: [true, null, 'S2', '内联', null] },
    ]);
  });

  it('reads dates in the 1904 date system', async () => {
    const rows = await read(
      handBuilt('<x:row r="1"><x:c r="A1" s="1"><x:v>43951</x:v></x:c></x:row>', { date1904: true }),
    );
    expect(rows[0].values[0]).toEqual(utc(2024, 5, 1));
  });

  it('reads what exceljs writes, through the import: texts as typed, dates as yyyy-MM-dd', async () => {
    const data = await exceljsBook(
      [
        ['名称', '日期', '金额'],
        [{ richText: [{ text: '多功能' }, { font: { bold: true }, text: '大厅' }] }, utc(2024, 5, 1), 99.5],
        ["'=1+1", utc(2024, 5, 1, 9, 30), { formula: '1+1', result: 2 }],
      ],
      (sheet) => {
        sheet.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm';
      },
    );
    const sheet = await openFirstSheet('a.xlsx', data);
    const rows = [];
    for await (const row of sheet.rows) rows.push(row);
    expect(sheet.header).toEqual(['名称', '日期', '金额']);
    expect(rows).toEqual([
      { line: 2, cells: ['多功能大厅', '2024-05-01', '99.5'] },
      { line: 3, cells: ['=1+1', '2024-05-01 09:30:00', '2'] },
    ]);
  });

  it('a reader stopped early leaves the next reads whole (exceljs lost parts at random here)', async () => {
    const data = await exceljsBook([
      ['a', 'b'],
      ['1', '2'],
      ['3', null],
      ['5', '6'],
    ]);
    for (let i = 0; i < 400; i++) {
      const sheet = await openFirstSheet('x.xlsx', data);
      for await (const row of sheet.rows) if (row.line === 3) break;
    }
    const sheet = await openFirstSheet('x.xlsx', data);
    const lines = [];
    for await (const row of sheet.rows) lines.push(row.cells);
    expect(lines).toEqual([['1', '2'], ['3'], ['5', '6']]);
  });

  it('refuses damaged, encrypted, lying and sheetless archives with a reason', async () => {
    const refusal = async (data: Buffer) => {
      try {
        await read(data);
        return 'read';
      } catch (error) {
        return error instanceof XlsxRejected ? error.message : `unexpected ${String(error)}`;
      }
    };
    const row = '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>';
    expect(await refusal(handBuilt(row, { sheetPart: { flags: 1 } }))).toBe(
      '文件已加密，请先取消密码保护再导入',
    );
    expect(await refusal(handBuilt(row.repeat(2000), { sheetPart: { size: 100 } }))).toBe(
      '文件解压后过大，疑似压缩炸弹',
    );
    expect(await refusal(Buffer.from('PK\u0003\u0004 not really'))).toBe('文件已损坏：找不到压缩目录');
    expect(await refusal(zip([{ name: 'a.txt', text: 'hello' }]))).toBe('文件内容不是Excel工作簿');
    const truncated = handBuilt(row);
    expect(
      await refusal(Buffer.concat([truncated.subarray(0, 40), truncated.subarray(truncated.length - 400)])),
    ).toMatch(/^文件已损坏/);
  });
});
