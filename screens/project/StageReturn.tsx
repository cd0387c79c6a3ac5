/**
 * 退回阶段: the open stage goes back to the previous stage or one chosen among those the flow
 * passed (returnTargets), with a required reason that the stage history keeps (returnStage). For
 * those who may advance; the server decides again.
 */
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { RightsUrls, StageMoreText } from './text';

interface Target {
  taskDefKey: string;
  nodeName: string;
  doneBy: string;
}

export interface StageReturnProps {
  projectId: string;
  taskDefKey: string | null;
  nodeName: string;
  onReturned(): void;
}

export function StageReturn({ projectId, taskDefKey, nodeName, onReturned }: StageReturnProps) {
  const { http, feedback } = useRuntime();
  const [targets, setTargets] = useState<Target[] | null>(null);
  const [target, setTarget] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const show = async () => {
    const answer = await http.get<Target[]>(RightsUrls.returnTargets, { projectId });
    if (!answer.success) return feedback.message('warning', answer.message);
    setTargets(answer.result);
    setTarget(answer.result[0]?.taskDefKey);
    setReason('');
    setError('');
  };
  const send = async () => {
    if (!reason.trim()) return setError(StageMoreText.reasonRequired);
    setBusy(true);
    try {
      const answer = await http.put(RightsUrls.returnStage, {
        projectId,
        taskDefKey,
        targetKey: target,
        comment: reason.trim(),
      });
      feedback.message(answer.success ? 'success' : 'warning', answer.message);
      if (!answer.success) return;
      setTargets(null);
      onReturned();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<RollbackOutlined />} className="zj-stage-flow__return" onClick={() => void show()}>
        {StageMoreText.returnStage}
      </Button>
      <Modal
        open={targets !== null}
        title={StageMoreText.returnTitle(nodeName)}
        okText={StageMoreText.returnStage}
        okButtonProps={{ disabled: !targets?.length }}
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setTargets(null)}
        destroyOnHidden
        className="zj-stage-return"
      >
        <Form layout="vertical">
          <Form.Item label={StageMoreText.returnTo} required>
            <Select
              value={target}
              onChange={setTarget}
              options={(targets ?? []).map((t, i) => ({
                value: t.taskDefKey,
                label: i === 0 ? `${t.nodeName}（${StageMoreText.previous}）` : t.nodeName,
              }))}
            />
          </Form.Item>
          <Form.Item
            label={StageMoreText.returnReason}
            required
            validateStatus={error ? 'error' : undefined}
            help={error || undefined}
          >
            <Input.TextArea
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setError('');
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
