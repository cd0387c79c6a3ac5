/**
 * 节点详情 (hidden menu /project/nodeDetails?projectId=&taskDefKey=, key modules/project/NodeDetails):
 * one stage node of one project, its content template and its files; 返回 and 项目主页 around it.
 * Without a node the project's current one is shown.
 */
import { Button, Card, Result, Space, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { EntityModel } from '../../runtime/model/declaration/model';
import { useRuntime } from '../../runtime/render';
import type { ScreenProps } from '../../src/router/components';
import { PROJECT_PAGE_PATH } from '../../src/notice/open-notice';
import { StageNode } from './StageNode';
import { PageText, StageText } from './text';
import { useStage } from './use-stage';
import { WithStageRuntime } from './with-runtime';

function Details({
  projectId,
  taskDefKey,
  fileModel,
}: {
  projectId: string;
  taskDefKey: string;
  fileModel: EntityModel;
}) {
  const runtime = useRuntime();
  const navigate = useNavigate();
  const { state } = useStage(runtime, projectId);
  if (state.kind === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  if (state.kind === 'failed') return <Result status="warning" title={state.message} />;
  if (state.kind === 'none') return <Result status="info" title={StageText.notStarted} />;
  const node =
    state.nodes.find((n) => n.taskDefKey === taskDefKey) ?? state.nodes.find((n) => n.status === 'current');
  return (
    <Card
      title={StageText.nodeDetails}
      extra={
        <Space>
          <Link to={`${PROJECT_PAGE_PATH}?id=${projectId}`}>{StageText.openProject}</Link>
          <Button onClick={() => navigate(-1)}>{PageText.back}</Button>
        </Space>
      }
    >
      {node ? (
        <StageNode node={node} projectId={projectId} fileModel={fileModel} />
      ) : (
        <Result status="info" title={StageText.missing} />
      )}
    </Card>
  );
}

export default function NodeDetails(_props: ScreenProps): React.JSX.Element {
  const [params] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  if (!projectId) return <Result status="warning" title={StageText.missing} />;
  return (
    <WithStageRuntime>
      {(_runtime, fileModel) => (
        <Details projectId={projectId} taskDefKey={params.get('taskDefKey') ?? ''} fileModel={fileModel} />
      )}
    </WithStageRuntime>
  );
}
