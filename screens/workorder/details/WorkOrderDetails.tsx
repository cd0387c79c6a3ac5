/**
 * 工单详情 (/HomePage/DistributedDetails/details?id=<orderId>, menu key
 * modules/workOrder/WorkOrderDetails): the order's header with the changes this user may make, its
 * content, sub-orders and timeline, and a box to add a note. Reminders (催办) and the lists lead here.
 * The pieces reuse the engine: the declarations' transitions and confirm texts, the sub-order
 * declaration's list and forms, the detail widgets for rich text and files.
 */
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EntityModel } from '../../../runtime/model/declaration/model';
import { RuntimeContext, type Runtime } from '../../../runtime/render';
import { loadEntityModel } from '../../../runtime/render/declarations';
import type { ScreenProps } from '../../../src/router/components';
import { appRuntime } from '../../../src/router/runtime';
import { DetailsText, FALLBACK_PATH } from './api';
import { OrderPage } from './OrderPage';
import './details.css';

export interface DetailsModels {
  order: EntityModel;
  sub: EntityModel;
  dynamic: EntityModel;
}

async function loadModels(): Promise<DetailsModels> {
  const [order, sub, dynamic] = await Promise.all(
    ['workOrder', 'workOrderSub', 'workOrderDynamic'].map(loadEntityModel),
  );
  return { order, sub, dynamic };
}

const loading = <Spin style={{ display: 'block', padding: 48 }} />;

/** 返回: back where the user came from, or to 我负责的 when the page was opened directly. */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(FALLBACK_PATH);
  };
}

export default function WorkOrderDetails(_props: ScreenProps): React.JSX.Element {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBack();
  const [ready, setReady] = useState<{ runtime: Runtime; models: DetailsModels } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    Promise.all([appRuntime(), loadModels()]).then(
      ([runtime, models]) => live && setReady({ runtime, models }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!id)
    return (
      <Result
        status="warning"
        title={DetailsText.missingId}
        subTitle={DetailsText.missingIdHint}
        extra={<Button onClick={back}>{DetailsText.back}</Button>}
      />
    );
  if (error) return <Result status="error" title={error} />;
  if (!ready) return loading;
  return (
    <RuntimeContext.Provider value={ready.runtime}>
      {/* Keyed by id: another order (a second reminder) starts from a clean state. */}
      <OrderPage key={id} id={id} models={ready.models} onBack={back} />
    </RuntimeContext.Provider>
  );
}
