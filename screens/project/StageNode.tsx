/** One stage node of a project: its content template (sanitised rich text, required files) and its files. */
import { Alert, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { EntityModel } from '../../runtime/model/declaration/model';
import CleanHtml from '../../runtime/render/detail/CleanHtml';
import { NodeFiles } from './NodeFiles';
import { StageText, StageUrls } from './text';
import type { StageNodeInfo } from './use-stage';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  done: 'success',
  current: 'processing',
  pending: 'default',
};

export function StageNode({
  node,
  projectId,
  fileModel,
  linked = false,
}: {
  node: StageNodeInfo;
  projectId: string;
  fileModel: EntityModel;
  /** Offer 节点详情 (the node's own page). */
  linked?: boolean;
}): React.JSX.Element {
  const template = node.template;
  const required = (template?.requiredFiles ?? '').trim();
  return (
    <div className="zj-stage-node" data-node={node.taskDefKey}>
      <Space align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {node.nodeName}
        </Typography.Title>
        <Tag color={STATUS_COLOURS[node.status]}>{StageText.status[node.status]}</Tag>
        {linked && (
          <Link to={`${StageUrls.nodeDetails}?projectId=${projectId}&taskDefKey=${node.taskDefKey}`}>
            {StageText.nodeDetails}
          </Link>
        )}
      </Space>
      {template ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={StageText.template}>
            <Typography.Text strong>{template.title}</Typography.Text>
            {template.content && <CleanHtml source={template.content} markdown={false} />}
          </Descriptions.Item>
          <Descriptions.Item label={StageText.requiredFiles}>{required || '-'}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={StageText.noTemplate} />
      )}
      {required && node.status === 'current' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={StageText.uploadFirst(required)} />
      )}
      <NodeFiles model={fileModel} projectId={projectId} taskDefKey={node.taskDefKey} />
    </div>
  );
}
