/**
 * A routed screen from a declaration: loads the entity model, picks the renderer registered for
 * its kind, and provides the runtime to everything below.
 */
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { EntityModel } from '../model/declaration/model';
import { RuntimeContext } from './context';
import { loadEntityModel } from './declarations';
import type { Runtime } from './registry';

export interface DeclaredScreenProps {
  runtime: Runtime;
  /** The declaration's name (schemas/system/<entity>.json). */
  entity: string;
  /** The menu title; the declaration's title when absent. */
  title?: string;
}

const loading = <Spin style={{ display: 'block', padding: 48 }} />;
// antd's Result carries large illustrations; only a broken or unsupported screen needs it.
const ResultPage = lazy(() => import('antd/es/result'));

export function DeclaredScreen({ runtime, entity, title }: DeclaredScreenProps): React.JSX.Element {
  const [state, setState] = useState<{ entity: string; model?: EntityModel; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    loadEntityModel(entity).then(
      (model) => live && setState({ entity, model }),
      (error: unknown) =>
        live && setState({ entity, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [entity]);
  if (!state || state.entity !== entity) return loading;
  if (!state.model)
    return (
      <Suspense fallback={loading}>
        <ResultPage status="warning" title="页面配置有误" subTitle={state.error} />
      </Suspense>
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
        <Renderer model={state.model} title={title ?? state.model.title} />
      </Suspense>
    </RuntimeContext.Provider>
  );
}
