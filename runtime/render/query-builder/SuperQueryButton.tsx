/**
 * The toolbar's 高级查询: opens the builder; while a query is in effect it says so and offers to
 * clear it (the spec's "active" state with its clear action).
 */
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import type { SuperQuery } from './super-query';

// The builder (its selects, pickers and saved-query panel) loads on first use, not with the list.
const QueryBuilderModal = lazy(() =>
  import('./QueryBuilderModal').then((m) => ({ default: m.QueryBuilderModal })),
);

export interface SuperQueryButtonProps {
  fields: readonly FieldModel[];
  route: string;
  value: SuperQuery | null;
  onApply(query: SuperQuery | null): void;
}

export function SuperQueryButton({
  fields,
  route,
  value,
  onApply,
}: SuperQueryButtonProps): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const active = value !== null;
  return (
    <>
      <Badge dot={active} offset={[-4, 4]}>
        <Button className="zj-super-query__open" icon={<FilterOutlined />} onClick={() => setOpen(true)}>
          高级查询
        </Button>
      </Badge>
      {active && (
        <Tooltip
          title={`${value.entries.length} 个条件（${value.matchType === 'and' ? '全部满足' : '任一满足'}）`}
        >
          <Tag
            color="processing"
            closable
            className="zj-super-query__active"
            closeIcon={<span aria-label="清空高级查询">×</span>}
            onClose={(event) => {
              event.preventDefault();
              onApply(null);
            }}
            style={{ marginInlineEnd: 0, lineHeight: '30px' }}
          >
            已有高级查询条件生效
          </Tag>
        </Tooltip>
      )}
      {open && (
        <Suspense fallback={null}>
          <QueryBuilderModal
            fields={fields}
            route={route}
            value={value}
            onApply={onApply}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
