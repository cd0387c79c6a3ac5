/** The body of the 导入成功,但是有错误数据! warning: the server's summary and the error file's link. */
import type { ImportOutcome } from './import-result';

export interface ImportWarningProps {
  outcome: Extract<ImportOutcome, { kind: 'partial' }>;
  onDownload(): void;
}

export function ImportWarning({ outcome, onDownload }: ImportWarningProps): React.JSX.Element {
  return (
    <div className="zj-import-warning">
      <div>{outcome.message}</div>
      {outcome.detail && <div style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{outcome.detail}</div>}
      {outcome.fileUrl && (
        <div style={{ marginTop: 8 }}>
          具体详情请{' '}
          <a
            href={outcome.fileUrl}
            onClick={(event) => {
              // The file needs the session's headers, so it is fetched, not followed as a plain link.
              event.preventDefault();
              onDownload();
            }}
          >
            点击下载
          </a>
        </div>
      )}
    </div>
  );
}
