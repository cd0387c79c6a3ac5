/**
 * The parts of a workbook the import needs besides the sheet: the worksheets by name (in tab
 * order; the first is the one a single-sheet import reads), the date system, which cell styles
 * are dates, and the shared strings.
 */
import { posix } from 'node:path';
import { builtinIsDate, isDateFormat } from '../number-formats.js';
import { SharedStrings } from '../shared-strings.js';
import { XlsxRejected } from './rejected.js';
import { parseXml, unescapeOoxml, XmlStream } from './xml.js';
import { entryBytes, entryChunks, type ZipEntry } from './zip.js';

export const WorkbookMessages = {
  notWorkbook: '文件内容不是Excel工作簿',
  noSheet: '文件中没有工作表',
} as const;

export type Entries = Map<string, ZipEntry>;

interface Relationship {
  type: string;
  target: string;
}

/** The relationships of `part` (from its _rels file), targets resolved to entry names. */
function relationships(data: Buffer, entries: Entries, part: string): Map<string, Relationship> {
  const dir = posix.dirname(part);
  const relsName = posix.join(dir, '_rels', `${posix.basename(part)}.rels`).replace(/^\.\//, '');
  const out = new Map<string, Relationship>();
  const rels = entries.get(relsName);
  if (!rels) return out;
  parseXml(entryBytes(data, rels), {
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Id || !attrs.Target) return;
      const target = attrs.Target.startsWith('/')
        ? attrs.Target.slice(1)
        : posix.normalize(posix.join(dir, attrs.Target));
      out.set(attrs.Id, { type: attrs.Type ?? '', target });
    },
  });
  return out;
}

const ofType = (rels: Map<string, Relationship>, suffix: string) =>
  [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;

/** A worksheet: its tab name and its part. */
export interface SheetPart {
  name: string;
  entry: ZipEntry;
}

export interface WorkbookParts {
  /** The first sheet of the workbook (its first tab). */
  sheet: ZipEntry;
  /** Every worksheet whose part is present, in tab order (chart sheets and dangling ones left out). */
  sheets: SheetPart[];
  date1904: boolean;
  styles?: ZipEntry;
  sharedStrings?: ZipEntry;
}

export function workbookParts(data: Buffer, entries: Entries): WorkbookParts {
  const bookName = ofType(relationships(data, entries, ''), '/officeDocument') ?? 'xl/workbook.xml';
  const book = entries.get(bookName);
  if (!book) throw new XlsxRejected(WorkbookMessages.notWorkbook);
  const rels = relationships(data, entries, bookName);
  let date1904 = false;
  let firstSheetRel: string | undefined;
  const tabs: { name: string; rel: string | undefined }[] = [];
  parseXml(entryBytes(data, book), {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
      if (name !== 'sheet') return;
      if (firstSheetRel === undefined) firstSheetRel = attrs.id;
      tabs.push({ name: attrs.name ?? '', rel: attrs.id });
    },
  });
  const sheetName = firstSheetRel === undefined ? undefined : rels.get(firstSheetRel)?.target;
  const sheet = sheetName === undefined ? undefined : entries.get(sheetName);
  if (!sheet) throw new XlsxRejected(WorkbookMessages.noSheet);
  const sheets = tabs.flatMap(({ name, rel }) => {
    const relation = rel === undefined ? undefined : rels.get(rel);
    const entry = relation?.type.endsWith('/worksheet') ? entries.get(relation.target) : undefined;
    return entry ? [{ name, entry }] : [];
  });
  const part = (suffix: string) => {
    const name = ofType(rels, suffix);
    return name === undefined ? undefined : entries.get(name);
  };
  return { sheet, sheets, date1904, styles: part('/styles'), sharedStrings: part('/sharedStrings') };
}

/** For each cell style (the cells' s attribute), whether it formats the number as a date. */
export function dateStyles(data: Buffer, styles: ZipEntry | undefined): boolean[] {
  if (!styles) return [];
  const custom = new Map<number, string>();
  const out: boolean[] = [];
  let inCellXfs = false;
  parseXml(entryBytes(data, styles), {
    open(name, attrs) {
      if (name === 'numFmt') custom.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const code = custom.get(id);
        out.push(code === undefined ? builtinIsDate(id) : isDateFormat(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return out;
}

/** The shared strings, streamed into the compact table; rich text runs joined, phonetic runs left out. */
export async function sharedStrings(data: Buffer, entry: ZipEntry | undefined): Promise<SharedStrings> {
  const strings = new SharedStrings();
  if (!entry) return strings;
  let text: string[] | undefined;
  let inT = false;
  let phonetic = 0;
  const xml = new XmlStream({
    open(name) {
      if (name === 'si') text = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't') inT = phonetic === 0;
    },
    close(name) {
      if (name === 'si' && text) {
        strings.add(unescapeOoxml(text.join('')));
        text = undefined;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inT = false;
    },
    text(value) {
      if (inT && text) text.push(value);
    },
  });
  for await (const chunk of entryChunks(data, entry)) xml.write(chunk);
  xml.end();
  return strings;
}
