/**
 * A Word or Excel file shown in the page: the server turns a .docx into clean HTML and an .xlsx
 * into its sheets' cell texts (server/document/office-preview.ts); the HTML is cleaned again here
 * (DOMPurify, as every rich text), and sheets are plain tables, one tab per sheet.
 */
import { Alert, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { sanitizeHtml } from '../../runtime/render/widgets/sanitize';
import type { FileRef } from './FilePreview';
import './office-preview.css';

export const OFFICE_PREVIEW_URL = '/sys/download/previewOffice';

interface Sheet {
  name: string;
  rows: string[][];
  truncated: boolean;
}

type Answer = { kind: 'docx'; html: string } | { kind: 'xlsx'; sheets: Sheet[] };

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'shown'; answer: Answer };

function SheetTable({ sheet }: { sheet: Sheet }): React.JSX.Element {
  if (sheet.rows.length === 0) return <div className="zj-office-sheet-empty">（空工作表）</div>;
  const width = Math.max(...sheet.rows.map((r) => r.length));
  return (
    <div className="zj-office-sheet">
      <table>
        <tbody>
          {sheet.rows.map((row, r) => (
            <tr key={r}>
              <th>{r + 1}</th>
              {Array.from({ length: width }, (_, c) => (
                <td key={c}>{row[c] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.truncated && (
        <div className="zj-office-sheet-more">仅显示前500行、前50列，完整内容请下载后查看</div>
      )}
    </div>
  );
}

export function OfficePreview({ file }: { file: FileRef }): React.JSX.Element {
  const { http } = useRuntime();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void http
      .get<Answer>(OFFICE_PREVIEW_URL, {
        [file.param]: file.headId,
        ...(file.recordId ? { recordId: file.recordId } : {}),
      })
      .then((res) => {
        if (!live) return;
        setState(
          res.success ? { status: 'shown', answer: res.result } : { status: 'failed', message: res.message },
        );
      })
      .catch(() => live && setState({ status: 'failed', message: '预览失败，请下载后查看' }));
    return () => {
      live = false;
    };
  }, [http, file.param, file.headId, file.recordId]);

  if (state.status === 'loading') return <Spin className="zj-file-preview" />;
  if (state.status === 'failed')
    return <Alert className="zj-file-preview" type="info" showIcon message={state.message} />;
  const { answer } = state;
  if (answer.kind === 'docx')
    return (
      <div
        className="zj-file-preview zj-file-preview--docx zj-rich-text"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(answer.html) }}
      />
    );
  return (
    <Tabs
      className="zj-file-preview zj-file-preview--xlsx"
      size="small"
      items={answer.sheets.map((sheet, i) => ({
        key: String(i),
        label: sheet.name,
        children: <SheetTable sheet={sheet} />,
      }))}
    />
  );
}
