/**
 * 预览与版本 (docs/modules/documents.md): a document's or template's versions (its records: who,
 * when, size) with 预览 and 下载 per version, and the chosen version shown below; opened from a
 * record row (文件列表) it shows that one file. Downloads go through the one HTTP client, so the
 * server's refusal (no download right) reaches the user as its message. 编辑 (edit right, an editable
 * type) opens the current file in the document server's editor, only when one is configured.
 */
import { Button, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { fetchFile, saveBlob } from '../../runtime/render/data/files';
import { DocumentEditor } from './DocumentEditor';
import { DOWNLOAD_URL, FilePreview, type FileRef } from './FilePreview';
import { shortName, sizeText } from './file-names';

interface FileRecord {
  id: string;
  version: string;
  fileName: string;
  fileSize: number;
  remark: string | null;
  createBy_dictText?: string;
  createBy: string;
  createTime: string;
}

const HEADS: Record<string, { param: FileRef['param']; records: string }> = {
  document: { param: 'documentId', records: '/sys/documentRecord/queryByDocumentId' },
  template: { param: 'templateId', records: '/sys/templateRecord/queryByTemplateId' },
};

/** The file the panel opens first, and the versions to list (none for a record row). */
function startOf(model: string, row: Record<string, unknown>): { head: FileRef; listed: boolean } {
  const head = HEADS[model];
  if (head)
    return {
      head: { param: head.param, headId: String(row.id), fileName: String(row.fileName ?? '') },
      listed: true,
    };
  const param = model === 'templateRecord' ? 'templateId' : 'documentId';
  return {
    head: {
      param,
      headId: String(row[param] ?? ''),
      recordId: String(row.id),
      fileName: String(row.fileName ?? ''),
    },
    listed: false,
  };
}

export default function DocumentFiles({ row, model }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const start = useMemo(() => startOf(model.name, row ?? {}), [model.name, row]);
  const [records, setRecords] = useState<FileRecord[]>([]);
  const [shown, setShown] = useState<FileRef>(start.head);
  const canDownload = start.listed ? String(row?.power ?? '').includes('download') : true;
  const [editorTypes, setEditorTypes] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const ext = start.head.fileName.slice(start.head.fileName.lastIndexOf('.') + 1).toLowerCase();
  const canEdit = start.listed && String(row?.power ?? '').includes('edit') && editorTypes.includes(ext);

  useEffect(() => {
    if (!start.listed) return;
    void http.get<{ enabled: boolean; types: string[] }>('/sys/document/editorConfig').then((answer) => {
      if (answer.success && answer.result?.enabled) setEditorTypes(answer.result.types);
    });
  }, [http, start.listed]);

  useEffect(() => {
    if (!start.listed) return;
    const head = HEADS[model.name];
    void http.get<FileRecord[]>(head.records, { [head.param]: start.head.headId }).then((answer) => {
      if (answer.success && Array.isArray(answer.result)) setRecords(answer.result);
      else feedback.message('warning', answer.message);
    });
  }, [http, feedback, model.name, start]);

  const download = async (file: FileRef) => {
    const answer = await fetchFile(http, DOWNLOAD_URL, {
      [file.param]: file.headId,
      ...(file.recordId ? { recordId: file.recordId } : {}),
    });
    if (answer.ok) saveBlob(answer.blob, file.fileName);
    else feedback.message('warning', answer.message);
  };

  const refOf = (record: FileRecord): FileRef => ({
    ...start.head,
    recordId: record.id,
    fileName: record.fileName,
  });
  return (
    <div className="zj-document-files">
      {start.listed && (
        <Table<FileRecord>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={records}
          rowClassName={(r) => (r.id === shown.recordId ? 'ant-table-row-selected' : '')}
          columns={[
            { title: '版本', dataIndex: 'version', width: 70 },
            {
              title: '文件名',
              dataIndex: 'fileName',
              render: (name: string) => <span title={name}>{shortName(name)}</span>,
            },
            { title: '大小', dataIndex: 'fileSize', width: 90, render: (n: number) => sizeText(n) },
            {
              title: '上传人',
              dataIndex: 'createBy',
              width: 90,
              render: (_: string, r) => r.createBy_dictText ?? r.createBy,
            },
            { title: '上传时间', dataIndex: 'createTime', width: 170 },
            { title: '版本说明', dataIndex: 'remark', ellipsis: true },
            {
              title: '操作',
              key: 'actions',
              width: 120,
              render: (_: unknown, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setShown(refOf(r))}>
                    预览
                  </Button>
                  {canDownload && (
                    <Button type="link" size="small" onClick={() => void download(refOf(r))}>
                      下载
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Space style={{ margin: '16px 0 8px' }}>
        <Typography.Text strong title={shown.fileName}>
          预览：{shown.fileName}
        </Typography.Text>
        {canDownload && (
          <Button size="small" onClick={() => void download(shown)}>
            下载
          </Button>
        )}
        {canEdit && (
          <Button size="small" type="primary" onClick={() => setEditing(true)}>
            编辑
          </Button>
        )}
      </Space>
      {editing && (
        <DocumentEditor
          target={{ param: start.head.param, headId: start.head.headId, fileName: start.head.fileName }}
          onClose={() => setEditing(false)}
        />
      )}
      <FilePreview key={`${shown.headId}:${shown.recordId ?? ''}`} file={shown} />
    </div>
  );
}
