/**
 * A record's detail as a page of its own (menu component `declared/<name>/detail`, opened at the
 * menu entry's path with `?id=<record id>`, e.g. 任务详情 /plan/taskDetails?id=…): the description
 * list the detail modal shows, and each one-to-one child's section below. The record is read through
 * the screen's queryById, so the server decides whether the caller may see it; a refusal shows its
 * message in place of the record.
 */
import { Alert, Button, Descriptions, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import type { Row } from '../data/adapter';
import { useDictTexts } from '../data/dict-texts';
import { fieldHidden } from '../permissions';
import { detailColumns, detailFields } from './detail-items';
import { DetailSections } from './DetailSections';
import { DetailValue } from './DetailValue';
import './detail-page.css';

export const DetailPageMessages = {
  noId: '缺少要查看的记录',
  back: '返回',
} as const;

export interface DetailPageProps {
  model: EntityModel;
  /** The menu entry's title (任务详情). */
  title: string;
}

type State = { kind: 'loading' } | { kind: 'ready'; record: Row } | { kind: 'refused'; message: string };

/** The record id the page was opened with (`?id=`): each id is a tab of its own, so read once. */
function recordId(): string {
  return typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('id') ?? '');
}

export function DetailPage({ model, title }: DetailPageProps): React.JSX.Element {
  const runtime = useRuntime();
  const [id] = useState(recordId);
  const [state, setState] = useState<State>(() =>
    id ? { kind: 'loading' } : { kind: 'refused', message: DetailPageMessages.noId },
  );
  useEffect(() => {
    if (!id) return;
    let live = true;
    void runtime.data.queryById(model.basePath, id).then((answer) => {
      if (!live) return;
      setState(
        answer.success && answer.result
          ? { kind: 'ready', record: answer.result }
          : { kind: 'refused', message: answer.message },
      );
    });
    return () => {
      live = false;
    };
  }, [id, model.basePath, runtime.data]);

  const hidden = useMemo(
    () => (f: FieldModel) => fieldHidden(f.permission, runtime.session.auth(), runtime.session.allAuth()),
    [runtime.session],
  );
  const fields = useMemo(() => detailFields(model, hidden), [model, hidden]);
  const records = useMemo(() => (state.kind === 'ready' ? [state.record] : []), [state]);
  const [shown] = useDictTexts(fields, records);

  return (
    <section className="zj-detail-page" data-entity={model.name}>
      <header className="zj-detail-page__head">
        <h2 className="zj-detail-page__title">{title}</h2>
        <Button onClick={() => window.history.back()}>{DetailPageMessages.back}</Button>
      </header>
      {state.kind === 'refused' ? (
        <Alert type="warning" showIcon title={state.message} />
      ) : (
        <Spin spinning={state.kind === 'loading' || !shown}>
          {shown && (
            <Descriptions
              bordered
              column={detailColumns(model)}
              items={fields.map((field) => ({
                key: field.name,
                label: field.title,
                children: <DetailValue field={field} row={shown} />,
              }))}
            />
          )}
          {state.kind === 'ready' && <DetailSections model={model} record={state.record} hidden={hidden} />}
        </Spin>
      )}
    </section>
  );
}
