/**
 * Runs a screen's declared actions: a request (after its confirmation or its form), a panel in
 * a modal or drawer, a link, or the screen's add form with values from the row (actions[].add).
 * The list calls `run`; `modals` renders whatever is open. Forms and panels load on first use, so
 * a list without actions carries none of their code.
 */
import { lazy, Suspense, useState } from 'react';
import type { ActionModel, EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import type { Result } from '../types';
import {
  actionAddValues,
  actionCall,
  actionConfirm,
  actionFormModel,
  actionLink,
  type ActionTarget,
} from './action-call';

const FormModal = lazy(() => import('../form/FormModal').then((m) => ({ default: m.FormModal })));
const PanelHost = lazy(() => import('./PanelHost').then((m) => ({ default: m.PanelHost })));

export const ActionMessages = { selectOne: '请选择一条记录！' } as const;

type Open =
  | { kind: 'form'; action: ActionModel; target: ActionTarget }
  | { kind: 'panel'; action: ActionModel; row: Row | null }
  | { kind: 'add'; action: ActionModel; prefill: { values: Row; fixed: string[] } }
  | null;

export interface ActionHost {
  run(action: ActionModel, target: ActionTarget): void;
  modals: React.JSX.Element;
}

export function useActionHost(model: EntityModel, refresh: () => Promise<unknown>): ActionHost {
  const runtime = useRuntime();
  const { feedback } = runtime;
  const [open, setOpen] = useState<Open>(null);

  const send = (action: ActionModel, target: ActionTarget, values?: Row): Promise<Result<unknown>> =>
    runtime.data.action(actionCall(model, action, target, values));

  const request = async (action: ActionModel, target: ActionTarget) => {
    const answer = await send(action, target);
    feedback.message(answer.success ? 'success' : 'warning', answer.message);
    if (answer.success) await refresh();
  };

  const run = (action: ActionModel, target: ActionTarget) => {
    if (action.link !== undefined) {
      const path = target.kind === 'row' ? actionLink(action, target.row) : null;
      if (path) runtime.navigate(path);
      return;
    }
    if (action.add) {
      setOpen({
        kind: 'add',
        action,
        prefill: actionAddValues(action, target.kind === 'row' ? target.row : null),
      });
      return;
    }
    const needsRows = !action.panel && action.request?.ids !== 'none';
    if (target.kind === 'selection' && needsRows && target.ids.length === 0) {
      feedback.message('warning', ActionMessages.selectOne);
      return;
    }
    if (action.panel) {
      setOpen({ kind: 'panel', action, row: target.kind === 'row' ? target.row : null });
      return;
    }
    if (action.form) {
      setOpen({ kind: 'form', action, target });
      return;
    }
    const confirm = actionConfirm(action);
    if (!confirm) {
      void request(action, target);
      return;
    }
    feedback.dialog('confirm', {
      title: action.title,
      content: confirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () => request(action, target),
    });
  };

  const close = () => setOpen(null);
  const modals = (
    <Suspense fallback={null}>
      {open?.kind === 'form' && (
        <FormModal
          model={actionFormModel(model, open.action)}
          mode="add"
          record={null}
          title={open.action.form?.title ?? open.action.title}
          send={(body) => send(open.action, open.target, body)}
          onClose={close}
          onSaved={(text) => {
            close();
            feedback.message('success', text);
            void refresh();
          }}
        />
      )}
      {open?.kind === 'add' && (
        <FormModal
          model={model}
          mode="add"
          record={null}
          title={open.action.add?.title ?? open.action.title}
          prefill={open.prefill}
          onClose={close}
          onSaved={(text) => {
            close();
            feedback.message('success', text);
            void refresh();
          }}
        />
      )}
      {open?.kind === 'panel' && (
        <PanelHost model={model} action={open.action} row={open.row} close={close} refresh={refresh} />
      )}
    </Suspense>
  );
  return { run, modals };
}
