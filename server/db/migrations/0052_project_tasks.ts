import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 项目计划 → 项目任务 (issue 33, item 7; docs/modules/projects.md 项目任务): a database seeded earlier
 * gets its 项目任务 entry opening the declared task list (schemas/project/plan-task.json) instead of
 * 功能建设中, and its hidden 任务详情 and 计划详情 pages opening a task's and a plan's record page
 * (`declared/<name>/detail`), all three for every role like the other plan screens (the server
 * shows each person only the tasks of plans whose project they see). The task buttons (新增任务,
 * 编辑任务, 删除任务 for every role, 导出任务 and 导入任务明细 for managers) already hang under 全部计划
 * (migration 0034); the engine's menu sync makes any code the declaration adds at start. A new
 * database has all of this from the seed (menu-data-work.ts). Values are written out here: a
 * shipped migration never changes. A second run changes nothing.
 */
const ROLES = ['admin', 'manager', 'staff', 'analyst'];

/** Menu url -> the component it opens now, replacing only the 功能建设中 placeholder it had. */
const SCREENS: [url: string, placeholder: string, component: string][] = [
  ['/plan/task', 'modules/plan/ProjectTaskList', 'declared/planTask'],
  ['/plan/taskDetails', 'modules/plan/TaskDetails', 'declared/planTask/detail'],
  ['/plan/details', 'modules/plan/PlanDetails', 'declared/projectPlan/detail'],
];

export const projectTasks: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [url, placeholder, component] of SCREENS) {
      // An entry the admin pointed elsewhere is theirs: only the placeholder is replaced.
      const rows = await sql<{ id: string; parentId: string | null }>`update sys_permission
        set component = ${component}
        where url = ${url} and menu_type <> 2 and component = ${placeholder}
        returning id, parent_id as "parentId"`.execute(db);
      for (const row of rows.rows)
        for (const id of [row.id, row.parentId].filter((v): v is string => Boolean(v)))
          await sql`insert into sys_role_permission (role_id, permission_id)
            select r.id, ${id} from sys_role r where r.role_code in (${sql.join(ROLES)})
            on conflict do nothing`.execute(db);
    }
  },
};
