/**
 * The workflow module (docs/modules/workflow.md): the approval guard and leave's days rule on the
 * generated routes (installed before the entity routes exist), then the calls, every declared
 * form's approval calls and bindings, the approval to-do source and the shipped leave model
 * (registered once the declared tables exist).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import type { TodoRegistry } from '../todo/source.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import { Approvals } from './approval.js';
import { installApprovalGuards, registerApprovalRoutes } from './approval-routes.js';
import { installLeaveGuards, registerLeaveStartAlias } from './leave.js';
import { LEAVE_BPMN, LEAVE_PROCESS_KEY } from './leave-model.js';
import { registerDesignRoutes } from './design-routes.js';
import { seedWorkflowDemo } from './demo.js';
import { ensureModel } from './models.js';
import { registerMonitorRoutes } from './monitor-routes.js';
import { registerWorkflowRoutes } from './routes.js';
import { registerServiceRoutes } from './service-routes.js';
import { registerTaskFormRoute } from './task-form.js';
import { registerCopyRoutes } from './copy-routes.js';
import { registerExceptionRoutes } from './exceptions-routes.js';
import { registerStatsRoutes } from './stats.js';
import { registerUrgeRoutes } from './urge-routes.js';
import { deploy, type Binding } from './service.js';
import { WF_TASK_TODO, WF_TODO_KIND } from './todo-source.js';

export interface WorkflowDeps {
  db: Db;
  bus: EventBus;
  bindings: ReadonlyMap<string, Binding>;
  timeZone: string;
}

/**
 * Before the entity routes: the approvals' edit / delete guard, then leave's days rule, attach to
 * the generated routes. Answers the approvals, filled from the declarations by registerWorkflow;
 * modules add their hooks to it (`approvals.on`).
 */
export function installWorkflowRules(app: FastifyInstance, deps: AppDeps): Approvals {
  const approvals = new Approvals(deps.config.timeZone);
  installApprovalGuards(app, deps.database.db, approvals, deps.config.apiBase);
  installLeaveGuards(app, deps.database.db, deps.config.apiBase);
  return approvals;
}

/** The to-do kind's dictionary text, added once (a database seeded before this module). */
async function addTodoKind(db: Db): Promise<void> {
  const [value, text] = WF_TODO_KIND;
  await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
    select 'todoKindWfTask', d.id, ${value}, ${text}, 20, 1, 'admin' from sys_dict d
    where d.dict_code = 'todo_kind'
      and not exists (select 1 from sys_dict_item i where i.dict_id = d.id and i.item_value = ${value})
    on conflict do nothing`.execute(db);
}

export async function registerWorkflow(
  app: FastifyInstance,
  deps: AppDeps,
  bus: EventBus,
  todo: TodoRegistry,
  declarations: readonly LoadedDeclaration[],
  approvals: Approvals,
): Promise<void> {
  const db = deps.database.db;
  approvals.load(declarations.map((item) => item.model));
  const bindings = approvals.bindings();
  const workflowDeps = { db, bus, bindings, timeZone: deps.config.timeZone };
  registerWorkflowRoutes(app, workflowDeps);
  registerApprovalRoutes(app, { db, bus, bindings, approvals });
  registerLeaveStartAlias(app, { db, bus, bindings, approvals });
  registerDesignRoutes(app, workflowDeps);
  registerMonitorRoutes(app, workflowDeps);
  registerTaskFormRoute(app, workflowDeps, approvals);
  registerServiceRoutes(app, workflowDeps);
  // Slice 5b: 催办, 抄送, 流程异常, 我的流程统计.
  registerUrgeRoutes(app, workflowDeps);
  registerCopyRoutes(app, workflowDeps);
  registerExceptionRoutes(app, workflowDeps);
  registerStatsRoutes(app, workflowDeps);
  todo.add(WF_TASK_TODO);
  await addTodoKind(db);
  const admin = { username: 'admin', realname: '管理员', orgCode: null, tenantId: 0 };
  const leave = await deploy(db, LEAVE_BPMN, admin, true);
  await ensureModel(db, LEAVE_PROCESS_KEY, leave.name, LEAVE_BPMN, leave.version);
  // After registration (outside the plugin start timeout): the demo runs a dozen requests through the engine.
  app.addHook('onReady', async () => {
    await seedWorkflowDemo(db, bindings, app.log).catch((error: unknown) =>
      app.log.warn({ err: error }, 'workflow demo skipped'),
    );
  });
}
