/**
 * A deployed process drawn read-only by bpmn-js (NavigatedViewer: drag and zoom), with the
 * instance's passed elements and flows, and the tasks now waiting, marked in colour. The CSS of
 * bpmn-js is bundled with this chunk (no CDN: the CSP forbids it).
 */
import { Alert, Space, Spin, Tag } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef, useState } from 'react';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import { withDiagram } from './bpmn/layout';
import type { Canvas, ElementRegistry } from './bpmn/services';
import { translateModule } from './bpmn/translate';
import './workflow.css';

export interface DiagramMarks {
  done: readonly string[];
  current: readonly string[];
  flows: readonly string[];
  /** Service tasks whose handler failed (also in `current`): drawn in red. */
  failed?: readonly string[];
}

export const DiagramText = {
  done: '已完成',
  current: '进行中',
  pending: '未到达',
  stopped: '处理失败',
  failed: '流程图无法显示：',
} as const;

export function DiagramLegend({ failed = false }: { failed?: boolean }): React.JSX.Element {
  return (
    <Space size={4} className="zj-wf-legend">
      <Tag color="success">{DiagramText.done}</Tag>
      <Tag color="processing">{DiagramText.current}</Tag>
      {failed && <Tag color="error">{DiagramText.stopped}</Tag>}
      <Tag>{DiagramText.pending}</Tag>
    </Space>
  );
}

export function DiagramView({
  xml,
  marks,
  height = 420,
}: {
  xml: string;
  marks?: DiagramMarks;
  height?: number;
}): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    if (!box.current) return;
    const viewer = new NavigatedViewer({ container: box.current, additionalModules: [translateModule] });
    let live = true;
    void (async () => {
      try {
        await viewer.importXML(await withDiagram(xml));
        if (!live) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<ElementRegistry>('elementRegistry');
        canvas.zoom('fit-viewport', 'auto');
        // Only what is drawn can be marked (an element may have no shape in a hand-written diagram).
        const mark = (ids: readonly string[] | undefined, marker: string) => {
          for (const id of ids ?? []) if (registry.get(id)) canvas.addMarker(id, marker);
        };
        mark(marks?.done, 'zj-wf-done');
        mark(marks?.flows, 'zj-wf-done');
        mark(marks?.current, 'zj-wf-current');
        mark(marks?.failed, 'zj-wf-failed');
      } catch (error) {
        if (live)
          setProblem(`${DiagramText.failed}${error instanceof Error ? error.message : String(error)}`);
      } finally {
        if (live) setBusy(false);
      }
    })();
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, marks]);

  return (
    <div className="zj-wf-diagram" style={{ height }}>
      {problem && <Alert type="warning" showIcon title={problem} />}
      {busy && <Spin className="zj-wf-diagram-spin" />}
      <div ref={box} className="zj-wf-canvas" data-testid="flow-diagram" />
    </div>
  );
}
