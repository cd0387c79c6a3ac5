/**
 * Demo projects run through their stages at the first start of a demo database (after the routes,
 * outside the plugin start timeout), through the same engine calls as people make: each started
 * project gets its flow, its manager completes stages up to where the project stands (closed ones
 * to 已结项, running and suspended ones spread over 立项 … 验收). Only the demo's own projects
 * without a flow are touched, so a second start (or a test database, which has none) does nothing.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { approveTask } from '../workflow/actions.js';
import { newEffects, startInstance } from '../workflow/service.js';
import { seedId } from '../db/seed/ids.js';
import { demoProjectId } from './demo.js';
import { PROJECTS } from './demo-data.js';
import { STAGE_PROCESS_KEY, STAGES } from './stage-model.js';
import { stageBinding } from './stages.js';

const COMMENTS = ['资料齐全，进入下一阶段', '评审通过', '客户已确认', '按计划推进'];

/** A project office's templates for the six stages: what to do, what to hand in. */
const TEMPLATES: [key: string, title: string, content: string, files: string][] = [
  ['initiation', '立项评审', '确认项目目标、范围、预算与项目经理，经部门评审后进入需求调研。', '立项申请书'],
  [
    'research',
    '需求调研',
    '走访客户各部门，梳理接待与展陈业务流程，形成需求调研报告并经客户确认。',
    '需求调研报告',
  ],
  ['design', '方案设计', '完成总体方案、深化设计与报价，组织方案评审并记录结论。', '设计方案\n方案评审纪要'],
  ['build', '实施', '按计划组织施工、设备安装与系统联调，每周向客户提交进度周报。', '实施进度周报'],
  ['acceptance', '验收', '组织客户初验与终验，整改遗留问题直至签署验收报告。', '验收报告'],
  ['closing', '结项', '完成结算、资料归档与项目总结，释放项目资源。', '项目总结报告'],
];

async function seedTemplates(db: Db): Promise<void> {
  for (const [key, title, content, files] of TEMPLATES)
    await sql`insert into biz_node_template (id, task_def_key, title, content, required_files, create_by,
        create_time)
      select ${seedId(`nodeTemplate:${key}`)}, ${key}, ${title}, ${`<p>${content}</p>`}, ${files},
        'admin', now() - interval '200 days'
      where not exists (select 1 from biz_node_template where task_def_key = ${key})`.execute(db);
}

interface DemoProject {
  id: string;
  name: string;
  manager: string;
  status: string;
  tenantId: number;
}

/** How many stages a demo project has completed: all of them when closed, else by its index. */
const completedOf = (p: DemoProject, index: number) => (p.status === '3' ? STAGES.length : index % 5);

export async function seedStageDemo(db: Db, now: () => string): Promise<void> {
  const ids = PROJECTS.map((_, i) => demoProjectId(i));
  const { rows } = await sql<DemoProject>`select id, name, manager, status, tenant_id as "tenantId"
    from biz_project where id in (${sql.join(ids)}) and proc_ins_id is null and status <> '0'
      and del_flag = 0`.execute(db);
  if (rows.length === 0) return;
  await seedTemplates(db);
  const today = () => now().slice(0, 10);
  const binding = stageBinding(today);
  const bindings = new Map([[STAGE_PROCESS_KEY, binding]]);
  for (const project of rows) {
    const index = ids.indexOf(project.id);
    const { rows: users } = await sql<{ realname: string; orgCode: string | null }>`select realname,
        org_code as "orgCode" from sys_user where username = ${project.manager}`.execute(db);
    const actor = {
      username: project.manager,
      realname: users[0]?.realname ?? project.manager,
      orgCode: users[0]?.orgCode ?? null,
      tenantId: project.tenantId,
    };
    const input = {
      processKey: STAGE_PROCESS_KEY,
      businessKey: project.id,
      title: `项目阶段：${project.name}`,
      form: { projectId: project.id, name: project.name },
    };
    await db.transaction().execute((trx) => startInstance(trx, input, actor, newEffects(), binding));
    for (let step = 0; step < completedOf(project, index); step++) {
      const { rows: open } = await sql<{ id: string }>`select t.id from wf_task t
        join biz_project p on p.proc_ins_id = t.instance_id
        where p.id = ${project.id} and t.status = 'todo' limit 1`.execute(db);
      if (!open[0]) break;
      await approveTask(db, bindings, open[0].id, actor, COMMENTS[(index + step) % COMMENTS.length]!);
    }
  }
  // A finished flow tells its starter (审批已通过); the demo's managers need no such bell messages.
  const notices = sql`select a.id from sys_announcement a join wf_instance i on i.id = a.bus_id
    where a.bus_type = 'workflow' and i.process_key = ${STAGE_PROCESS_KEY}
      and i.business_key in (${sql.join(ids)})`;
  await sql`delete from sys_announcement_send where annt_id in (${notices})`.execute(db);
  await sql`delete from sys_announcement where id in (${notices})`.execute(db);
}
