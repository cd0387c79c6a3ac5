/**
 * 对比: two versions side by side, per field (新增 / 删除 / 修改, with each changed property's
 * value in version A and in version B) and the changed screen settings (version-diff.ts).
 */
import { Table, Tag, Typography } from 'antd';
import { diffDeclarations, shown, type FieldDiff, type PropertyChange } from './version-diff';
import type { DeclarationDraft } from './field-edit';

const STATUS: Record<FieldDiff['status'], { text: string; color: string }> = {
  added: { text: '新增', color: 'green' },
  removed: { text: '删除', color: 'red' },
  changed: { text: '修改', color: 'orange' },
  same: { text: '未变', color: 'default' },
};

function Props({ changes, side }: { changes: PropertyChange[]; side: 'before' | 'after' }) {
  const list = changes.filter((c) => c[side] !== undefined);
  if (list.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div>
      {list.map((c) => (
        <div key={c.key}>
          <Typography.Text type="secondary">{c.key}：</Typography.Text>
          <Typography.Text delete={side === 'before'} strong={side === 'after'}>
            {shown(c[side])}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}

export default function VersionDiff({
  a,
  b,
  from,
  to,
}: {
  a: DeclarationDraft;
  b: DeclarationDraft;
  from: number;
  to: number;
}): React.JSX.Element {
  const diff = diffDeclarations(a, b);
  const changed = diff.fields.filter((f) => f.status !== 'same');
  const rows: (FieldDiff & { key: string })[] = [
    ...changed.map((f) => ({ ...f, key: f.name })),
    ...(diff.settings.length > 0
      ? [
          {
            key: '$settings',
            name: '',
            title: '页面设置',
            status: 'changed' as const,
            changes: diff.settings,
          },
        ]
      : []),
  ];
  return (
    <div aria-label="版本对比">
      <Typography.Paragraph type="secondary">
        版本 {from} → 版本 {to}：{changed.length} 个字段有变化，
        {diff.fields.length - changed.length} 个未变{diff.settings.length > 0 ? '，页面设置有变化' : ''}。
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        locale={{ emptyText: '两个版本相同' }}
        columns={[
          {
            title: '字段',
            width: 180,
            render: (_, f) => (f.name ? `${f.title}（${f.name}）` : f.title),
          },
          {
            title: '变化',
            width: 70,
            render: (_, f) => <Tag color={STATUS[f.status].color}>{STATUS[f.status].text}</Tag>,
          },
          {
            title: `版本 ${from}`,
            width: '38%',
            render: (_, f) => <Props changes={f.changes} side="before" />,
          },
          { title: `版本 ${to}`, width: '38%', render: (_, f) => <Props changes={f.changes} side="after" /> },
        ]}
      />
    </div>
  );
}
