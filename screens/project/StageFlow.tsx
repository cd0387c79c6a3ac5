/**
 * A project's stage flow: the current stage, 催办 (the project's owners), 退回阶段 and 推进阶段 (for
 * the project's manager, members and holders of 推进阶段 with the button; the server decides again), the bpmn-js viewer of its instance with passed and
 * current nodes marked (the workflow screens' DiagramView), the stages as steps, and the chosen
 * stage's template and files (the current one first).
 */
import { Alert, Button, Empty, Input, Modal, Space, Spin, Steps, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { EntityModel } from '../../runtime/model/declaration/model';
import { useRuntime } from '../../runtime/render';
import { DiagramLegend, DiagramView } from '../workflow/DiagramView';
import { StageNode } from './StageNode';
import { StageReturn } from './StageReturn';
import { StageUrge } from './StageUrge';
import { StageText, StageUrls } from './text';
import { useStage, type StageNodeInfo } from './use-stage';

const STEP_STATUS = { done: 'finish', current: 'process', pending: 'wait' } as const;

export interface StageFlowProps {
  projectId: string;
  fileModel: EntityModel;
  /** The project changed (a stage advanced; the last one closes it). */
  onChanged?(): void;
  diagramHeight?: number;
}

export function StageFlow({
  projectId,
  fileModel,
  onChanged,
  diagramHeight = 240,
}: StageFlowProps): React.JSX.Element {
  const runtime = useRuntime();
  const { state, reload } = useStage(runtime, projectId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = state.kind === 'ready' ? state : null;
  const marks = useMemo(
    () =>
      ready
        ? { done: ready.diagram.done, current: ready.diagram.current, flows: ready.diagram.flows }
        : undefined,
    [ready],
  );

  if (state.kind === 'loading') return <Spin style={{ display: 'block', padding: 32 }} />;
  if (state.kind === 'failed') return <Alert type="warning" showIcon title={state.message} />;
  if (state.kind === 'none') return <Empty description={StageText.notStarted} />;
  const { power, diagram, nodes } = state;
  const current = nodes.find((n) => n.status === 'current');
  const shown: StageNodeInfo | undefined =
    nodes.find((n) => n.taskDefKey === chosen) ?? current ?? nodes[nodes.length - 1];

  const changed = async () => {
    setChosen(null);
    await reload();
    onChanged?.();
  };
  const advance = async () => {
    setBusy(true);
    const answer = await runtime.http.put(StageUrls.advance, {
      projectId,
      taskDefKey: power.taskDefKey,
      comment,
    });
    setBusy(false);
    runtime.feedback.message(answer.success ? 'success' : 'warning', answer.message);
    if (!answer.success) return;
    setAsking(false);
    setComment('');
    await changed();
  };

  const button = (
    <Button type="primary" disabled={!power.advance} onClick={() => setAsking(true)}>
      {StageText.advance}
    </Button>
  );
  return (
    <div className="zj-stage-flow">
      <div className="zj-stage-flow__bar">
        <Space>
          <Typography.Text type="secondary">{StageText.current}</Typography.Text>
          <Tag color={current ? 'processing' : 'success'}>{power.nodeName ?? diagram.statusText}</Tag>
        </Space>
        <Space>
          <DiagramLegend />
          {current && power.mayUrge && (
            <StageUrge projectId={projectId} self={runtime.session.user?.()?.username ?? ''} />
          )}
          {current && power.mayAdvance && (
            <StageReturn
              projectId={projectId}
              taskDefKey={power.taskDefKey}
              nodeName={power.nodeName ?? ''}
              onReturned={() => void changed()}
            />
          )}
          {current &&
            power.mayAdvance &&
            (power.advance ? button : <Tooltip title={power.reason}>{button}</Tooltip>)}
        </Space>
      </div>
      <DiagramView xml={diagram.xml} marks={marks} height={diagramHeight} />
      <Steps
        size="small"
        className="zj-stage-flow__steps"
        current={Math.max(
          nodes.findIndex((n) => n.taskDefKey === shown?.taskDefKey),
          0,
        )}
        onChange={(i) => setChosen(nodes[i]?.taskDefKey ?? null)}
        items={nodes.map((n) => ({
          title: n.nodeName,
          status: STEP_STATUS[n.status],
          description: n.fileCount > 0 ? `${n.fileCount} 个文件` : undefined,
        }))}
      />
      {shown && <StageNode node={shown} projectId={projectId} fileModel={fileModel} linked />}
      <Modal
        open={asking}
        title={StageText.advanceTitle(power.nodeName ?? '')}
        confirmLoading={busy}
        onOk={() => void advance()}
        onCancel={() => setAsking(false)}
        okText={StageText.advance}
      >
        <Input.TextArea
          rows={3}
          maxLength={1000}
          placeholder={StageText.comment}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Modal>
    </div>
  );
}
