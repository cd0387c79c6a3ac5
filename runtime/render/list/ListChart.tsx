/**
 * The declared chart above a list (`list.chart`): the page's rows as a bar or line chart, drawn by
 * the report's EChart (its own chunk, loaded only by lists that declare a chart).
 */
import { lazy, Suspense, useMemo } from 'react';
import { listChartOption } from '../../model/declaration/list-chart';
import type { EntityModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';

const EChart = lazy(() => import('../report/EChart'));

export function ListChart({
  model,
  rows,
}: {
  model: EntityModel;
  rows: readonly Row[];
}): React.JSX.Element | null {
  const chart = model.declaration.list?.chart;
  const option = useMemo(() => (chart ? listChartOption(model, chart, rows) : null), [model, chart, rows]);
  if (!option || rows.length === 0) return null;
  return (
    <Suspense fallback={<div style={{ height: chart!.height ?? 240 }} />}>
      <EChart option={option} height={chart!.height ?? 240} className="zj-list-chart" />
    </Suspense>
  );
}
