/**
 * One loaded order: header, content and sub-orders on the left, the timeline and the note box on the
 * right (stacked on narrow screens). Every change made here reloads the order and its timeline.
 */
import { Button, Card, Col, Result, Row as Grid, Spin } from 'antd';
import { useMemo } from 'react';
import type { DataAdapter } from '../../../runtime/render/data/adapter';
import { RuntimeContext, useRuntime } from '../../../runtime/render';
import { DetailsText } from './api';
import { NoteBox } from './NoteBox';
import { OrderContent } from './OrderContent';
import { OrderHeader } from './OrderHeader';
import { OrderTimeline } from './OrderTimeline';
import { mayAddNote, type Viewer } from './order-rules';
import { SubOrders } from './SubOrders';
import { useOrder } from './use-order';
import type { DetailsModels } from './WorkOrderDetails';

export interface OrderPageProps {
  id: string;
  models: DetailsModels;
  onBack(): void;
}

/** The adapter the sub-order table uses: a successful change there reloads the page's data too. */
function notifying(data: DataAdapter, changed: () => void): DataAdapter {
  const after =
    <A extends unknown[]>(call: (...args: A) => Promise<{ success: boolean }>) =>
    async (...args: A) => {
      const answer = await call(...args);
      if (answer.success) changed();
      return answer;
    };
  return {
    ...data,
    add: after(data.add) as DataAdapter['add'],
    edit: after(data.edit) as DataAdapter['edit'],
    remove: after(data.remove) as DataAdapter['remove'],
    removeBatch: after(data.removeBatch) as DataAdapter['removeBatch'],
    transition: after(data.transition) as DataAdapter['transition'],
  };
}

export function OrderPage({ id, models, onBack }: OrderPageProps): React.JSX.Element {
  const runtime = useRuntime();
  const { state, reload } = useOrder(runtime, id);
  const viewer: Viewer = {
    username: runtime.session.user?.()?.username ?? '',
    perms: runtime.session.auth().map((a) => a.action),
  };
  const reloadLater = () => void reload();
  const pageRuntime = useMemo(
    () => ({ ...runtime, data: notifying(runtime.data, () => void reload()) }),
    [runtime, reload],
  );

  if (state.kind === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  if (state.kind === 'missing')
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={DetailsText.notFound}
          subTitle={state.message && state.message !== DetailsText.notFound ? state.message : undefined}
          extra={<Button onClick={onBack}>{DetailsText.back}</Button>}
        />
      </Card>
    );
  const { order, timeline, subs } = state;
  return (
    <div className="wo-details" data-status={String(order.status ?? '')}>
      <OrderHeader
        model={models.order}
        order={order}
        viewer={viewer}
        onBack={onBack}
        onChanged={reloadLater}
      />
      <Grid gutter={[16, 16]}>
        <Col xs={24} xl={15} className="wo-details__main">
          <OrderContent model={models.order} order={order} />
          <RuntimeContext.Provider value={pageRuntime}>
            <SubOrders model={models.sub} order={order} viewer={viewer} />
          </RuntimeContext.Provider>
        </Col>
        <Col xs={24} xl={9}>
          <Card variant="borderless" title={DetailsText.timeline} className="wo-details__timeline">
            <OrderTimeline model={models.dynamic} entries={timeline} subs={subs} />
            {mayAddNote(order, subs, viewer) && (
              <NoteBox model={models.order} order={order} subs={subs} onSaved={reloadLater} />
            )}
          </Card>
        </Col>
      </Grid>
    </div>
  );
}
