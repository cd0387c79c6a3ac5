/**
 * The actions of one row in the list's declared order: 编辑 / 详情 / 删除, the declared state
 * changes and the declared read-only views, each shown only when permitted (and, for a state
 * change, allowed from the row's state).
 */
import { Button, Popconfirm } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { TransitionModel, ViewModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';
import { rowTransitions } from '../transitions/row-transitions';
import { TransitionLink } from '../transitions/TransitionLink';
import { rowViews } from '../views/view-tabs';
import type { ListController } from './useListController';

// A view's dialog (Tabs and its tables) is its own chunk, loaded when a view is first opened.
const ViewModal = lazy(() => import('../views/ViewModal').then((m) => ({ default: m.ViewModal })));

// antd's vertical Divider as a style: the whole Divider module for a 1px line is not worth a chunk.
const DIVIDER: React.CSSProperties = {
  display: 'inline-block',
  height: '0.9em',
  margin: '0 8px',
  verticalAlign: 'middle',
  borderInlineStart: '1px solid rgba(5, 5, 5, 0.06)',
};

export interface RowActionsProps {
  list: ListController;
  row: Row;
  onEdit(): void;
  onDetail(): void;
  onDelete(): Promise<void>;
  onTransition(transition: TransitionModel): Promise<void>;
}

/** The declared row actions; without a declaration the standard three and every transition. */
export function declaredRowActions(list: ListController): string[] {
  return (
    list.model.declaration.list?.rowActions ?? [
      'edit',
      'detail',
      'delete',
      ...list.model.transitions.map((t) => t.name),
    ]
  );
}

export function RowActions(props: RowActionsProps): React.JSX.Element {
  const { list, row } = props;
  const [opened, setOpened] = useState<ViewModel | null>(null);
  const close = useCallback(() => setOpened(null), []);
  const transitions = new Map(
    rowTransitions(list.model, row, list.permit).map((t) => [t.transition.name, t]),
  );
  const views = new Map(rowViews(list.model, list.permit).map((v) => [v.view.name, v]));
  const links: React.JSX.Element[] = [];
  for (const name of declaredRowActions(list)) {
    const state = name === 'edit' || name === 'delete' ? list.can(name) : 'show';
    if (state === 'hide') continue;
    if (name === 'edit')
      links.push(
        <Button key="edit" type="link" size="small" disabled={state === 'disable'} onClick={props.onEdit}>
          编辑
        </Button>,
      );
    else if (name === 'detail')
      links.push(
        <Button key="detail" type="link" size="small" onClick={props.onDetail}>
          详情
        </Button>,
      );
    else if (name === 'delete')
      links.push(
        <Popconfirm
          key="delete"
          title="确定删除吗?"
          okText="确定"
          cancelText="取消"
          onConfirm={props.onDelete}
        >
          <Button type="link" size="small" danger disabled={state === 'disable'}>
            删除
          </Button>
        </Popconfirm>,
      );
    else {
      const view = views.get(name);
      const offered = transitions.get(name);
      if (view)
        links.push(
          <Button
            key={name}
            type="link"
            size="small"
            disabled={view.disabled}
            onClick={() => setOpened(view.view)}
          >
            {view.view.title}
          </Button>,
        );
      else if (offered)
        links.push(
          <TransitionLink
            key={name}
            transition={offered.transition}
            disabled={offered.disabled}
            onConfirm={() => props.onTransition(offered.transition)}
          />,
        );
    }
  }
  return (
    <span className="zj-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {links.flatMap((link, i) =>
        i === 0 ? [link] : [<span key={`d${i}`} style={DIVIDER} aria-hidden />, link],
      )}
      {opened && (
        <Suspense fallback={null}>
          <ViewModal basePath={list.model.basePath} view={opened} id={String(row.id)} onClose={close} />
        </Suspense>
      )}
    </span>
  );
}
