/**
 * The workflow module (docs/modules/workflow.md): leave's guards on its generated routes (install
 * before the entity routes exist), then the calls, the approval to-do source and the shipped leave
 * model (registered once the declared tables exist).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../app.js';
import type { EventBus } from '../bus/index.js';
import type { Db } from '../db/database.js';
import type { TodoRegistry } from '../todo/source.js';
import { installLeaveGuards, LEAVE_BINDING } from './leave.js';
import { LEAVE_BPMN, LEAVE_PROCESS_KEY } from './leave-model.js';
import { registerDesignRoutes } from './design-routes.js';
import { seedWorkflowDemo } from './demo.js';
import { ensureModel } from './models.js';
import { registerMonitorRoutes } from './monitor-routes.js';
import { registerWorkflowRoutes } from './routes.js';
import { deploy, type Binding } from './service.js';
import { WF_TASK_TODO, WF_TODO_KIND } from './todo-source.js';

export interface WorkflowDeps {
  db: Db;
  bus: EventBus;
  bindings: ReadonlyMap<string, Binding>;
  timeZone: string;
}

/** Before the entity routes: leave's days and ownership checks attach to its generated routes. */
export function installWorkflowRules(app: FastifyInstance, deps: AppDeps): void {
  installLeaveGuards(app, deps.database.db, deps.config.apiBase);
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
): Promise<void> {
  const db = deps.database.db;
  const bindings = new Map([[LEAVE_BINDING.processKey, LEAVE_BINDING]]);
  const workflowDeps = { db, bus, bindings, timeZone: deps.config.timeZone };
  registerWorkflowRoutes(app, workflowDeps);
  registerDesignRoutes(app, workflowDeps);
  registerMonitorRoutes(app, workflowDeps);
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
