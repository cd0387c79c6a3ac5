/**
 * Preview of Word and Excel files (.docx, .xlsx) without an office suite: a .docx becomes HTML
 * (mammoth: headings, paragraphs, lists, tables, links, images; no layout), cleaned with the same
 * allow-list as announcements; an .xlsx becomes its sheets' cell texts (exceljs), at most
 * MAX_SHEETS sheets of MAX_ROWS rows and MAX_COLUMNS columns. The answer is data, never a file the
 * browser would run: the HTML is cleaned here and again in the browser. Neither parser inflates
 * anything: the zip is first rebuilt with every entry inflated through the counting guard
 * (entity/zip-rebuild.ts, the imports' guard), so a bomb is refused after at most
 * PREVIEW_ZIP_LIMITS.maxTotalBytes of output, however small its directory says it is.
 */
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { ApiError } from '../result.js';
import { cleanHtml } from '../security/html.js';
import { ZIP_LIMITS, ZipRejected, type ZipLimits } from '../entity/zip-guard.js';
import { InflateMessages } from '../entity/zip-inflate.js';
import { inflatedZip } from '../entity/zip-rebuild.js';
import { XlsxRejected } from '../entity/xlsx/rejected.js';

export const OFFICE_PREVIEW_EXTENSIONS = ['docx', 'xlsx'] as const;
export type OfficeKind = (typeof OFFICE_PREVIEW_EXTENSIONS)[number];

/** Bounds of what a preview reads: the file, what it unpacks to, and what it shows of a sheet. */
export const PREVIEW_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  sheets: 10,
  rows: 500,
  columns: 50,
} as const;

/**
 * What a previewed file may unpack to: Word documents carry their pictures (more entries than a
 * workbook), and what is unpacked is held whole while the parser reads it, so far less than an
 * import streams: 40 MiB in all (a 20 MB file of pictures and its text).
 */
export const PREVIEW_ZIP_LIMITS: ZipLimits = {
  ...ZIP_LIMITS,
  maxEntries: 2000,
  maxEntryBytes: 40 * 1024 * 1024,
  maxTotalBytes: 40 * 1024 * 1024,
};

export const OfficePreviewMessages = {
  tooLarge: '文件过大，无法在线预览，请下载后查看',
  unreadable: '文件已损坏或格式不正确，无法预览',
} as const;

export interface SheetPreview {
  name: string;
  rows: string[][];
  /** More rows or columns than the preview shows. */
  truncated: boolean;
}

export type OfficePreview = { kind: 'docx'; html: string } | { kind: 'xlsx'; sheets: SheetPreview[] };

export function officeKind(fileName: string): OfficeKind | null {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (OFFICE_PREVIEW_EXTENSIONS as readonly string[]).includes(ext) ? (ext as OfficeKind) : null;
}

async function sheetsOf(file: Buffer): Promise<SheetPreview[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book.worksheets.slice(0, PREVIEW_LIMITS.sheets).map((sheet) => {
    const rowCount = Math.min(sheet.actualRowCount === 0 ? 0 : sheet.rowCount, PREVIEW_LIMITS.rows);
    const columnCount = Math.min(sheet.columnCount, PREVIEW_LIMITS.columns);
    const rows: string[][] = [];
    for (let r = 1; r <= rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columnCount; c++) cells.push(row.getCell(c).text ?? '');
      rows.push(cells);
    }
    // Trailing empty rows say nothing.
    while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell === '')) rows.pop();
    return {
      name: sheet.name,
      rows,
      truncated: sheet.rowCount > PREVIEW_LIMITS.rows || sheet.columnCount > PREVIEW_LIMITS.columns,
    };
  });
}

/** The preview of one stored file's bytes; refused with a message when it is too big or unreadable. */
export async function officePreview(kind: OfficeKind, file: Buffer): Promise<OfficePreview> {
  if (file.length > PREVIEW_LIMITS.fileBytes) throw new ApiError(OfficePreviewMessages.tooLarge);
  let unpacked: Buffer;
  try {
    unpacked = await inflatedZip(file, PREVIEW_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipRejected) throw new ApiError(error.message);
    if (error instanceof XlsxRejected && error.message === InflateMessages.oversized)
      throw new ApiError(error.message);
    if (error instanceof XlsxRejected) throw new ApiError(OfficePreviewMessages.unreadable);
    throw error;
  }
  try {
    if (kind === 'docx') {
      const { value } = await mammoth.convertToHtml({ buffer: unpacked });
      return { kind, html: cleanHtml(value) };
    }
    return { kind, sheets: await sheetsOf(unpacked) };
  } catch {
    throw new ApiError(OfficePreviewMessages.unreadable);
  }
}
