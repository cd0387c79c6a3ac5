/**
 * 在线编辑 (docs/modules/documents.md "Editor"): a full-window page over the app that loads the
 * configured ONLYOFFICE-compatible document server's api.js and opens the head row's current file
 * in its editor, with the config the server signed (GET /sys/document/editorConfig). Saving is the
 * document server's: when the last editor closes (or on a forced save) it calls the server back,
 * which stores the file as a new version. The spec's wrapper messages map to the api: setConfig and
 * setToken are the signed config given to DocEditor, save is that callback, export to PDF is
 * downloadAs('pdf').
 */
import { Button, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRuntime } from '../../runtime/render';

interface DocEditor {
  downloadAs(format: string): void;
  destroyEditor(): void;
}
interface DocsApi {
  DocEditor: new (placeholderId: string, config: object) => DocEditor;
}
declare global {
  interface Window {
    DocsAPI?: DocsApi;
  }
}

interface EditorAnswer {
  apiUrl: string;
  type: string;
  config: Record<string, unknown> & { document: { title: string } };
}

export interface EditorTarget {
  param: 'documentId' | 'templateId';
  headId: string;
  fileName: string;
}

const HOST_ID = 'zj-document-editor-host';

/** Loads the document server's script once per address; resolves with its DocsAPI. */
function loadApi(url: string): Promise<DocsApi> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-zj-docs-api="${CSS.escape(url)}"]`);
  if (existing && window.DocsAPI) return Promise.resolve(window.DocsAPI);
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () =>
      window.DocsAPI ? resolve(window.DocsAPI) : reject(new Error('no api')),
    );
    script.addEventListener('error', () => reject(new Error('load failed')));
    if (!existing) {
      script.src = url;
      script.dataset.zjDocsApi = url;
      document.head.appendChild(script);
    }
  });
}

export function DocumentEditor({
  target,
  onClose,
}: {
  target: EditorTarget;
  onClose(): void;
}): React.JSX.Element {
  const { http } = useRuntime();
  const editor = useRef<DocEditor | null>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; message?: string }>({
    status: 'loading',
  });

  useEffect(() => {
    let gone = false;
    void (async () => {
      const answer = await http.get<EditorAnswer>('/sys/document/editorConfig', {
        [target.param]: target.headId,
      });
      if (gone) return;
      if (!answer.success || !answer.result) return setState({ status: 'failed', message: answer.message });
      try {
        const api = await loadApi(answer.result.apiUrl);
        if (gone) return;
        editor.current = new api.DocEditor(HOST_ID, {
          ...answer.result.config,
          width: '100%',
          height: '100%',
        });
        setState({ status: 'ready' });
      } catch {
        if (!gone) setState({ status: 'failed', message: '无法连接文档服务器，请稍后再试或联系管理员' });
      }
    })();
    return () => {
      gone = true;
      editor.current?.destroyEditor();
      editor.current = null;
    };
  }, [http, target]);

  return (
    <Modal
      open
      title={
        <Space style={{ width: '100%', justifyContent: 'space-between', paddingRight: 32 }}>
          <span>在线编辑：{target.fileName}</span>
          <Space>
            <Button disabled={state.status !== 'ready'} onClick={() => editor.current?.downloadAs('pdf')}>
              导出PDF
            </Button>
            <Button onClick={onClose}>关闭</Button>
          </Space>
        </Space>
      }
      footer={null}
      onCancel={onClose}
      width="100%"
      style={{ top: 0, paddingBottom: 0, maxWidth: '100vw' }}
      styles={{ body: { height: 'calc(100vh - 110px)' } }}
      className="zj-document-editor"
      destroyOnHidden
    >
      {state.status === 'failed' && <Typography.Text type="danger">{state.message}</Typography.Text>}
      {state.status === 'loading' && <Typography.Text type="secondary">正在打开文档服务器…</Typography.Text>}
      <div style={{ height: '100%' }}>
        <div id={HOST_ID} />
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        关闭编辑器后，文档服务器会把修改保存为新版本。
      </Typography.Text>
    </Modal>
  );
}
