/**
 * Shows one stored file without downloading it: images as an <img>, PDF in the browser's own
 * viewer (an iframe on a same-origin blob URL), text as text. The bytes come through the one HTTP
 * client (token header, position check on the server: preview needs the view right); .docx and
 * .xlsx as the server's HTML and cells (OfficePreview); other types get the server's message.
 */
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { fetchFile } from '../../runtime/render/data/files';
import { previewKind, type PreviewKind } from './file-names';
import { OfficePreview } from './OfficePreview';

export interface FileRef {
  /** documentId or templateId */
  param: 'documentId' | 'templateId';
  headId: string;
  recordId?: string;
  fileName: string;
}

export const DOWNLOAD_URL = '/sys/download/queryFileByDocumentId';

type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'shown'; kind: PreviewKind; url: string; text: string | null };

export function FilePreview({ file }: { file: FileRef }): React.JSX.Element {
  return previewKind(file.fileName) === 'office' ? (
    <OfficePreview file={file} />
  ) : (
    <BytesPreview file={file} />
  );
}

/** Images, PDF and text: the file's own bytes in a blob URL. */
function BytesPreview({ file }: { file: FileRef }): React.JSX.Element {
  const { http } = useRuntime();
  const [state, setState] = useState<State>({ status: 'loading' });
  const kind = previewKind(file.fileName);

  useEffect(() => {
    if (!kind) {
      setState({ status: 'failed', message: '该类型文件暂不支持在线预览，请下载后查看' });
      return;
    }
    let url: string | null = null;
    let live = true;
    setState({ status: 'loading' });
    void (async () => {
      const answer = await fetchFile(http, DOWNLOAD_URL, {
        [file.param]: file.headId,
        ...(file.recordId ? { recordId: file.recordId } : {}),
        preview: 1,
      });
      if (!live) return;
      if (!answer.ok) return setState({ status: 'failed', message: answer.message });
      const type = kind === 'pdf' ? 'application/pdf' : kind === 'text' ? 'text/plain' : answer.blob.type;
      const blob = answer.blob.slice(0, answer.blob.size, type);
      url = URL.createObjectURL(blob);
      const text = kind === 'text' ? await blob.text() : null;
      if (live) setState({ status: 'shown', kind, url, text });
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [http, file.param, file.headId, file.recordId, kind]);

  if (state.status === 'loading') return <Spin className="zj-file-preview" />;
  if (state.status === 'failed')
    return <Alert className="zj-file-preview" type="info" showIcon message={state.message} />;
  if (state.kind === 'image')
    return (
      <div className="zj-file-preview zj-file-preview--image">
        <img src={state.url} alt={file.fileName} style={{ maxWidth: '100%', maxHeight: 520 }} />
      </div>
    );
  if (state.kind === 'pdf')
    return (
      <iframe
        className="zj-file-preview zj-file-preview--pdf"
        title={`PDF预览：${file.fileName}`}
        src={state.url}
        style={{ width: '100%', height: 560, border: '1px solid #f0f0f0' }}
      />
    );
  return (
    <pre
      className="zj-file-preview zj-file-preview--text"
      style={{ maxHeight: 520, overflow: 'auto', background: '#fafafa', padding: 12, whiteSpace: 'pre-wrap' }}
    >
      {state.text}
    </pre>
  );
}
