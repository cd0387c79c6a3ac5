/**
 * A project's stage flow as the stage tab, 项目流程图 and 节点详情 show it: the diagram of its
 * instance (stageDiagram), what the caller may do (queryPower) and its nodes with their templates
 * and file counts (queryByProcInsId). A project that was never started answers no flow.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Runtime } from '../../runtime/render';
import { StageUrls } from './text';

export interface StageTemplate {
  id: string;
  taskDefKey: string;
  title: string;
  content: string | null;
  requiredFiles: string | null;
}

export interface StageNodeInfo {
  taskDefKey: string;
  nodeName: string;
  status: 'done' | 'current' | 'pending';
  fileCount: number;
  template: StageTemplate | null;
}

export interface StagePower {
  procInsId: string | null;
  taskDefKey: string | null;
  nodeName: string | null;
  advance: boolean;
  reason: string | null;
  /** The caller may advance and return this project's stages (whatever its state). */
  mayAdvance?: boolean;
  /** The caller may urge the open stage (an owner of a running project). */
  mayUrge?: boolean;
}

export interface StageHistory {
  id: string;
  time: string;
  nodeName: string | null;
  action: string;
  actionText: string | null;
  realname: string;
  comment: string | null;
}

export interface StageDiagram {
  xml: string;
  done: string[];
  current: string[];
  flows: string[];
  statusText: string;
  history: StageHistory[];
}

export type StageState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'none'; power: StagePower }
  | { kind: 'ready'; power: StagePower; diagram: StageDiagram; nodes: StageNodeInfo[] };

export function useStage(
  runtime: Runtime,
  projectId: string,
): { state: StageState; reload(): Promise<void> } {
  const [state, setState] = useState<StageState>({ kind: 'loading' });
  const serial = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++serial.current;
    const { http } = runtime;
    const power = await http.get<StagePower>(StageUrls.power, { projectId });
    if (mine !== serial.current) return;
    if (!power.success) return setState({ kind: 'failed', message: power.message });
    const procInsId = power.result.procInsId;
    if (!procInsId) return setState({ kind: 'none', power: power.result });
    const [diagram, nodes] = await Promise.all([
      http.get<StageDiagram>(StageUrls.diagram, { projectId }),
      http.get<StageNodeInfo[]>(StageUrls.nodes, { procInsId }),
    ]);
    if (mine !== serial.current) return;
    if (!diagram.success || !nodes.success)
      return setState({ kind: 'failed', message: diagram.success ? nodes.message : diagram.message });
    setState({ kind: 'ready', power: power.result, diagram: diagram.result, nodes: nodes.result });
  }, [runtime, projectId]);
  useEffect(() => {
    void reload();
    return () => {
      serial.current += 1;
    };
  }, [reload]);
  return { state, reload };
}
