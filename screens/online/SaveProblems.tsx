/**
 * Why a save was refused: the declaration's problems by JSON path, or why the table cannot change.
 * A change that would rewrite or lose data comes with named migrations (docs/modules/online-forms.md):
 * the admin ticks each one (an optional one, such as dropping a renamed field's old column, only if
 * wanted) and 确认迁移并保存 sends their names; the server then performs them in one transaction.
 */
import { Alert, Button, Checkbox, Space } from 'antd';
import { useState } from 'react';
import type { Migration, SaveDetail } from './cgform-api';

export interface Refusal {
  message: string;
  detail: SaveDetail | null;
}

function MigrationConfirm({
  migrations,
  onConfirm,
}: {
  migrations: readonly Migration[];
  onConfirm(names: string[]): void;
}): React.JSX.Element {
  const [ticked, setTicked] = useState<string[]>([]);
  const ready = migrations.every((m) => m.optional || ticked.includes(m.name));
  return (
    <Space direction="vertical" size={4} style={{ marginTop: 8 }} aria-label="确认迁移">
      <strong>可以执行以下迁移（在一个事务中完成，请逐项确认）：</strong>
      {migrations.map((m) => (
        <Checkbox
          key={m.name}
          checked={ticked.includes(m.name)}
          onChange={(e) =>
            setTicked(e.target.checked ? [...ticked, m.name] : ticked.filter((n) => n !== m.name))
          }
        >
          {m.title}
          {m.optional ? '（可选）' : ''}
          <code style={{ marginLeft: 6, color: 'rgba(0,0,0,0.45)' }}>{m.name}</code>
        </Checkbox>
      ))}
      <Button danger type="primary" disabled={!ready} onClick={() => onConfirm(ticked)}>
        确认迁移并保存
      </Button>
    </Space>
  );
}

export function SaveProblems({
  refusal,
  onConfirm,
}: {
  refusal: Refusal | null;
  /** Resends the save with the confirmed migrations' names; absent where confirming is not offered. */
  onConfirm?(names: string[]): void;
}): React.JSX.Element | null {
  if (!refusal) return null;
  const lines = [
    ...(refusal.detail?.issues ?? []).map((i) => `${i.path}：${i.message}`),
    ...(refusal.detail?.reasons ?? []),
  ];
  const sync = (refusal.detail?.reasons ?? []).length > 0;
  const migrations = refusal.detail?.migrations ?? [];
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
            {onConfirm && migrations.length > 0 && (
              <MigrationConfirm key={lines.join()} migrations={migrations} onConfirm={onConfirm} />
            )}
          </>
        ) : undefined
      }
    />
  );
}
