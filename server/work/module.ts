/**
 * The work module (docs/modules/daily-work.md): daily, department and routine work items, weekly
 * reports and the work board. Its guards attach to the generated routes (install before the entity
 * routes exist), its transition hooks go to the entity routes, its hand-written routes and its
 * to-do source are registered once the declared tables exist.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import type { TodoRegistry } from '../todo/source.js';
import { todayIn } from '../workorder/rules.js';
import { WORK_TODO_KIND } from './dicts.js';
import { installWorkGuards } from './guard.js';
import { generateRoutineWork } from './routine.js';
import { registerWorkBoardRoutes, type WorkDeps } from './routes.js';
import { WorkPerms } from './scope.js';
import { WORK_ITEM_TODO } from './todo-source.js';
import { installWorkTodoPush } from './todo-push.js';
import { registerWeeklyTeamRoutes } from './weekly-routes.js';
import { registerWeeklyTeamExport } from './weekly-export.js';
import { createDateFormatter } from '../http/dates.js';

export { WORK_HOOKS } from './hooks.js';

/** Before the entity routes: the guards and the live to-do push attach to them as they are made. */
export function installWorkRules(app: FastifyInstance, deps: AppDeps, bus: EventBus): void {
  installWorkGuards(app, deps.database.db, deps.config.apiBase);
  installWorkTodoPush(app, deps.database.db, bus, deps.config.apiBase);
}

/** The to-do kind's dictionary text, added once (a database seeded before this module). */
async function addTodoKind(deps: AppDeps): Promise<void> {
  const [value, text] = WORK_TODO_KIND;
  await sql`insert into sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
    select 'todoKindWorkItem', d.id, ${value}, ${text}, 10, 1, 'admin' from sys_dict d
    where d.dict_code = 'todo_kind'
      and not exists (select 1 from sys_dict_item i where i.dict_id = d.id and i.item_value = ${value})
    on conflict do nothing`.execute(deps.database.db);
}

export async function registerWork(app: FastifyInstance, deps: AppDeps, todo: TodoRegistry): Promise<void> {
  const db = deps.database.db;
  const work: WorkDeps = { db, today: () => todayIn(deps.config.timeZone) };
  registerWorkBoardRoutes(app, work);
  registerWeeklyTeamRoutes(app, work);
  registerWeeklyTeamExport(app, work, createDateFormatter(deps.config.timeZone));
  // 立即生成 of 例行工作: the selected enabled routines' items of the current period, once each.
  app.post('/sys/routineWork/generate', access(WorkPerms.generate), (request) =>
    guarded(async () => {
      const raw = (request.body as { ids?: unknown } | null)?.ids;
      const ids =
        typeof raw === 'string' ? raw.split(',').filter((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s)) : [];
      if (ids.length === 0) throw new ApiError('请选择一条记录！');
      const result = await generateRoutineWork(db, work.today(), { ids, tenantId: request.auth!.tenantId });
      if (result.routines === 0) throw new ApiError('所选例行工作均已停用');
      return okMessage(`已生成${result.created}条工作事项（已生成过的不再重复生成）`);
    }),
  );
  todo.add(WORK_ITEM_TODO);
  await addTodoKind(deps);
}
