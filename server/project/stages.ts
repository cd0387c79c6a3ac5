/**
 * A project's stages as a process instance (docs/modules/projects.md, "Stages"), through the
 * workflow's own service API: 启动 starts `projectStage` in the transition's transaction, 推进阶段
 * completes the open stage task (approveTask: the task row lock makes a stage complete once), 关闭
 * ends a running flow. The binding keeps the project row in step inside every action's transaction:
 * `procInsId`, `taskDefKey`, `stage` (the node's name), and offers the open stage to the project's
 * manager and members (wf_task candidates), so any of them may complete it as themselves.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { approveTask } from '../workflow/actions.js';
import {
  lockInstance,
  newEffects,
  saveInstance,
  startInstance,
  writeHistory,
  type Actor,
  type Binding,
  type Effects,
  type InstanceRow,
} from '../workflow/service.js';
import { advancesProject } from './access.js';
import { STAGE_PROCESS_KEY, STAGES_DONE } from './stage-model.js';

export const StageMessages = {
  notStarted: '项目尚未启动，没有阶段流程',
  notRunning: '项目不在进行中，不能推进阶段',
  flowEnded: '项目阶段流程已结束',
  notMember: '只有项目经理和项目成员可以推进项目阶段',
  changed: '项目阶段已变化，请刷新后重试',
  filesMissing: (names: string) => `请先上传本阶段要求的文件：${names}`,
  useProjectPage: '项目阶段请在项目主页推进',
} as const;

/**
 * The people a project's open stage is offered to: its manager, its members and the holders of
 * 推进阶段 (the 权限 tab), as `,a,b,`.
 */
const OFFER = sql<string>`',' || concat_ws(',', p.manager, nullif(p.members, ''),
  (select string_agg(g.username, ',' order by g.username) from biz_project_permission g
    where g.project_id = p.id and g.can_advance)) || ','`;

/** The binding of `projectStage`: the project row follows its instance (same transaction). */
export function stageBinding(today: () => string): Binding {
  return {
    processKey: STAGE_PROCESS_KEY,
    async onChange(trx: Db, instance: InstanceRow) {
      if (instance.status === 'approved') {
        // The last stage (结项) completed: the project is closed, as 关闭 would do.
        await sql`update biz_project set task_def_key = null, stage = ${STAGES_DONE}, status = '3',
            actual_end = coalesce(actual_end, ${today()}::date), proc_ins_id = ${instance.id},
            row_version = row_version + 1, update_time = now()
          where id = ${instance.businessKey}`.execute(trx);
        return;
      }
      if (instance.status !== 'running') return;
      const open = await sql<{ elementId: string }>`select element_id as "elementId" from wf_task
        where instance_id = ${instance.id} and status = 'todo' order by create_time limit 1`.execute(trx);
      await sql`update biz_project set proc_ins_id = ${instance.id},
          task_def_key = ${open.rows[0]?.elementId ?? null}, stage = ${instance.currentNode},
          row_version = row_version + 1, update_time = now()
        where id = ${instance.businessKey}`.execute(trx);
      await offerStage(trx, instance.id);
    },
  };
}

/** Offers the instance's open stage tasks to its project's manager and members as they are now. */
export async function offerStage(db: Db, instanceId: string): Promise<void> {
  await sql`update wf_task t set assignee = null, candidates = ${OFFER}
    from wf_instance i join biz_project p on p.id = i.business_key
    where t.instance_id = ${instanceId} and t.status = 'todo' and i.id = t.instance_id`.execute(db);
}

async function actorOf(trx: Db, username: string, tenantId: number): Promise<Actor> {
  const { rows } = await sql<{ realname: string; orgCode: string | null }>`select realname,
      org_code as "orgCode" from sys_user where username = ${username}`.execute(trx);
  return { username, tenantId, realname: rows[0]?.realname ?? username, orgCode: rows[0]?.orgCode ?? null };
}

/**
 * 启动 (inside the transition's transaction): starts the stage flow unless the project already has
 * one running (a resumed project continues where it stopped).
 */
export async function startStages(
  trx: Db,
  project: { id: string; name: string },
  caller: { username: string; tenantId: number },
  today: () => string,
): Promise<void> {
  const { rows } = await sql<{ status: string | null }>`select i.status from biz_project p
    left join wf_instance i on i.id = p.proc_ins_id where p.id = ${project.id}`.execute(trx);
  if (rows[0]?.status === 'running') return;
  await startInstance(
    trx,
    {
      processKey: STAGE_PROCESS_KEY,
      businessKey: project.id,
      title: `项目阶段：${project.name}`,
      form: { projectId: project.id, name: project.name },
    },
    await actorOf(trx, caller.username, caller.tenantId),
    newEffects(),
    stageBinding(today),
  );
}

