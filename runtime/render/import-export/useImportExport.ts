/**
 * 导出 and 导入 of a list: the export sends the selected ids when rows are selected, else the list's
 * current query, with the list's columns or (导出全部字段, `fields=all`) every field the import
 * takes back; the import template is that workbook without rows (`template=1`); the import reports
 * the server's answer the spec's way and refreshes the list.
 */
import { createElement, useState } from 'react';
import { useRuntime } from '../context';
import type { FeedbackPort } from '../feedback';
import type { ListParams } from '../data/adapter';
import { saveBlob } from '../data/files';
import type { ListController } from '../list/useListController';
import { ImportTexts, importOutcome } from './import-result';
import { ImportWarning } from './ImportWarning';

/** Which fields an export writes: the list's columns, or every importable field (全部字段). */
export type ExportFields = 'list' | 'all';

export const ExportTexts = {
  templateName: (title: string) => `${title}导入模板`,
} as const;

export interface ImportExport {
  exporting: boolean;
  exportRows(fields?: ExportFields): Promise<void>;
  /** The import template: the 全部字段 workbook's sheets and headers, no rows. */
  downloadTemplate(): Promise<void>;
  /** Resolves true when the dialog may close (the files were taken, whatever their rows held). */
  importFiles(files: File[]): Promise<boolean>;
}

export function useImportExport(list: ListController, feedback: FeedbackPort): ImportExport {
  const { data } = useRuntime();
  const { model } = list;
  const [exporting, setExporting] = useState(false);

  const downloadErrors = async (url: string, fileName: string) => {
    const answer = await data.download(url);
    if (answer.ok) saveBlob(answer.blob, fileName);
    else feedback.message('warning', answer.message);
  };

  const download = async (params: ListParams, fileName: string) => {
    setExporting(true);
    try {
      const answer = await data.exportXls(model.basePath, params);
      if (answer.ok) saveBlob(answer.blob, `${fileName}.xlsx`);
      else feedback.message('warning', answer.message);
    } finally {
      setExporting(false);
    }
  };

  return {
    exporting,
    async exportRows(fields = 'list') {
      const fileName = model.title;
      // The default export's request is unchanged (no `fields` parameter).
      const which: ListParams = fields === 'all' ? { fields: 'all' } : {};
      const params: ListParams =
        list.selected.length > 0
          ? { selections: list.selected.join(','), fileName, ...which }
          : { ...list.queryParams, fileName, ...which };
      await download(params, fileName);
    },
    async downloadTemplate() {
      const fileName = ExportTexts.templateName(model.title);
      await download({ ...model.fixedParams, template: '1', fileName }, fileName);
    },
    async importFiles(files) {
      const name = files.map((f) => f.name).join(',');
      let answer;
      try {
        answer = await data.importExcel(model.basePath, files);
      } catch {
        // HTTP failures were shown by the client's error catalogue; name the file too.
        feedback.message('error', ImportTexts.uploadFailed(name));
        return false;
      }
      const outcome = importOutcome(answer, name);
      if (outcome.kind === 'failure') {
        feedback.message('warning', outcome.message);
        return false;
      }
      void list.refresh();
      if (outcome.kind === 'success') feedback.message('success', outcome.message);
      else
        feedback.dialog('warning', {
          title: outcome.stored ? ImportTexts.partialTitle : ImportTexts.noneTitle,
          width: 480,
          okText: '知道了',
          content: createElement(ImportWarning, {
            outcome,
            onDownload: () => void (outcome.fileUrl && downloadErrors(outcome.fileUrl, outcome.fileName)),
          }),
        });
      return true;
    },
  };
}
