/** The runtime reaches renderers and widgets through context, never through a module global. */
import { createContext, useContext } from 'react';
import type { Runtime } from './registry';

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime: no RuntimeContext above this component');
  return runtime;
}
