/**
 * 项目流程图 (menu /project/flowChart, key modules/project/ProjectFlowChart): the projects the user
 * sees on the left (searchable, running ones first), the chosen project's stage flow on the right
 * (StageFlow: the bpmn-js viewer with the current node, 推进阶段, the node's template and files);
 * the second tab is the node templates' declared list (nodeTemplate).
 */
import { Card, Empty, Input, List, Tabs, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DeclaredScreen, useRuntime } from '../../runtime/render';
import type { EntityModel } from '../../runtime/model/declaration/model';
import type { ScreenProps } from '../../src/router/components';
import { PROJECT_PAGE_PATH } from '../../src/notice/open-notice';
import { STATUS_COLORS } from './ProjectHeader';
import { StageFlow } from './StageFlow';
import { StageText, StageUrls } from './text';
import { WithStageRuntime } from './with-runtime';
import './project-page.css';

interface ProjectItem {
  id: string;
  name: string;
  projectNo: string;
  status: string;
  managerName: string;
  customerName: string | null;
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  '0': '未启动',
  '1': '进行中',
  '2': '已暂停',
  '3': '已关闭',
};

function FlowChart({ fileModel }: { fileModel: EntityModel }): React.JSX.Element {
  const runtime = useRuntime();
  const [projects, setProjects] = useState<ProjectItem[] | null>(null);
  const [word, setWord] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    void runtime.http.get<ProjectItem[]>(StageUrls.projects).then((answer) => {
      const rows = answer.success ? answer.result : [];
      // Running projects first: their flow is the one people come to see.
      const order = (s: string) => ['1', '2', '0', '3'].indexOf(s);
      setProjects([...rows].sort((a, b) => order(a.status) - order(b.status)));
    });
  }, [runtime]);
  const shown = useMemo(
    () => (projects ?? []).filter((p) => !word || p.name.includes(word) || p.projectNo.includes(word)),
    [projects, word],
  );
  const active = chosen ?? shown[0]?.id ?? null;
  const project = projects?.find((p) => p.id === active);
  return (
    <div className="zj-flow-chart">
      <Card size="small" title={`项目（${shown.length}）`}>
        <Input.Search
          allowClear
          placeholder={StageText.search}
          onChange={(e) => setWord(e.target.value.trim())}
        />
        <List
          className="zj-flow-chart__list"
          loading={projects === null}
          dataSource={shown}
          renderItem={(p) => (
            <List.Item
              className="zj-flow-chart__item"
              data-active={String(p.id === active)}
              onClick={() => setChosen(p.id)}
            >
              <List.Item.Meta title={p.name} description={`${p.projectNo} · ${p.managerName}`} />
              <Tag color={STATUS_COLORS[p.status]}>{STATUS_TEXT[p.status] ?? p.status}</Tag>
            </List.Item>
          )}
        />
      </Card>
      <Card
        size="small"
        title={project ? <Typography.Text strong>{project.name}</Typography.Text> : StageText.flowChart}
        extra={project && <Link to={`${PROJECT_PAGE_PATH}?id=${project.id}`}>{StageText.openProject}</Link>}
      >
        {active ? (
          <StageFlow key={active} projectId={active} fileModel={fileModel} diagramHeight={300} />
        ) : (
          <Empty description={StageText.pick} />
        )}
      </Card>
    </div>
  );
}

export default function ProjectFlowChart(_props: ScreenProps): React.JSX.Element {
  return (
    <WithStageRuntime>
      {(runtime, fileModel) => (
        <Tabs
          items={[
            { key: 'flow', label: StageText.flowChart, children: <FlowChart fileModel={fileModel} /> },
            {
              key: 'templates',
              label: StageText.templates,
              children: (
                <DeclaredScreen runtime={runtime} entity="nodeTemplate" title={StageText.templates} />
              ),
            },
          ]}
        />
      )}
    </WithStageRuntime>
  );
}
