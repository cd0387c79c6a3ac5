/**
 * The stage screens' frame: the app's runtime and the node-file declaration, loaded once, then the
 * screen inside the runtime context (as the project page does).
 */
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { EntityModel } from '../../runtime/model/declaration/model';
import { RuntimeContext, type Runtime } from '../../runtime/render';
import { loadEntityModel } from '../../runtime/render/declarations';
import { appRuntime } from '../../src/router/runtime';

export function WithStageRuntime({
  children,
}: {
  children(runtime: Runtime, fileModel: EntityModel): React.ReactNode;
}): React.JSX.Element {
  const [ready, setReady] = useState<{ runtime: Runtime; fileModel: EntityModel } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    Promise.all([appRuntime(), loadEntityModel('projectNodeFile')]).then(
      ([runtime, fileModel]) => live && setReady({ runtime, fileModel }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <Result status="error" title={error} />;
  if (!ready) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <RuntimeContext.Provider value={ready.runtime}>
      {children(ready.runtime, ready.fileModel)}
    </RuntimeContext.Provider>
  );
}
