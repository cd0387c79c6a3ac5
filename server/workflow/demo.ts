/**
 * Demo flows of a new database (docs/modules/workflow.md, "Demo"): two more models (出差审批 with
 * two versions, the older suspended; 用章申请 still a draft, with a 会签 node) and four months of
 * leave requests run through the real engine and actions (approved on one and two levels, rejected,
 * withdrawn, terminated, handed over, with an added signer, returned to the starter and submitted
 * again, and some waiting now), their times moved back so the lists look lived in. Runs once,
 * at the first start after the seed marked it (sys_seed_pending), like the declared screens' demo.
 */
import type { FastifyBaseLogger } from 'fastify';
import { settleDemoTaskNotices } from './notify.js';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { WORKFLOW_DEMO_MARK } from './demo-mark.js';
import { approveTask, rejectTask, withdrawInstance, type Bindings } from './actions.js';
import { leaveDays } from './leave.js';
import { LEAVE_PROCESS_KEY } from './leave-model.js';
import { starterXml } from './model-xml.js';
import { terminateInstance } from './monitor.js';
import { MOVES, runMove, type Move } from './demo-moves.js';
import { deploy, newEffects, startInstance, type Actor } from './service.js';

const TENANT = 1;

type Outcome = 'approved' | 'rejected' | 'withdrawn' | 'terminated' | 'waiting' | 'waitingGm' | Move;
interface DemoLeave {
  who: string;
  name: string;
  org: string;
  type: string;
  daysAgo: number;
  span: number;
  reason: string;
  outcome: Outcome;
  comment?: string;
}

/** [account, name, department, leave type, days ago, days, reason, outcome, comment]. */
type Row = [string, string, string, string, number, number, string, Outcome, string?];
const ROWS: readonly Row[] = [
  ['chenjing', '陈静', 'A01A02A01', '3', 118, 3, '国庆前调休回老家', 'approved'],
  ['zhaolei', '赵磊', 'A01A03A01', '2', 104, 1, '感冒发烧，需就医', 'approved'],
  ['xuming', '徐明', 'A01A01A01', '5', 96, 10, '婚假，婚礼在老家举办', 'approved'],
  ['hugang', '胡刚', 'A01A04A01', '1', 83, 2, '孩子开家长会', 'rejected', '接待高峰期，请改到下周'],
  ['zhoujie', '周杰', 'A01A03A02', '1', 66, 1, '办理户口迁移', 'transferred', '本人出差，转黄敏代为审批'],
  ['zhuting', '朱婷', 'A01A02A02', '3', 51, 2, '年假陪家人看病', 'addsigned', '请杨强确认项目工作安排'],
  ['wuxia', '吴霞', 'A01A03A02', '2', 37, 2, '扁桃体手术', 'resubmitted', '请补充医院证明'],
  ['huangmin', '黄敏', 'A01A03A01', '4', 71, 1, '周末加班调休', 'approved'],
  ['sunli', '孙丽', 'A01A01A02', '1', 58, 2, '办理房产手续', 'withdrawn'],
  ['yangqiang', '杨强', 'A01A02A02', '3', 44, 5, '年假带家人出游', 'approved'],
  ['guoyan', '郭燕', 'A01A04A01', '2', 30, 2, '牙科手术复诊', 'terminated', '重复提交，已按另一份申请处理'],
  ['majun', '马军', 'A01A02A01', '1', 17, 1, '陪同父母体检', 'approved'],
  ['zhaolei', '赵磊', 'A01A03A01', '3', 3, 4, '年假，回老家探亲', 'waitingGm'],
  ['xuming', '徐明', 'A01A01A01', '4', 2, 1, '上月值班调休', 'waiting'],
  ['yangqiang', '杨强', 'A01A02A02', '2', 1, 2, '腰伤复查理疗', 'waiting'],
  ['majun', '马军', 'A01A02A01', '1', 4, 1, '办理签证', 'returned', '请写明出行日期，便于安排值班'],
];
const LEAVES: readonly DemoLeave[] = ROWS.map(
  ([who, name, org, type, daysAgo, span, reason, outcome, comment]) => ({
    who,
    name,
    org,
    type,
    daysAgo,
    span,
    reason,
    outcome,
    comment,
  }),
);

