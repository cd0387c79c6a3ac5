/**
 * 文件 / 图片 upload. Files go to POST /sys/common/upload (multipart `file` + `biz`, default
 * 'temp'); the answer's message is the stored path and the value is the paths joined by commas.
 * `widgetOptions`: biz, limit (keep the last N), large (big files: POST /sys/common/uploadFile, up
 * to 200 MB, streamed by the server), and for images the move left / right buttons. A file over the
 * upload's size is refused here before it is sent. Files are listed under the names they were
 * uploaded with (data/file-names.ts), not the random stored names.
 */
import { LeftOutlined, PlusOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, message, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRuntime } from '../context';
import type { WidgetProps } from '../types';
import { rememberFileName, useFileNames } from '../data/file-names';
import { PickerUrls } from './picker-api';
import { optionNumber, optionString } from './picker-value';
import {
  DEFAULT_BIZ,
  isImageType,
  keepLast,
  movePath,
  splitPaths,
  staticUrl,
  UPLOAD_LIMIT_MB,
  UploadText,
} from './upload-list';

/** A stored file in the list: shown, linked and downloaded under the name it was uploaded with. */
function doneFile(path: string, nameOf: (path: string) => string): UploadFile {
  return {
    uid: path,
    name: nameOf(path),
    status: 'done',
    url: staticUrl(path),
    thumbUrl: staticUrl(path),
  };
}

/** `onUploading`: the number of files still on their way, so a page can hold its save until they land. */
type UploadFieldProps = WidgetProps & { image: boolean; onUploading?(count: number): void };

function UploadField(props: UploadFieldProps): React.JSX.Element {
  const { http } = useRuntime();
  const { field, image } = props;
  const paths = splitPaths(props.value);
  const nameOf = useFileNames(paths);
  // Several files may finish in any order: each completion adds to the latest value, not a stale one.
  const latest = useRef(paths);
  latest.current = paths;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const { onUploading } = props;
  useEffect(() => onUploading?.(pending.length), [onUploading, pending.length]);
  const limit = optionNumber(field, 'limit');
  const biz = optionString(field, 'biz') ?? DEFAULT_BIZ;
  const large = field.widgetOptions?.large === true;
  const limitMb = large ? UPLOAD_LIMIT_MB.large : UPLOAD_LIMIT_MB.usual;

  const emit = (next: string[]) => {
    latest.current = next;
    props.onChange?.(next.join(','));
  };

  const customRequest: UploadProps['customRequest'] = async (options) => {
    const file = options.file as File;
    const form = new FormData();
    // biz first: the large upload streams the file as it arrives and must know its folder by then.
    form.append('biz', biz);
    form.append('file', file, file.name);
    try {
      const answer = await http.post<null>(large ? PickerUrls.uploadLarge : PickerUrls.upload, form);
      if (!answer.success) throw new Error(answer.message || UploadText.failed);
      // The stored name is random: the list shows the file as it was called (维修记录.txt).
      rememberFileName(answer.message, file.name);
      emit(keepLast([...latest.current, answer.message], limit));
      options.onSuccess?.(answer);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : UploadText.failed);
      options.onError?.(error instanceof Error ? error : new Error(UploadText.failed));
    } finally {
      setPending((list) => list.filter((f) => f.uid !== (file as File & { uid?: string }).uid));
    }
  };

  const move = (index: number, direction: 'left' | 'right') => {
    const result = movePath(paths, index, direction);
    if (result.ok) emit(result.paths);
    else void message.warning(result.message);
  };

  const fileList = [...paths.map((path) => doneFile(path, nameOf)), ...pending];
  return (
    <Upload
      id={props.id}
      listType={image ? 'picture-card' : 'text'}
      multiple={limit !== 1}
      accept={image ? 'image/*' : undefined}
      fileList={fileList}
      disabled={props.disabled}
      customRequest={customRequest}
      beforeUpload={(file) => {
        if (image && !isImageType(file.type)) {
          void message.warning(UploadText.notImage);
          return Upload.LIST_IGNORE;
        }
        if (file.size > limitMb * 1024 * 1024) {
          void message.warning(UploadText.tooLarge(limitMb));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ file }) => {
        if (file.status === 'uploading')
          setPending((list) => [...list.filter((f) => f.uid !== file.uid), file]);
      }}
      onRemove={(file) => {
        emit(paths.filter((p) => p !== file.uid));
        return true;
      }}
      itemRender={
        image
          ? (node, file) => {
              const index = paths.indexOf(file.uid);
              if (index < 0 || props.disabled) return node;
              return (
                <div
                  className="zj-image-item"
                  style={{ position: 'relative', width: '100%', height: '100%' }}
                >
                  {node}
                  <div style={{ position: 'absolute', bottom: -22, left: 0, right: 0, textAlign: 'center' }}>
                    <Button
                      size="small"
                      type="text"
                      icon={<LeftOutlined />}
                      aria-label="左移"
                      onClick={() => move(index, 'left')}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<RightOutlined />}
                      aria-label="右移"
                      onClick={() => move(index, 'right')}
                    />
                  </div>
                </div>
              );
            }
          : undefined
      }
    >
      {image ? (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />} disabled={props.disabled}>
          上传文件
        </Button>
      )}
    </Upload>
  );
}

export function FileWidget(props: WidgetProps & { onUploading?(count: number): void }): React.JSX.Element {
  return <UploadField {...props} image={false} />;
}

export function ImageWidget(props: WidgetProps): React.JSX.Element {
  return <UploadField {...props} image />;
}
