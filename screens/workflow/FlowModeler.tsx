/**
 * 流程设计 (a panel of 流程模型, docs/modules/workflow.md): the bpmn-js modeler in Chinese with our
 * properties panel, 保存 (the draft, refused when someone saved in between), 部署 (the server
 * validates; every problem is listed and its element outlined in red) and 导入XML.
 * Loaded with its panel only: bpmn-js and its CSS are in this chunk.
 */
import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useRef, useState } from 'react';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { withDiagram } from './bpmn/layout';
import type { Canvas, ElementRegistry, Moddle, Modeling, Shape } from './bpmn/services';
import { translateModule } from './bpmn/translate';
import { zhModdle } from './bpmn/zh-moddle';
import { PropertiesPanel } from './PropertiesPanel';
import './workflow.css';

interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  xml: string;
  rowVersion: number;
}

/** Element ids named in the server's messages: 「名称」(id), 节点 id：, 连线 id：. */
const problemIds = (problems: readonly string[]) =>
  problems.flatMap((p) =>
    [...p.matchAll(/\(([\w-]+)\)：|(?:节点|连线|网关) ([\w-]+)：/g)].map((m) => m[1] ?? m[2]!),
  );

export default function FlowModeler({ row, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const box = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [model, setModel] = useState<ModelRow | null>(null);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [revision, setRevision] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);

  useEffect(() => {
    void http.get<ModelRow>('/workflow/model/queryById', { id: String(row?.id ?? '') }).then((res) => {
      if (res.success) setModel(res.result);
      else setFailure(res.message);
    });
  }, [http, row]);

  const show = async (xml: string) => {
    const m = modeler.current;
    if (!m) return;
    await m.importXML(await withDiagram(xml));
    m.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
    const root = m.get<ElementRegistry>('elementRegistry').filter((e) => e.type === 'bpmn:Process')[0];
    setSelected(root ?? null);
  };

  useEffect(() => {
    if (!model || !box.current || modeler.current) return;
    const m = new Modeler({
      container: box.current,
      additionalModules: [translateModule],
      moddleExtensions: { zh: zhModdle },
    });
    modeler.current = m;
    m.on('selection.changed', (e: { newSelection: Shape[] }) => {
      const root = m.get<ElementRegistry>('elementRegistry').filter((x) => x.type === 'bpmn:Process')[0];
      const first = e.newSelection[0];
      setSelected(first?.labelTarget ?? first ?? root ?? null);
    });
    m.on('elements.changed', () => setRevision((r) => r + 1));
    void show(model.xml).catch((error: unknown) => setFailure(`流程图无法显示：${String(error)}`));
    return () => {
      m.destroy();
      modeler.current = null;
    };
    // The modeler is made once per loaded model; later saves only change its row version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model?.id]);

  const marked = useRef<string[]>([]);
  /** Outlines the elements the last deploy found fault with (and no longer the earlier ones). */
  const markProblems = (ids: string[]) => {
    const m = modeler.current;
    if (!m) return;
    const canvas = m.get<Canvas>('canvas');
    const registry = m.get<ElementRegistry>('elementRegistry');
    for (const id of marked.current) if (registry.get(id)) canvas.removeMarker(id, 'zj-wf-error');
    marked.current = ids.filter((id) => registry.get(id));
    for (const id of marked.current) canvas.addMarker(id, 'zj-wf-error');
  };

  const save = async (): Promise<boolean> => {
    if (!model || !modeler.current) return false;
    const { xml } = await modeler.current.saveXML({ format: true });
    const res = await http.put<{ rowVersion: number }>('/workflow/model/edit', {
      id: model.id,
      xml,
      rowVersion: model.rowVersion,
    });
    if (!res.success) {
      feedback.message('error', res.message);
      return false;
    }
    setModel({ ...model, xml: xml ?? model.xml, rowVersion: res.result.rowVersion });
    void refresh();
    return true;
  };

  const run = (job: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await job();
    } finally {
      setBusy(false);
    }
  };
  const onSave = run(async () => {
    if (await save()) feedback.message('success', '保存成功');
  });
  const onDeploy = run(async () => {
    if (!model || !(await save())) return;
    const res = await http.put<{ problems?: string[]; version?: number }>('/workflow/model/deploy', {
      id: model.id,
    });
    const found = res.success ? [] : (res.result?.problems ?? [res.message]);
    setProblems(found);
    markProblems(problemIds(found));
    if (res.success) {
      feedback.message('success', res.message);
      void refresh();
    }
  });
  const onImport = run(async () => {
    try {
      await show(importing ?? '');
      setImporting(null);
      setProblems([]);
    } catch (error) {
      feedback.message('error', `导入失败：${error instanceof Error ? error.message : String(error)}`);
    }
  });

  if (failure) return <Alert type="warning" showIcon title={failure} />;
  if (!model) return <Spin style={{ display: 'block', padding: 48 }} />;
  const m = modeler.current;
  return (
    <div>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{`${model.name}（${model.modelKey}）`}</Typography.Text>
        <Space data-testid="modeler-toolbar">
          <Button onClick={() => setImporting('')}>导入XML</Button>
          <Button loading={busy} onClick={() => void onSave()}>
            保存
          </Button>
          <Button type="primary" loading={busy} onClick={() => void onDeploy()}>
            部署
          </Button>
        </Space>
      </Space>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblems([])}
          style={{ marginBottom: 8 }}
          title="流程校验未通过，请修改后再部署"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="deploy-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <div className="zj-wf-modeler">
        <div ref={box} className="zj-wf-modeler-canvas" data-testid="flow-modeler" />
        <div className="zj-wf-modeler-props">
          {selected && m ? (
            <PropertiesPanel
              element={selected}
              revision={revision}
              api={{ modeling: m.get<Modeling>('modeling'), moddle: m.get<Moddle>('moddle') }}
            />
          ) : (
            <Typography.Text type="secondary">选择画布上的节点或连线以编辑属性</Typography.Text>
          )}
        </div>
      </div>
      <Modal
        title="导入XML"
        open={importing !== null}
        okText="导入"
        onOk={() => void onImport()}
        onCancel={() => setImporting(null)}
        width={720}
      >
        <Typography.Paragraph type="secondary">
          粘贴BPMN 2.0 XML，导入后替换画布上的内容（保存后才写入模型）；流程标识须与模型一致。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="流程XML"
          rows={14}
          value={importing ?? ''}
          onChange={(e) => setImporting(e.target.value)}
        />
      </Modal>
    </div>
  );
}
