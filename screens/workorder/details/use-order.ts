/**
 * The order the page shows, its timeline and its sub-orders, loaded together; reload() fetches them
 * again after a change without blanking the page (the sub-order table keeps its own state).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { noticeState } from '../../../src/notice/store';
import type { Row } from '../../../runtime/render/data/adapter';
import type { Page } from '../../../runtime/render/data/contract';
import type { Runtime } from '../../../runtime/render';
import { DetailsUrls } from './api';

/** More sub-orders than one order ever has; the table below pages on its own. */
const SUB_PAGE = 200;

export type OrderState =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; order: Row; timeline: Row[]; subs: Row[] };

export interface OrderData {
  state: OrderState;
  reload(): Promise<void>;
}

export function useOrder(runtime: Runtime, id: string): OrderData {
  const [state, setState] = useState<OrderState>({ kind: 'loading' });
  // An answer that arrives after a newer request started (or after unmount) is dropped.
  const serial = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++serial.current;
    const { http, data } = runtime;
    const [order, timeline, subs] = await Promise.all([
      data.queryById(DetailsUrls.order, id),
      http.get<Row[]>(DetailsUrls.timeline, { orderId: id }),
      http.get<Page<Row>>(DetailsUrls.subList, {
        orderId: id,
        pageNo: 1,
        pageSize: SUB_PAGE,
        column: 'createTime',
        order: 'asc',
      }),
    ]).catch(() => [null, null, null] as const);
    if (mine !== serial.current) return;
    if (!order || !order.success || !order.result) {
      setState({ kind: 'missing', message: order?.message ?? '' });
      return;
    }
    if (timeline && !timeline.success) runtime.feedback.message('warning', timeline.message);
    setState({
      kind: 'ready',
      order: order.result,
      timeline: timeline?.success && Array.isArray(timeline.result) ? timeline.result : [],
      subs: subs?.success ? (subs.result?.records ?? []) : [],
    });
  }, [runtime, id]);

  useEffect(() => {
    void reload();
    return () => {
      serial.current += 1;
    };
  }, [reload]);

  // Someone else changed an order this user is part of (a 'todo' socket message): show it at once.
  const { todoVersion } = useSnapshot(noticeState);
  const seen = useRef(todoVersion);
  useEffect(() => {
    if (seen.current === todoVersion) return;
    seen.current = todoVersion;
    void reload();
  }, [todoVersion, reload]);

  return { state, reload };
}
