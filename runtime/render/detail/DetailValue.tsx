/**
 * One value of 详细信息 as the user should read it: rich text and markdown as cleaned HTML, images as
 * thumbnails, files as download links under their uploaded names, a region as its names; anything else as text. The HTML
 * cleaner and the markdown parser load only when a detail shows such a field.
 */
import { Image, Space } from 'antd';
import { lazy, Suspense } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { usePcaa } from '../widgets/picker-api';
import { regionText } from '../widgets/region-options';
import { splitPaths, staticUrl } from '../widgets/upload-list';
import { useFileNames } from '../data/file-names';
import { ProgressCell } from '../list/progress-cell';
import { displayText } from './detail-items';

const CleanHtml = lazy(() => import('./CleanHtml'));

/** Only app paths and http(s) URLs become links or images: a stored 'javascript:' never runs. */
function safeUrl(path: string): string | null {
  const url = staticUrl(path);
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : null;
}

function RegionValue({ code }: { code: string }): React.JSX.Element {
  const pcaa = usePcaa();
  return <>{pcaa ? regionText(pcaa, code) : code}</>;
}

/** Files as download links under the names they were uploaded with (the server sends that name too). */
export function FileLinks({ paths }: { paths: readonly string[] }): React.JSX.Element {
  const nameOf = useFileNames(paths);
  return (
    <div className="zj-file-links" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {paths.map((path) => {
        const url = safeUrl(path);
        return url ? (
          <a key={path} href={url} target="_blank" rel="noopener noreferrer">
            {nameOf(path)}
          </a>
        ) : (
          <span key={path}>{nameOf(path)}</span>
        );
      })}
    </div>
  );
}

export function DetailValue({ field, row }: { field: FieldModel; row: Row }): React.JSX.Element {
  const value = row[field.name];
  const text = typeof value === 'string' ? value : '';
  switch (field.widget) {
    case 'progress':
      return <ProgressCell value={value} />;
    case 'richText':
    case 'markdown':
      return text ? (
        <Suspense fallback={null}>
          <CleanHtml source={text} markdown={field.widget === 'markdown'} />
        </Suspense>
      ) : (
        <></>
      );
    case 'image':
      return (
        <Image.PreviewGroup>
          <Space wrap>
            {splitPaths(value).map((path) => {
              const url = safeUrl(path);
              return url ? (
                <Image key={path} src={url} width={64} height={64} style={{ objectFit: 'cover' }} />
              ) : null;
            })}
          </Space>
        </Image.PreviewGroup>
      );
    case 'file':
      return <FileLinks paths={splitPaths(value)} />;
    case 'region':
      return text && !row[`${field.name}_dictText`] ? (
        <RegionValue code={text} />
      ) : (
        <>{displayText(field, row)}</>
      );
    default:
      return <>{displayText(field, row)}</>;
  }
}