/** Who a 转办 / 加签 goes to (黄敏 stands in for 刘洋, 杨强 knows 朱婷's project). */
const HELPERS: Readonly<Record<Move, string>> = {
  transferred: 'huangmin',
  addsigned: 'yangqiang',
  resubmitted: '',
  returned: '',
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openTasks(db: Db, instanceId: string) {
  const { rows } = await sql<{ id: string; assignee: string | null; candidates: string | null }>`select id,
      assignee, candidates from wf_task where instance_id = ${instanceId} and status = 'todo'`.execute(db);
  return rows;
}

async function actorOf(db: Db, username: string): Promise<Actor> {
  const { rows } = await sql<{ realname: string; orgCode: string | null }>`select realname,
      org_code as "orgCode" from sys_user where username = ${username}`.execute(db);
  return {
    username,
    realname: rows[0]?.realname ?? username,
    orgCode: rows[0]?.orgCode ?? null,
    tenantId: TENANT,
  };
}

/** Approves the open task(s) as their assignee (the first candidate for a role). */
async function approveOpen(db: Db, bindings: Bindings, instanceId: string, comment: string) {
  for (const task of await openTasks(db, instanceId)) {
    const who = task.assignee ?? (task.candidates ?? '').split(',').find(Boolean) ?? 'admin';
    await approveTask(db, bindings, task.id, await actorOf(db, who), comment);
  }
}

async function runLeave(db: Db, bindings: Bindings, leave: DemoLeave): Promise<void> {
  const start = day(-leave.daysAgo + 5);
  const end = day(-leave.daysAgo + 5 + leave.span - 1);
  const values = { startDate: start, startHalf: '1', endDate: end, endHalf: '2' };
  const days = leaveDays(values);
  const id = newId();
  await sql`insert into biz_leave (id, applicant, leave_type, start_date, start_half, end_date, end_half, days, reason,
      status, tenant_id, sys_org_code, create_by, create_time)
    values (${id}, ${leave.who}, ${leave.type}, ${start}, '1', ${end}, '2', ${days}, ${leave.reason}, '0', ${TENANT},
      ${leave.org}, ${leave.who}, now())`.execute(db);
  const actor = await actorOf(db, leave.who);
  let instanceId = '';
  const form = { applicant: leave.who, leaveType: leave.type, ...values, days, reason: leave.reason };
  await db.transaction().execute(async (trx) => {
    const title = `${leave.name}的请假申请（${days}天）`;
    const binding = bindings.get(LEAVE_PROCESS_KEY);
    const made = await startInstance(
      trx,
      { processKey: LEAVE_PROCESS_KEY, businessKey: id, title, form },
      actor,
      newEffects(),
      binding,
    );
    instanceId = made.id;
  });
  const admin = await actorOf(db, 'admin');
  if (leave.outcome === 'approved') {
    await approveOpen(db, bindings, instanceId, '同意，请做好工作交接');
    await approveOpen(db, bindings, instanceId, '同意');
  } else if (leave.outcome === 'waitingGm') await approveOpen(db, bindings, instanceId, '同意');
  else if (leave.outcome === 'rejected') {
    const [task] = await openTasks(db, instanceId);
    if (task?.assignee)
      await rejectTask(db, bindings, task.id, await actorOf(db, task.assignee), leave.comment ?? '驳回');
  } else if (leave.outcome === 'withdrawn') await withdrawInstance(db, bindings, instanceId, actor);
  else if (leave.outcome === 'terminated')
    await terminateInstance(db, bindings, instanceId, admin, leave.comment ?? '终止');
  else if (MOVES.has(leave.outcome)) {
    const helper = HELPERS[leave.outcome as Move];
    const input = { helper, comment: leave.comment ?? '', form, businessKey: id };
    await runMove(db, bindings, actorOf, instanceId, leave.outcome as Move, input);
  }
  await backdate(db, id, instanceId, leave.daysAgo);
}

/** Moves one request's rows back by `daysAgo`; each later step a few hours after the one before. */
async function backdate(db: Db, leaveId: string, instanceId: string, daysAgo: number): Promise<void> {
  const back = sql`make_interval(days => ${daysAgo})`;
  const steps = sql`(select count(*) from wf_history h2 where h2.instance_id = h.instance_id
    and (h2.create_time, h2.id) < (h.create_time, h.id))`;
  await sql`update wf_history h set create_time = h.create_time - ${back} + ${steps} * interval '5 hours'
    where h.instance_id = ${instanceId}`.execute(db);
  await sql`update wf_task t set create_time = t.create_time - ${back} + (select count(*) from wf_task t2
      where t2.instance_id = t.instance_id and t2.create_time < t.create_time) * interval '5 hours',
      done_time = t.done_time - ${back} + interval '4 hours'
    where t.instance_id = ${instanceId}`.execute(db);
  await sql`update wf_instance set create_time = create_time - ${back},
      end_time = (select max(create_time) from wf_history where instance_id = ${instanceId})
    where id = ${instanceId} and end_time is not null`.execute(db);
  await sql`update wf_instance set create_time = create_time - ${back} where id = ${instanceId} and end_time is null`.execute(
    db,
  );
  await sql`update biz_leave set create_time = create_time - ${back}, update_time = update_time - ${back}
    where id = ${leaveId}`.execute(db);
  await sql`update sys_announcement set send_time = send_time - ${back}, create_time = create_time - ${back}
    where bus_type = 'workflow' and bus_id = ${instanceId}`.execute(db);
}

/** 用章申请's draft: 行政 and 财务 both sign (会签), drawn as the modeler writes it. */
const SEAL_SIGN = `name="行政财务会签" zh:assignee="users:wangfang,liuyang" zh:multi="all">
      <bpmn:multiInstanceLoopCharacteristics isSequential="false"><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">${'$'}{environment.services.signers(content.id)}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>
    </bpmn:userTask>`;

async function demoModels(db: Db): Promise<void> {
  const admin: Actor = { username: 'admin', realname: '管理员', orgCode: 'A01', tenantId: 0 };
  const trip = starterXml('trip', '出差审批').replace(
    '<bpmn:userTask id="approve" name="审批" />',
    '<bpmn:userTask id="approve" name="部门经理审批" zh:assignee="deptManager" />',
  );
  const first = await deploy(db, trip, admin);
  const second = await deploy(db, trip.replace('部门经理审批', '部门负责人审批'), admin);
  await sql`update wf_definition set status = 'suspended', update_by = 'admin', update_time = now() - interval '20 days'
    where id = ${first.id}`.execute(db);
  await sql`update wf_definition set create_time = now() - interval '60 days' where id = ${first.id}`.execute(
    db,
  );
  await sql`update wf_definition set create_time = now() - interval '21 days' where id = ${second.id}`.execute(
    db,
  );
  await sql`insert into wf_model (id, model_key, name, description, xml, deployed_version, deployed_time,
      create_by, create_time, update_by, update_time)
    values (${newId()}, 'trip', '出差审批', '员工出差申请，由部门负责人审批', ${trip.replace('部门经理审批', '部门负责人审批')},
      ${second.version}, now() - interval '21 days', 'admin', now() - interval '62 days', 'admin', now() - interval '21 days'),
      (${newId()}, 'seal', '用章申请', '公章、合同章使用申请（设计中）',
      ${starterXml('seal', '用章申请').replace('name="审批" />', SEAL_SIGN)},
      null, null, 'admin', now() - interval '6 days', 'admin', now() - interval '2 days')
    on conflict (model_key) do nothing`.execute(db);
}

/** Takes the mark and seeds once; a failing request is logged and skipped. */
export async function seedWorkflowDemo(db: Db, bindings: Bindings, log: FastifyBaseLogger): Promise<void> {
  const taken =
    await sql`delete from sys_seed_pending where name = ${WORKFLOW_DEMO_MARK} returning name`.execute(db);
  if (taken.rows.length === 0) return;
  try {
    await demoModels(db);
  } catch (error) {
    log.warn({ err: error }, 'workflow demo models skipped');
  }
  for (const leave of LEAVES) {
    try {
      await runLeave(db, bindings, leave);
    } catch (error) {
      log.warn({ err: error, who: leave.who }, 'workflow demo leave skipped');
    }
  }
  await settleDemoTaskNotices(db);
}
