/**
 * 流程图 (a panel of 我的待办 / 我发起的 / 请假 / 流程实例): the instance's own deployed version in
 * the bpmn-js viewer, done / current / pending nodes coloured with a legend, and the history as a
 * timeline. The row names its instance: a task row by `instanceId`, a business row by `procInsId`,
 * an instance row by its id.
 */
import { Alert, Descriptions, Empty, Spin, Timeline, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import { DiagramLegend, DiagramView } from './DiagramView';

interface HistoryEntry {
  id: string;
  time: string;
  nodeName: string | null;
  action: string;
  actionText: string | null;
  realname: string;
  comment: string | null;
}

interface Diagram {
  instanceId: string;
  title: string;
  status: string;
  statusText: string;
  processName: string;
  version: number;
  xml: string;
  done: string[];
  current: string[];
  failed?: string[];
  flows: string[];
  history: HistoryEntry[];
}

const COLOURS: Readonly<Record<string, string>> = {
  start: 'blue',
  approve: 'green',
  end: 'green',
  reject: 'red',
  terminate: 'red',
  withdraw: 'gray',
  reassign: 'orange',
  return: 'orange',
  transfer: 'orange',
  addsign: 'purple',
  resubmit: 'blue',
};

function instanceOf(row: Record<string, unknown> | null): Record<string, string> {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const id = text(row?.instanceId) ?? text(row?.procInsId);
  return id ? { id } : { id: String(row?.id ?? '') };
}

export default function FlowDiagram({ row }: PanelProps): React.JSX.Element {
  const { http } = useRuntime();
  const [data, setData] = useState<Diagram | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const query = useMemo(() => instanceOf(row), [row]);

  useEffect(() => {
    void http.get<Diagram>('/workflow/instance/diagram', query).then((res) => {
      if (res.success) setData(res.result);
      else setProblem(res.message);
    });
  }, [http, query]);
  const marks = useMemo(
    () =>
      data
        ? { done: data.done, current: data.current, flows: data.flows, failed: data.failed ?? [] }
        : undefined,
    [data],
  );

  if (problem) return <Alert type="warning" showIcon title={problem} />;
  if (!data || !marks) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <div className="zj-wf-detail">
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="标题">{data.title}</Descriptions.Item>
        <Descriptions.Item label="流程">{`${data.processName}（版本 ${data.version}）`}</Descriptions.Item>
        <Descriptions.Item label="状态">{data.statusText}</Descriptions.Item>
      </Descriptions>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <DiagramLegend failed={(data.failed ?? []).length > 0} />
      </div>
      <DiagramView xml={data.xml} marks={marks} height={380} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        审批记录
      </Typography.Title>
      {data.history.length === 0 ? (
        <Empty description="暂无审批记录" />
      ) : (
        <Timeline
          items={data.history.map((h) => ({
            key: h.id,
            color: COLOURS[h.action] ?? 'gray',
            content: (
              <div>
                <Typography.Text
                  strong
                >{`${h.nodeName ?? ''} · ${h.realname} · ${h.actionText ?? h.action}`}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {h.time}
                </Typography.Text>
                {h.comment && <div>{h.comment}</div>}
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}
