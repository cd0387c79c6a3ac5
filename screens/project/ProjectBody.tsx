/** One project, loaded: the header card, then its tabs; any change made here reloads the project. */
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { useRuntime } from '../../runtime/render';
import { ProjectChildList } from './ProjectChildList';
import { ProjectHeader } from './ProjectHeader';
import { ProjectInfo, ProjectMembers } from './ProjectInfo';
import type { ProjectModels } from './ProjectPage';
import { StageFlow } from './StageFlow';
import { MembersEditor } from './MembersEditor';
import { ProjectRights, rightsOf } from './ProjectRights';
import { PageText, RightsText, StageText } from './text';
import { useProject } from './use-project';

export interface ProjectBodyProps {
  id: string;
  /** The tab shown first (info unless named). */
  tab?: string;
  models: ProjectModels;
  onBack(): void;
}

export function ProjectBody({ id, tab, models, onBack }: ProjectBodyProps): React.JSX.Element {
  const runtime = useRuntime();
  const { state, reload } = useProject(runtime, id);
  if (state.kind === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  if (state.kind !== 'ready')
    return (
      <Card variant="borderless" className="zj-project-page__refused">
        <Result
          status={state.kind === 'refused' ? '403' : '404'}
          title={state.kind === 'refused' ? PageText.refused : PageText.notFound}
          subTitle={state.message || undefined}
          extra={<Button onClick={onBack}>{PageText.back}</Button>}
        />
      </Card>
    );
  const { project } = state;
  return (
    <div className="zj-project-page" data-status={String(project.status ?? '')}>
      <ProjectHeader
        model={models.project}
        project={project}
        onBack={onBack}
        onChanged={() => void reload()}
      />
      <Card variant="borderless">
        <Tabs
          defaultActiveKey={tab}
          items={[
            {
              key: 'info',
              label: PageText.tabInfo,
              children: <ProjectInfo model={models.project} project={project} />,
            },
            {
              key: 'stages',
              label: StageText.tab,
              children: (
                <StageFlow
                  key={String(project.procInsId ?? '')}
                  projectId={id}
                  fileModel={models.nodeFile}
                  onChanged={() => void reload()}
                />
              ),
            },
            {
              key: 'contacts',
              label: PageText.tabContacts,
              children: <ProjectChildList model={models.contact} projectId={id} title={PageText.contacts} />,
            },
            {
              key: 'demands',
              label: PageText.tabDemands,
              children: <ProjectChildList model={models.demand} projectId={id} title={PageText.demands} />,
            },
            {
              key: 'plans',
              label: StageText.tabPlans,
              children: <ProjectChildList model={models.plan} projectId={id} title={StageText.plans} />,
            },
            {
              key: 'orders',
              label: StageText.tabOrders,
              children: <ProjectChildList model={models.workOrder} projectId={id} title={StageText.orders} />,
            },
            {
              key: 'members',
              label: PageText.tabMembers,
              children: (
                <>
                  {rightsOf(project).members && (
                    <MembersEditor project={project} onChanged={() => void reload()} />
                  )}
                  <ProjectMembers project={project} />
                </>
              ),
            },
            {
              key: 'rights',
              label: RightsText.tab,
              children: <ProjectRights project={project} onChanged={() => void reload()} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
