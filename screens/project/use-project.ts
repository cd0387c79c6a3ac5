/**
 * The project the page shows, loaded through getProjectById (the server decides who may see it);
 * reload() fetches it again after a change without blanking the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row } from '../../runtime/render/data/adapter';
import type { Runtime } from '../../runtime/render';
import { PageUrls } from './text';

export type ProjectState =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; project: Row };

export function useProject(runtime: Runtime, id: string): { state: ProjectState; reload(): Promise<void> } {
  const [state, setState] = useState<ProjectState>({ kind: 'loading' });
  const serial = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++serial.current;
    const answer = await runtime.http.get<Row>(PageUrls.project, { projectId: id }).catch(() => null);
    if (mine !== serial.current) return;
    if (answer?.success && answer.result) setState({ kind: 'ready', project: answer.result });
    else if (answer?.code === 403) setState({ kind: 'refused', message: answer.message });
    else setState({ kind: 'missing', message: answer?.message ?? '' });
  }, [runtime, id]);
  useEffect(() => {
    void reload();
    return () => {
      serial.current += 1;
    };
  }, [reload]);
  return { state, reload };
}
