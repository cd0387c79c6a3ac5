/**
 * The add / edit form and the detail of one record, shared by the head list and the inner-table
 * child list: opening fetches the record by id first (the modal shows its loading state meanwhile),
 * a refused fetch is a warning, and a saved form refreshes the list. A copy (kind `copy`) fetches
 * the record with its children the same way and opens the add form with their copied values.
 */
import { lazy, Suspense, useState } from 'react';
import { copyRecord, type CopiedRecord } from '../../model/declaration/copy';
import type { EntityModel } from '../../model/declaration/model';
import { loadEntityModel } from '../declarations';
import { declarationFileOf } from '../inner-table/child-scope';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import type { FormMode } from '../form/form-state';
import { fieldHidden } from '../permissions';

// The modals (form engine, description list) load when first opened, not with the list.
const FormModal = lazy(() => import('../form/FormModal').then((m) => ({ default: m.FormModal })));
const DetailModal = lazy(() => import('../detail/DetailModal').then((m) => ({ default: m.DetailModal })));

type RecordDialog =
  | { kind: 'form'; mode: FormMode; record: Row | null; copy?: CopiedRecord }
  | { kind: 'detail'; record: Row | null }
  | null;

export interface RecordDialogs {
  /** Opens the empty add form. */
  add(): void;
  /** Opens the edit form or the detail of `row`, fetched by its id. */
  open(kind: 'edit' | 'detail', row: Row): Promise<void>;
  /** Opens the add form with a copy of `row` and its children (fetched by its id). */
  copy(row: Row): Promise<void>;
  /** The open modal, if any: render it once, anywhere in the list. */
  modals: React.JSX.Element;
}

/** `onAdded`: told the values of each record the add form saved (a tree list selects the new node). */
export function useRecordDialogs(
  model: EntityModel,
  refresh: () => Promise<unknown>,
  onAdded?: (values: Row) => void,
): RecordDialogs {
  const runtime = useRuntime();
  const { feedback } = runtime;
  const [dialog, setDialog] = useState<RecordDialog>(null);
  const shown = (kind: 'edit' | 'detail', record: Row | null): RecordDialog =>
    kind === 'edit' ? { kind: 'form', mode: 'edit', record } : { kind: 'detail', record };

  const open = async (kind: 'edit' | 'detail', row: Row) => {
    setDialog(shown(kind, null));
    const answer = await runtime.data.queryById(model.basePath, String(row.id));
    if (!answer.success) {
      setDialog(null);
      feedback.message('warning', answer.message);
      return;
    }
    setDialog(shown(kind, answer.result));
  };

  const copy = async (row: Row) => {
    const answer = await runtime.data.queryById(model.basePath, String(row.id));
    if (!answer.success) {
      feedback.message('warning', answer.message);
      return;
    }
    const children = await Promise.all(
      (model.declaration.children ?? []).map(async (c) => ({
        entity: c.entity,
        relation: c.relation,
        foreignKey: c.foreignKey,
        model: await loadEntityModel(declarationFileOf(c.entity)),
      })),
    );
    setDialog({ kind: 'form', mode: 'add', record: null, copy: copyRecord(model, answer.result, children) });
  };

  const modals = (
    <Suspense fallback={null}>
      {dialog?.kind === 'form' && (
        <FormModal
          key={dialog.record ? 'ready' : 'loading'}
          model={model}
          mode={dialog.mode}
          record={dialog.record}
          copy={dialog.copy}
          title={dialog.copy ? '复制' : undefined}
          onClose={() => setDialog(null)}
          onSaved={(text, values) => {
            setDialog(null);
            feedback.message('success', text);
            if (dialog.mode === 'add' && values) onAdded?.(values);
            void refresh();
          }}
        />
      )}
      {dialog?.kind === 'detail' && (
        <DetailModal
          model={model}
          record={dialog.record}
          hidden={(f) => fieldHidden(f.permission, runtime.session.auth(), runtime.session.allAuth())}
          onClose={() => setDialog(null)}
        />
      )}
    </Suspense>
  );
  return { add: () => setDialog({ kind: 'form', mode: 'add', record: null }), open, copy, modals };
}
