/**
 * The project module (docs/modules/projects.md): per-project rights and the demands' live to-do
 * push on the generated routes (installed before the entity routes exist), then the hand-written
 * calls, the recycle bin, the statistics and the demand to-do source (once the declared tables exist).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import { createDateFormatter } from '../http/dates.js';
import type { TodoRegistry } from '../todo/source.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { projectContext } from './context.js';
import { completeProjectDemo } from './demo.js';
import { registerDemandRoutes } from './demand-routes.js';
import { installProjectGuards } from './guard.js';
import { installPlanRules, registerPlans } from './plan-module.js';
import { registerRecycleRoutes } from './recycle-routes.js';
import { registerProjectRoutes } from './routes.js';
import { registerProjectStatistics } from './statistics.js';
import { DEMAND_TODO, DEMAND_TODO_KIND, installDemandTodoPush } from './todo.js';
import { deploy } from '../workflow/service.js';
import { ensureModel } from '../workflow/models.js';
import { TASK_ROUTES } from '../workflow/notify.js';
import { NoticeCategory, PROJECT_PAGE } from '../notice/assigned.js';
import { seedStageDemo } from './stage-demo.js';
import { installStageGuard } from './stage-guard.js';
import { STAGE_BPMN, STAGE_PROCESS_KEY } from './stage-model.js';
import { registerStageRoutes } from './stage-routes.js';
import { registerStageReturnRoutes } from './stage-return.js';
import { registerPermissionRoutes } from './permission-routes.js';
import { registerUrgeRoutes } from './urge-routes.js';

export { PROJECT_HOOKS, PROJECT_SAVE_HOOKS } from './hooks.js';

/** Call inside the API plugin before registerEntityRoutes. */
export function installProjectRules(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  // A stage is worked on the project page: offered to its people without a notice; a return names
  // the person and opens the project's 阶段流程 tab (项目管理).
  TASK_ROUTES.set(STAGE_PROCESS_KEY, {
    page: (projectId) => `${PROJECT_PAGE}?id=${encodeURIComponent(projectId)}&tab=stages`,
    category: NoticeCategory.project,
    quietArrivals: true,
  });
  installProjectGuards(app, deps.database.db, deps.config.apiBase);
  installDemandTodoPush(app, deps.database.db, bus, deps.config.apiBase);
  installPlanRules(app, deps.database.db, deps.config.apiBase);
  installStageGuard(app, deps.database.db, deps.config.apiBase);
}

/** Call inside the API plugin after registerEntityRoutes, with the declarations it loaded. */
export async function registerProjects(
  app: FastifyInstance,
  deps: AppDeps,
  bus: EventBus,
  declarations: readonly LoadedDeclaration[],
  todo: TodoRegistry,
): Promise<void> {
  const format = createDateFormatter(deps.config.timeZone);
  const ctx = projectContext(
    deps.database.db,
    bus,
    deps.config.timeZone,
    () => format(new Date()),
    declarations,
  );
  registerProjectRoutes(app, ctx);
  registerDemandRoutes(app, ctx);
  const recycle = declarations.find((d) => d.model.name === 'projectRecycle');
  if (!recycle) throw new Error('the projectRecycle declaration is missing');
  registerRecycleRoutes(app, ctx, recycle.model);
  registerProjectStatistics(app, ctx);
  // The stage flow (stage-model.ts): deployed once per XML, shown as a model in 流程模型.
  const admin = { username: 'admin', realname: '管理员', orgCode: null, tenantId: 0 };
  const stages = await deploy(deps.database.db, STAGE_BPMN, admin, true);
  await ensureModel(deps.database.db, STAGE_PROCESS_KEY, stages.name, STAGE_BPMN, stages.version);
  registerStageRoutes(app, ctx);
  registerStageReturnRoutes(app, ctx);
  registerPermissionRoutes(app, ctx);
  registerUrgeRoutes(app, ctx);
  await completeProjectDemo(deps.database.db);
  // After registration (outside the plugin start timeout): demo projects run through their stages.
  app.addHook('onReady', async () => {
    await seedStageDemo(deps.database.db, ctx.now).catch((error: unknown) =>
      app.log.warn({ err: error }, 'project stage demo skipped'),
    );
  });
  await registerPlans(app, ctx, declarations, deps.config.dataDir);
  todo.add(DEMAND_TODO);
  // The to-do kind's text, once (the todo_kind dictionary is the work-order seed's).
  const [value, label] = DEMAND_TODO_KIND;
  await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
    select 'todoKindDemand', d.id, ${value}, ${label}, 12, 1, 'admin' from sys_dict d
    where d.dict_code = 'todo_kind'
      and not exists (select 1 from sys_dict_item i where i.dict_id = d.id and i.item_value = ${value})
    on conflict do nothing`.execute(deps.database.db);
}
