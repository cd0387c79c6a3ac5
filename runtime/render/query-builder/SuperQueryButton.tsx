/**
 * The toolbar's 高级查询: opens the builder; while a query is in effect it says so and offers to
 * clear it (the spec's "active" state with its clear action).
 */
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import type { SuperQuery } from './super-query';

// The "in effect" tag (antd Tag) shows only once a query is applied: not part of every list's load.
const ActiveQueryTag = lazy(() => import('./ActiveQueryTag'));

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
        <Suspense fallback={null}>
          <ActiveQueryTag value={value} onClear={() => onApply(null)} />
        </Suspense>
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
