/** Why a save was refused: the declaration's problems by JSON path, or why the table cannot change. */
import { Alert } from 'antd';
import type { SaveDetail } from './cgform-api';

export interface Refusal {
  message: string;
  detail: SaveDetail | null;
}

export function SaveProblems({ refusal }: { refusal: Refusal | null }): React.JSX.Element | null {
  if (!refusal) return null;
  const lines = [
    ...(refusal.detail?.issues ?? []).map((i) => `${i.path}：${i.message}`),
    ...(refusal.detail?.reasons ?? []),
  ];
  const sync = (refusal.detail?.reasons ?? []).length > 0;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={sync ? '保存未执行：这样修改表结构会丢失或改写已有数据' : refusal.message}
      description={
        lines.length > 0 ? (
          <>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {refusal.detail?.hint && (
              <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.55)' }}>{refusal.detail.hint}</div>
            )}
          </>
        ) : undefined
      }
    />
  );
}
