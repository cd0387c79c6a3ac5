/**
 * One child entity's list inside an expanded parent row: paged and sorted by the server, with the
 * child's own 新增 / 编辑 / 详情 / 删除 (its declaration and permissions decide which). It reuses
 * the head list's controller, row actions and modals through a runtime whose adapter is scoped to
 * the parent (child-scope.ts), and a swr cache of its own: the list's cache key names the base
 * path and the query but not the scope, so two expanded parents must not share one cache.
 */
import { tablePaging } from '../list/table-paging';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Table } from 'antd';
import { useMemo, useState } from 'react';
import { SWRConfig, type Cache } from 'swr';
import type { EntityModel } from '../../model/declaration/model';
import { RuntimeContext, useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { declaredRowActions, RowActions } from '../list/RowActions';
import { tableColumns } from '../list/table-columns';
import { useListController } from '../list/useListController';
import { useRecordDialogs } from '../list/record-dialogs';
import { useActionHost } from '../actions/useActionHost';
import { useDictTexts } from '../data/dict-texts';
import { ListMessages } from '../list/ListRenderer';
import type { Result } from '../types';
import { parentScopedModel, scopedAdapter, type ChildScope } from './child-scope';

export interface ChildListProps {
  model: EntityModel;
  scope: ChildScope;
  title: string;
}

export function ChildList({ model: declared, scope, title }: ChildListProps): React.JSX.Element {
  const runtime = useRuntime();
  const { basePath, foreignKey, parentId } = scope;
  // Under its parent the foreign key is the parent's: no column, form or detail field of its own.
  const model = useMemo(() => parentScopedModel(declared, foreignKey), [declared, foreignKey]);
  const scoped = useMemo(
    () => ({ ...runtime, data: scopedAdapter(runtime.data, { basePath, foreignKey, parentId }) }),
    [runtime, basePath, foreignKey, parentId],
  );
  // Created once per mounted child list, so collapsing and expanding again starts fresh.
  const [swr] = useState(() => ({ provider: () => new Map() as Cache }));
  return (
    <SWRConfig value={swr}>
      <RuntimeContext.Provider value={scoped}>
        <ChildTable model={model} title={title} />
      </RuntimeContext.Provider>
    </SWRConfig>
  );
}

function ChildTable({ model, title }: { model: EntityModel; title: string }): React.JSX.Element {
  const runtime = useRuntime();
  const list = useListController(model);
  const { feedback } = runtime;
  const dialogs = useRecordDialogs(model, list.refresh);
  const actions = useActionHost(model, list.refresh);
  const add = model.offers('add') ? list.can('add') : 'hide';
  const rows = useDictTexts(list.columns, list.records);

  const report = (answer: Result<unknown>) =>
    feedback.message(answer.success ? 'success' : 'warning', answer.message);

  return (
    <div className="zj-inner-child" data-entity={model.name}>
      <div
        className="zj-inner-child__head"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}
      >
        <span className="zj-inner-child__title" style={{ fontWeight: 600 }}>
          {title}
        </span>
        {add !== 'hide' && (
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            disabled={add === 'disable'}
            onClick={dialogs.add}
          >
            新增
          </Button>
        )}
      </div>
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="small"
        bordered
        loading={list.loading}
        dataSource={rows as Row[]}
        columns={[
          ...tableColumns(list.columns, list.sort),
          {
            key: '$actions',
            title: '操作',
            align: 'center',
            width: Math.max(120, declaredRowActions(list).length * 56 + 16),
            render: (_: unknown, row: Row) => (
              <RowActions
                list={list}
                row={row}
                onTransition={async (t) => {
                  const answer = await runtime.data.transition(model.basePath, t, String(row.id));
                  report(answer);
                  if (answer.success) await list.refresh();
                }}
                onEdit={() => void dialogs.open('edit', row)}
                onDetail={() => void dialogs.open('detail', row)}
                onDelete={async () => report(await list.remove(String(row.id)))}
                onAction={(action) => actions.run(action, { kind: 'row', row })}
              />
            ),
          },
        ]}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ListMessages.empty} />,
        }}
        {...tablePaging(list, model, {
          // The expanded row's own padding ends the block; antd's default bottom margin doubles it.
          look: { size: 'small', style: { marginBottom: 0 } },
        })}
      />
      {dialogs.modals}
      {actions.modals}
    </div>
  );
}
