/**
 * A routed screen from a declaration: loads the entity model, picks the renderer registered for
 * its kind, and provides the runtime to everything below.
 */
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { EntityModel } from '../model/declaration/model';
import { RuntimeContext } from './context';
import { loadScreenModel } from './declarations';
import type { Runtime } from './registry';
import { hasScopeTabs, ScopeTabs } from './list/ScopeTabs';

export interface DeclaredScreenProps {
  runtime: Runtime;
  /** The declaration's name (schemas/system/<entity>.json). */
  entity: string;
  /** The menu title; the declaration's title when absent. */
  title?: string;
  /**
   * Parameters the menu entry adds to the declaration's fixed ones (`declared/workOrder?type=1`:
   * 我负责的 is the work-order list with its scope parameter); every list and export call sends them.
   */
  params?: Readonly<Record<string, string>>;
  /**
   * `detail`: one record's page (`declared/<name>/detail`, opened with `?id=`) instead of the
   * screen's list: 任务详情.
   */
  page?: 'detail';
}

/** The model with the menu's parameters joined to its fixed ones (the same model when none). */
function withParams(model: EntityModel, params: Readonly<Record<string, string>> | undefined): EntityModel {
  if (!params || Object.keys(params).length === 0) return model;
  return { ...model, fixedParams: { ...model.fixedParams, ...params } };
}

/** The renderer, under scope tabs when the declaration asks for them. */
function ScreenBody({
  model,
  title,
  Renderer,
}: {
  model: EntityModel;
  title: string;
  Renderer: React.ComponentType<{ model: EntityModel; title: string }>;
}): React.JSX.Element {
  if (!hasScopeTabs(model)) return <Renderer model={model} title={title} />;
  return <ScopeTabs model={model} render={(scoped) => <Renderer model={scoped} title={title} />} />;
}

const loading = <Spin style={{ display: 'block', padding: 48 }} />;
// antd's Result carries large illustrations; only a broken or unsupported screen needs it.
const ResultPage = lazy(() => import('antd/es/result'));
// A record's page loads with the first one opened, not with every list.
const DetailPage = lazy(() => import('./detail/DetailPage').then((m) => ({ default: m.DetailPage })));

export function DeclaredScreen({
  runtime,
  entity,
  title,
  params,
  page,
}: DeclaredScreenProps): React.JSX.Element {
  const [state, setState] = useState<{ entity: string; model?: EntityModel; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadScreenModel(entity, runtime.http).then(
      (model) => live && setState({ entity, model }),
      (error: unknown) =>
        live && setState({ entity, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [entity, runtime.http]);
  if (!state || state.entity !== entity) return loading;
  if (!state.model)
    return (
      <Suspense fallback={loading}>
        <ResultPage status="warning" title="页面配置有误" subTitle={state.error} />
      </Suspense>
    );
  if (page === 'detail')
    return (
      <RuntimeContext.Provider value={runtime}>
        <Suspense fallback={loading}>
          <DetailPage model={state.model} title={title ?? `${state.model.title}详情`} />
        </Suspense>
      </RuntimeContext.Provider>
    );
  const Renderer = runtime.renderers.get(state.model.declaration.kind);
  if (!Renderer)
    return (
      <Suspense fallback={loading}>
        <ResultPage
          status="info"
          title="功能建设中"
          subTitle={`暂不支持的页面类型：${state.model.declaration.kind}`}
        />
      </Suspense>
    );
  return (
    <RuntimeContext.Provider value={runtime}>
      <Suspense fallback={loading}>
        <ScreenBody
          model={withParams(state.model, params)}
          title={title ?? state.model.title}
          Renderer={Renderer}
        />
      </Suspense>
    </RuntimeContext.Provider>
  );
}
