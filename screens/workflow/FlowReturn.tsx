/**
 * 退回 (a panel of 我的待办): back to the starter or to any node the request has already passed,
 * each listed with who approved it there (GET /workflow/task/returnable, newest first). The server
 * makes the same checks (server/workflow/task-moves.ts returnTask); a return from a 会签 node
 * cancels the other signers' tasks.
 */
import { Alert, Button, Input, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';

interface DoneNode {
  elementId: string;
  name: string;
  realname: string;
}

const STARTER = '@starter';

export default function FlowReturn({ row, close, refresh }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const id = String(row?.id ?? '');
  const [nodes, setNodes] = useState<DoneNode[] | null>(null);
  const [target, setTarget] = useState(STARTER);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void http.get<DoneNode[]>('/workflow/task/returnable', { id }).then((res) => {
      if (!res.success) return setProblem(res.message);
      setNodes(res.result);
      if (res.result[0]) setTarget(res.result[0].elementId);
    });
  }, [http, id]);

  const submit = async () => {
    setBusy(true);
    const body =
      target === STARTER
        ? { id, target: 'starter', comment }
        : { id, target: 'node', elementId: target, comment };
    const res = await http.put('/workflow/task/return', body);
    setBusy(false);
    if (!res.success) return setProblem(res.message);
    feedback.message('success', res.message);
    await refresh();
    close();
  };

  if (!nodes) return problem ? <Alert type="warning" showIcon title={problem} /> : <Spin />;
  return (
    <div data-testid="flow-return">
      <Typography.Text strong>退回到</Typography.Text>
      <Radio.Group
        aria-label="退回到"
        style={{ display: 'flex', flexDirection: 'column', gap: 8, margin: '8px 0 12px' }}
        value={target}
        onChange={(e) => setTarget(String(e.target.value))}
      >
        {nodes.map((n) => (
          <Radio key={n.elementId} value={n.elementId}>
            {n.name}
            <Typography.Text type="secondary">（{n.realname}已审批）</Typography.Text>
          </Radio>
        ))}
        <Radio value={STARTER}>发起人（修改后重新提交）</Radio>
      </Radio.Group>
      {nodes.length === 0 && (
        <Alert
          type="info"
          showIcon
          title="当前是第一个审批节点，只能退回发起人"
          style={{ marginBottom: 12 }}
        />
      )}
      <Input.TextArea
        aria-label="退回理由"
        placeholder="请填写退回理由（必填）"
        rows={3}
        maxLength={1000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {problem && <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} />}
      <Space style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={close}>取消</Button>
        <Button type="primary" danger loading={busy} onClick={() => void submit()}>
          退回
        </Button>
      </Space>
    </div>
  );
}
