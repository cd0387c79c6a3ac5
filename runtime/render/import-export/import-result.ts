/**
 * What the user is told after an import (spec 000 section 8): code 201 is a partial success with an
 * error file to download; any other success shows the server's message; a failure names the file.
 */
import type { ImportReport } from '../data/files';
import type { Result } from '../types';

export const ImportTexts = {
  title: '导入EXCEL',
  partialTitle: '导入成功,但是有错误数据!',
  /** Code 201 with no row stored: the spec's partial title would say 导入成功 of nothing. */
  noneTitle: '导入失败，所有数据均有错误!',
  uploaded: (name: string) => `${name} 文件上传成功`,
  failed: (name: string, message: string) => `${name} ${message}.`,
  uploadFailed: (name: string) => `${name} 上传失败.`,
  noFile: '请选择要导入的文件',
} as const;

/** The import dialog's width (spec 000 section 9). */
export const IMPORT_DIALOG_WIDTH = 600;
export const IMPORT_ACCEPT = '.xls,.xlsx';

export type ImportOutcome =
  | { kind: 'success'; message: string }
  | {
      kind: 'partial';
      /** Whether any row went in: the dialog's title says 导入成功 only then. */
      stored: boolean;
      message: string;
      detail: string;
      fileUrl: string | null;
      fileName: string;
    }
  | { kind: 'failure'; message: string };

export function importOutcome(answer: Result<ImportReport | null>, fileName: string): ImportOutcome {
  if (!answer.success) return { kind: 'failure', message: ImportTexts.failed(fileName, answer.message) };
  if (answer.code === 201) {
    const report = answer.result ?? {};
    return {
      kind: 'partial',
      stored: report.successCount !== 0,
      message: answer.message,
      detail: report.msg ?? '',
      fileUrl: report.fileUrl ?? null,
      fileName: report.fileName ?? '导入错误数据.xlsx',
    };
  }
  return { kind: 'success', message: answer.message || ImportTexts.uploaded(fileName) };
}

/** The accepted extensions; anything else is refused before it is sent. */
export function isSpreadsheet(name: string): boolean {
  return /\.xlsx?$/i.test(name);
}
