/**
 * The links of one row: 编辑, 详情, then the declared extras in order (state changes, read-only
 * views, actions), then 删除. Each shows only when the screen offers it and the user may use it;
 * a state change only from its from-states, an action only where its row rule holds.
 */
import { Button, Dropdown, Popconfirm } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ActionModel, TransitionModel, ViewModel } from '../../model/declaration/model';
import { actionState } from '../actions/action-call';
import { evaluateLogic } from '../../model/declaration/logic';
import { evaluateRowRule } from '../../model/declaration/row-rule';
import type { ButtonState } from '../permissions';
import type { Row } from '../data/adapter';
import { rowTransitions, type RowViewer } from '../transitions/row-transitions';
import { TransitionLink } from '../transitions/TransitionLink';
import { rowViews } from '../views/view-tabs';
import type { ListController } from './useListController';
import { useRuntime } from '../context';

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

/** Links shown in a row before the last declared actions fold into 更多 (JeecgBoot shows 编辑 | 更多). */
export const MAX_INLINE = 5;

export interface RowActionsProps {
  list: ListController;
  row: Row;
  onEdit(): void;
  onDetail(): void;
  onDelete(): Promise<void>;
  onTransition(transition: TransitionModel): Promise<void>;
  onAction(action: ActionModel): void;
  /** A copy list's 复制 (after 详情); absent elsewhere. */
  onCopy?(): void;
}

/**
 * 编辑 / 删除: the permission's state, hidden where the declaration's row rule does not hold or
 * its row access (`rowAccess.edit` / `delete`, the rule the server refuses with) leaves the row
 * to someone else.
 */
function builtInState(
  list: ListController,
  name: 'edit' | 'delete',
  row: Row,
  viewer: RowViewer,
): ButtonState {
  const state = list.can(name);
  if (state === 'hide') return state;
  const access = list.model.rowAccess?.[name];
  if (access && (!viewer.user || !evaluateRowRule(access, row, viewer.user, viewer.perms))) return 'hide';
  const rule = list.model.declaration.list?.rowRules?.[name];
  if (rule === undefined) return state;
  try {
    return evaluateLogic(rule, row, []) ? state : 'hide';
  } catch {
    return 'hide'; // a rule outside the allow-list never shows the link
  }
}

/** The row links in order: the built-in ones the screen offers around its declared extras. */
export function declaredRowActions(list: ListController): string[] {
  const { model } = list;
  return [
    ...(['edit', 'detail'] as const).filter((b) => model.offers(b)),
    ...model.rowExtras,
    ...(model.offers('delete') ? ['delete'] : []),
  ];
}

export function RowActions(props: RowActionsProps): React.JSX.Element {
  const { list, row } = props;
  const [opened, setOpened] = useState<ViewModel | null>(null);
  const close = useCallback(() => setOpened(null), []);
  const { session } = useRuntime();
  const viewer = { user: session.user?.() ?? null, perms: session.auth().map((a) => a.action) };
  const transitions = new Map(
    rowTransitions(list.model, row, list.permit, viewer).map((t) => [t.transition.name, t]),
  );
  const views = new Map(rowViews(list.model, list.permit).map((v) => [v.view.name, v]));
  const links: React.JSX.Element[] = [];
  // Declared actions may fold into 更多 when a row has more links than fit: [link index, action].
  const foldable: [number, ActionModel, boolean][] = [];
  for (const name of declaredRowActions(list)) {
    const state = name === 'edit' || name === 'delete' ? builtInState(list, name, row, viewer) : 'show';
    if (state === 'hide') continue;
    if (name === 'edit')
      links.push(
        <Button key="edit" type="link" size="small" disabled={state === 'disable'} onClick={props.onEdit}>
          编辑
        </Button>,
      );
    else if (name === 'detail') {
      links.push(
        <Button key="detail" type="link" size="small" onClick={props.onDetail}>
          详情
        </Button>,
      );
      if (props.onCopy)
        links.push(
          <Button key="copy" type="link" size="small" className="zj-action--copy" onClick={props.onCopy}>
            复制
          </Button>,
        );
    } else if (name === 'delete')
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
      const action = list.model.action(name);
      const actionShown = action ? actionState(action, row, list.permit) : 'hide';
      if (action && actionShown !== 'hide') {
        foldable.push([links.length, action, actionShown === 'disable']);
        links.push(
          <Button
            key={name}
            type="link"
            size="small"
            disabled={actionShown === 'disable'}
            className={`zj-action zj-action--${name}`}
            onClick={() => props.onAction(action)}
          >
            {action.title}
          </Button>,
        );
      } else if (view)
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
  // More than MAX_INLINE links would widen the table past the screen: the last actions fold into 更多.
  const folded = links.length > MAX_INLINE ? foldable.slice(-(links.length - MAX_INLINE + 1)) : [];
  const foldedAt = new Set(folded.map(([at]) => at));
  const inline = links.filter((_, i) => !foldedAt.has(i));
  if (folded.length > 0)
    inline.push(
      <Dropdown
        key="more"
        trigger={['click']}
        menu={{
          items: folded.map(([, action, disabled]) => ({ key: action.name, label: action.title, disabled })),
          onClick: ({ key }) => {
            const chosen = folded.find(([, action]) => action.name === key);
            if (chosen) props.onAction(chosen[1]);
          },
        }}
      >
        <Button type="link" size="small" className="zj-row-actions__more">
          更多 <DownOutlined />
        </Button>
      </Dropdown>,
    );
  return (
    <span className="zj-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {inline.flatMap((link, i) =>
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