/** 关闭 (inside the transition's transaction): a running stage flow ends as 已终止, its tasks cancelled. */
export async function endStages(
  trx: Db,
  projectId: string,
  caller: { username: string; tenantId: number },
): Promise<void> {
  const { rows } = await sql<{ id: string }>`select i.id from biz_project p
    join wf_instance i on i.id = p.proc_ins_id where p.id = ${projectId} and i.status = 'running'`.execute(
    trx,
  );
  if (!rows[0]) return;
  await sql`select id from wf_task where instance_id = ${rows[0].id} order by id for update`.execute(trx);
  const instance = await lockInstance(trx, rows[0].id);
  await writeHistory(trx, instance, {
    action: 'terminate',
    username: caller.username,
    nodeName: '终止',
    comment: '项目已关闭',
  });
  await sql`update wf_task set status = 'cancelled', row_version = row_version + 1
    where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
  await saveInstance(trx, instance, { status: 'terminated', currentNode: null });
  await sql`update biz_project set task_def_key = null where id = ${projectId}`.execute(trx);
}

export interface StageState {
  status: string;
  procInsId: string | null;
  taskDefKey: string | null;
  stage: string | null;
  /** The caller is the manager, a member or holds 推进阶段 (the people a stage is offered to). */
  offered: boolean;
  /** The open stage task, if any. */
  taskId: string | null;
}

/** Where a project's stage flow stands, for `username`. */
export async function stageState(db: Db, projectId: string, username: string): Promise<StageState> {
  const { rows } = await sql<StageState>`select p.status, p.proc_ins_id as "procInsId",
      p.task_def_key as "taskDefKey", p.stage,
      ${advancesProject('p', username)} as offered,
      (select t.id from wf_task t where t.instance_id = p.proc_ins_id and t.status = 'todo'
        order by t.create_time limit 1) as "taskId"
    from biz_project p where p.id = ${projectId}`.execute(db);
  if (!rows[0]) throw new ApiError('项目不存在或已被删除');
  return rows[0];
}

/** Why `username` may not advance the stage now, or null. */
export function advanceRefusal(state: StageState): string | null {
  if (!state.offered) return StageMessages.notMember;
  if (!state.procInsId) return StageMessages.notStarted;
  if (state.status !== '1') return StageMessages.notRunning;
  if (!state.taskId) return StageMessages.flowEnded;
  return null;
}

/** The files a stage's template asks for while none is uploaded for it yet ('' when fine). */
async function missingFiles(db: Db, projectId: string, taskDefKey: string): Promise<string> {
  const { rows } = await sql<{
    required: string | null;
    uploaded: number;
  }>`select t.required_files as required,
      (select count(*)::int from biz_project_node_file f
        where f.project_id = ${projectId} and f.task_def_key = ${taskDefKey}) as uploaded
    from biz_node_template t where t.task_def_key = ${taskDefKey} limit 1`.execute(db);
  const row = rows[0];
  const required = (row?.required ?? '').trim();
  if (!row || !required || row.uploaded > 0) return '';
  return required
    .split(/[\n,，、;；]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join('、');
}

/** 推进阶段: completes the open stage task as the caller (one transaction, the workflow's own). */
export async function advanceStage(
  db: Db,
  input: { projectId: string; taskDefKey?: string; comment: string },
  actor: Actor,
  today: () => string,
): Promise<Effects> {
  const state = await stageState(db, input.projectId, actor.username);
  const refusal = advanceRefusal(state);
  if (refusal) throw new ApiError(refusal);
  if (input.taskDefKey && input.taskDefKey !== state.taskDefKey) throw new ApiError(StageMessages.changed);
  const missing = await missingFiles(db, input.projectId, state.taskDefKey ?? '');
  if (missing) throw new ApiError(StageMessages.filesMissing(missing));
  // Members may have changed since the stage opened: offer it to the people of the project now.
  await offerStage(db, state.procInsId!);
  const bindings = new Map([[STAGE_PROCESS_KEY, stageBinding(today)]]);
  return approveTask(db, bindings, state.taskId!, actor, input.comment);
}
