/**
 * 项目主页 (/modules/project/index?id=<projectId>, menu key modules/project/ProjectPage): the
 * project's header with its status and the moves this user may make, then tabs of its details,
 * stage flow, contacts, demands, plans, work orders and members. The lists are their declarations'
 * own lists scoped to this project (runtime/render/inner-table/ChildList). A person outside the project gets the
 * server's refusal as a clear page (getProjectById answers code 403), never an empty screen.
 */
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EntityModel } from '../../runtime/model/declaration/model';
import { RuntimeContext, type Runtime } from '../../runtime/render';
import { loadEntityModel } from '../../runtime/render/declarations';
import type { ScreenProps } from '../../src/router/components';
import { appRuntime } from '../../src/router/runtime';
import { ProjectBody } from './ProjectBody';
import { PageText } from './text';
import './project-page.css';

export interface ProjectModels {
  project: EntityModel;
  contact: EntityModel;
  demand: EntityModel;
  plan: EntityModel;
  workOrder: EntityModel;
  nodeFile: EntityModel;
}

async function loadModels(): Promise<ProjectModels> {
  const [project, contact, demand, plan, workOrder, nodeFile] = await Promise.all(
    ['project', 'projectContact', 'demand', 'projectPlan', 'projectWorkOrder', 'projectNodeFile'].map(
      (name) => loadEntityModel(name),
    ),
  );
  return { project, contact, demand, plan, workOrder, nodeFile };
}

const loading = <Spin style={{ display: 'block', padding: 48 }} />;

export default function ProjectPage(_props: ScreenProps): React.JSX.Element {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // ?tab=demands: a notice about a demand opens the project on its 需求 tab.
  const tab = params.get('tab') ?? undefined;
  const navigate = useNavigate();
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(PageText.fallbackPath);
  };
  const [ready, setReady] = useState<{ runtime: Runtime; models: ProjectModels } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    Promise.all([appRuntime(), loadModels()]).then(
      ([runtime, models]) => live && setReady({ runtime, models }),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!id)
    return (
      <Result
        status="warning"
        title={PageText.missingId}
        extra={<Button onClick={back}>{PageText.back}</Button>}
      />
    );
  if (error) return <Result status="error" title={error} />;
  if (!ready) return loading;
  return (
    <RuntimeContext.Provider value={ready.runtime}>
      <ProjectBody key={id} id={id} tab={tab} models={ready.models} onBack={back} />
    </RuntimeContext.Provider>
  );
}
