/**
 * 导入EXCEL (600 wide): pick one or more .xls / .xlsx files, 确定 uploads them to the entity's
 * importExcel. The dialog only collects and sends; the caller tells the user what came back.
 * 下载导入模板 (when the caller gives `onTemplate`) downloads the 全部字段 workbook without rows.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { IMPORT_ACCEPT, IMPORT_DIALOG_WIDTH, ImportTexts, isSpreadsheet } from './import-result';

export interface ImportModalProps {
  /** Sends the files; resolves when the answer has been handled. */
  onImport(files: File[]): Promise<void>;
  onClose(): void;
  onRefused(message: string): void;
  /** Downloads the import template; absent when the user may not export (it is an export). */
  onTemplate?(): Promise<void>;
}

export function ImportModal({
  onImport,
  onClose,
  onRefused,
  onTemplate,
}: ImportModalProps): React.JSX.Element {
  const [fetching, setFetching] = useState(false);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    const picked = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => Boolean(f));
    if (picked.length === 0) return;
    setUploading(true);
    try {
      await onImport(picked);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open
      title={ImportTexts.title}
      width={IMPORT_DIALOG_WIDTH}
      className="zj-import-modal"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="ok" type="primary" disabled={files.length === 0} loading={uploading} onClick={submit}>
          {uploading ? '上传中...' : '确定'}
        </Button>,
      ]}
    >
      <Upload.Dragger
        name="files"
        multiple
        accept={IMPORT_ACCEPT}
        fileList={files}
        beforeUpload={(file) => {
          if (!isSpreadsheet(file.name)) {
            onRefused(`${file.name} 不是Excel文件(.xls/.xlsx)`);
            return Upload.LIST_IGNORE;
          }
          // Sent with 确定, not on pick: nothing reaches the server before the user confirms.
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList)}
      >
        <p className="ant-upload-drag-icon">
          <UploadOutlined />
        </p>
        <p className="ant-upload-text">选择导入文件</p>
        <p className="ant-upload-hint">点击或将文件拖拽到此处，支持 .xls、.xlsx 格式，单个文件不超过10MB</p>
      </Upload.Dragger>
      {onTemplate && (
        <div className="zj-import-modal__template" style={{ marginTop: 12 }}>
          模板含可导入的全部字段，填写后导入：
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={fetching}
            onClick={async () => {
              setFetching(true);
              try {
                await onTemplate();
              } finally {
                setFetching(false);
              }
            }}
          >
            下载导入模板
          </Button>
        </div>
      )}
    </Modal>
  );
}
