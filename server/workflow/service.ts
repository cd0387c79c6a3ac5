/**
 * Deploying versions and starting instances; the rows every action writes (tasks, history, the
 * instance's state) and what it tells people after the commit (docs/modules/workflow.md).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import type { ProcessModel } from './bpmn-model.js';
import { startEngine, type Step } from './engine.js';
import { enterNode, signerCounts } from './nodes.js';
import { continueReturned } from './resubmit.js';
import { failedName, recordFailures, serviceRunner } from './service-tasks.js';
import type { Push } from './notify.js';

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'withdrawn' | 'terminated';
export type HistoryAction =
  | 'start'
  | 'approve'
  | 'reject'
  | 'withdraw'
  | 'end'
  | 'terminate'
  | 'reassign'
  | 'return'
  | 'transfer'
  | 'addsign'
  | 'resubmit'
  | 'remind'
  | 'autopass'
  | 'escalate'
  | 'delegate'
  | 'resolve'
  | 'addafter'
  | 'service'
  | 'svcfail'
  | 'svcretry';

export interface InstanceRow {
  id: string;
  definitionId: string;
  processKey: string;
  businessKey: string;
  title: string;
  starter: string;
  starterOrg: string | null;
  form: string;
  state: string;
  status: InstanceStatus;
  currentNode: string | null;
  rowVersion: number;
  tenantId: number;
}

/** What a process's business row does when its instance changes (inside the same transaction). */
export interface Binding {
  processKey: string;
  /**
   * `returned`: the instance still runs but went back to its starter (退回发起人); the row is
   * shown as editable, and no closing effect may run.
   */
  onChange(trx: Db, instance: InstanceRow, detail?: { returned?: boolean }): Promise<void>;
}

/** A bell message of the workflow: to a person, about an instance. */
export interface FlowNotice {
  username: string;
  title: string;
  content: string;
  instanceId: string;
  /** The page it opens; 我发起的 when none. */
  page?: string;
}

/** A task given to a person (a new task, or one handed on): told in 流程审批 (notify.ts). */
export interface TaskNotice extends FlowNotice {
  processKey: string;
  businessKey: string;
  /** The plain arrival at a node (待审批), not a move that names the person (退回, 转办 …). */
  arrival?: boolean;
}

/** Who to tell once the transaction committed: to-do refreshes and result messages. */
export interface Effects {
  todo: Set<string>;
  /** Results for the starter (审批已通过 …) and other news that gives nobody work. */
  results: FlowNotice[];
  /** Tasks given to people: each assignee's 待审批 notice (notify.ts). */
  assigned: TaskNotice[];
  /** The stored result notices, pushed after the commit (notify.ts). */
  pushes: Push[];
}

export const newEffects = (): Effects => ({ todo: new Set(), results: [], assigned: [], pushes: [] });

export interface Actor {
  username: string;
  realname: string;
  orgCode: string | null;
  tenantId: number;
}

export const STATUS_TEXT: Readonly<Record<InstanceStatus, string>> = {
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  terminated: '已终止',
};

export { deploy } from './deploy.js';

/** A deployed version: what never changes once deployed (deploy.ts writes a new row for a new version). */
export interface DeployedVersion {
  id: string;
  processKey: string;
  version: number;
  name: string;
  xml: string;
  model: ProcessModel;
}

/** The newest version of a key with its status (挂起 / 激活 is the one thing that changes on a row). */
export interface DefinitionRow extends DeployedVersion {
  status: string;
}

/**
 * Deployed versions by id, parsed once: every action on an instance reads its version, and the XML
 * and model are most of that row. Ids are fresh per deploy, so an entry never goes stale; the model
 * is frozen because every request shares it.
 */
const versions = new Map<string, DeployedVersion>();
const MAX_VERSIONS = 200;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export async function definitionById(db: Db, id: string): Promise<DeployedVersion | undefined> {
  const known = versions.get(id);
  if (known) return known;
  const { rows } = await sql<Omit<DeployedVersion, 'model'> & { model: string }>`select id,
      process_key as "processKey", version, name, xml, model from wf_definition where id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const version = deepFreeze({ ...row, model: JSON.parse(row.model) as ProcessModel });
  if (versions.size >= MAX_VERSIONS) versions.delete(versions.keys().next().value as string);
  versions.set(id, version);
  return version;
}

/** The newest version of a key: new instances start on it (a suspended one refuses them). */
export async function latestDefinition(db: Db, key: string): Promise<DefinitionRow | undefined> {
  const { rows } = await sql<{ id: string; status: string }>`select id, status from wf_definition
    where process_key = ${key} order by version desc limit 1`.execute(db);
  const head = rows[0];
  const version = head && (await definitionById(db, head.id));
  return version && { ...version, status: head.status };
}

export interface HistoryEntry {
  action: HistoryAction;
  username: string;
  /** A task id, or a reference to one a statement's CTE returned. */
  taskId?: string | RawBuilder<unknown>;
  elementId?: string;
  nodeName?: string;
  comment?: string;
}

/**
 * The insert of one history line. With `from` (the name of a CTE of the same statement) the line is
 * written only if that CTE returned a row, and the ids may refer to its columns.
 */
export function historyInsert(
  instanceId: string | RawBuilder<unknown>,
  form: string,
  entry: HistoryEntry,
  from?: string,
): RawBuilder<unknown> {
  // clock_timestamp(): the rows of one transaction keep their order.
  return sql`insert into wf_history (id, instance_id, task_id, element_id, node_name, action, username, comment,
      form, create_time)
    select ${newId()}, ${instanceId}, ${entry.taskId ?? null}, ${entry.elementId ?? null}, ${entry.nodeName ?? null},
      ${entry.action}, ${entry.username}, ${entry.comment ?? null}, ${form}, clock_timestamp()
    ${from ? sql`from ${sql.table(from)}` : sql``}`;
}

export async function writeHistory(trx: Db, instance: InstanceRow, entry: HistoryEntry): Promise<void> {
  await historyInsert(instance.id, instance.form, entry).execute(trx);
}

/**
 * After the engine moved: task rows for the user tasks now waiting (those without an open row),
 * the instance's state, status and current node (only while nobody else changed it), history and
 * the binding. `instance` is updated in place.
 */
export async function applyStep(
  trx: Db,
  instance: InstanceRow,
  step: Step,
  model: ProcessModel,
  effects: Effects,
  binding: Binding | undefined,
): Promise<void> {
  // Nothing waits (the instance ended), or the instance was never saved since its insert (row
  // version 0: a start, whose tasks are made here): no open rows to compare with.
  const open =
    step.waiting.length === 0 || instance.rowVersion === 0
      ? { rows: [] }
      : await sql<{ elementId: string }>`select element_id as "elementId" from wf_task
    where instance_id = ${instance.id} and status = 'todo'`.execute(trx);
  const names: string[] = [];
  for (const elementId of step.waiting) {
    names.push(model.elements[elementId]?.name || elementId);
    // A multi-person node still waiting for other signers keeps its rows.
    if (open.rows.some((r) => r.elementId === elementId)) continue;
    await enterNode(trx, instance, model, elementId, effects);
  }
  // A service task whose handler threw: the engine waits there, the failure is kept for the admin.
  for (const f of step.failed) names.push(failedName(model, f.elementId));
  await recordFailures(trx, instance, model, step.failed);
  const status: InstanceStatus = step.ended ? 'approved' : instance.status;
  const end = step.ended ? { action: 'end' as const, username: 'system', nodeName: '结束' } : undefined;
  await saveInstance(
    trx,
    instance,
    { state: step.state, status, currentNode: names.join('、') || null },
    end,
  );
  if (step.ended) effects.results.push(resultMessage(instance));
  await binding?.onChange(trx, instance);
}

export function resultMessage(instance: InstanceRow) {
  const text = STATUS_TEXT[instance.status];
  return {
    username: instance.starter,
    instanceId: instance.id,
    title: `审批${text}：${instance.title}`,
    content: `您发起的「${instance.title}」${text}。`,
  };
}

/** Writes the instance's new state where it still has the version read; refuses otherwise. */
export async function saveInstance(
  trx: Db,
  instance: InstanceRow,
  change: { state?: string; status: InstanceStatus; currentNode: string | null },
  /** A history line written by the same statement, only if the instance was saved (结束). */
  line?: HistoryEntry,
): Promise<void> {
  const ended = change.status !== 'running';
  const update = sql`update wf_instance set state = coalesce(${change.state ?? null}, state),
      status = ${change.status}, current_node = ${change.currentNode}, row_version = row_version + 1,
      end_time = ${ended ? sql`now()` : sql`null`}
    where id = ${instance.id} and row_version = ${instance.rowVersion} returning id`;
  const result = line
    ? await sql`with s as (${update}) ${historyInsert(sql.ref('s.id'), instance.form, line, 's')}
      returning id`.execute(trx)
    : await update.execute(trx);
  if (result.rows.length !== 1) throw new ApiError('流程状态已变化，请刷新后重试');
  Object.assign(instance, {
    state: change.state ?? instance.state,
    status: change.status,
    currentNode: change.currentNode,
    rowVersion: instance.rowVersion + 1,
  });
}

/** Starts the newest version of `processKey` for a business row, inside the caller's transaction. */
export async function startInstance(
  trx: Db,
  input: { processKey: string; businessKey: string; title: string; form: Record<string, unknown> },
  actor: Actor,
  effects: Effects,
  binding: Binding | undefined,
): Promise<InstanceRow> {
  const resumed = await continueReturned(trx, input, actor, effects, binding);
  if (resumed) return resumed;
  const def = await latestDefinition(trx, input.processKey);
  if (!def) throw new ApiError(`流程「${input.processKey}」尚未部署`);
  if (def.status !== 'active')
    throw new ApiError(`流程「${def.name}」（版本 ${def.version}）已挂起，暂不能发起新的申请`);
  const id = newId();
  const starter = {
    username: actor.username,
    orgCode: actor.orgCode,
    tenantId: actor.tenantId,
    form: input.form,
  };
  const instance: InstanceRow = {
    id,
    definitionId: def.id,
    processKey: def.processKey,
    businessKey: input.businessKey,
    title: input.title,
    starter: actor.username,
    starterOrg: actor.orgCode,
    form: JSON.stringify(input.form),
    state: '{}',
    status: 'running',
    currentNode: null,
    rowVersion: 0,
    tenantId: actor.tenantId,
  };
  // The row and its 发起申请 line first, in one statement (its state written by applyStep): a service
  // task on the way writes history lines after it.
  const started: HistoryEntry = { action: 'start', username: actor.username, nodeName: '发起申请' };
  await sql`with i as (insert into wf_instance (id, definition_id, process_key, business_key, title, starter,
      starter_org, form, state, status, tenant_id)
    values (${id}, ${def.id}, ${def.processKey}, ${input.businessKey}, ${input.title}, ${actor.username},
      ${actor.orgCode}, ${instance.form}, ${instance.state}, 'running', ${actor.tenantId}) returning id)
    ${historyInsert(sql.ref('i.id'), instance.form, started, 'i')}`.execute(trx);
  const counts = await signerCounts(trx, def.model, starter);
  const runner = serviceRunner(trx, instance, def.model, effects);
  const step = await startEngine(id, def.xml, input.form, counts, runner);
  await applyStep(trx, instance, step, def.model, effects, binding);
  return instance;
}

export async function lockInstance(trx: Db, id: string): Promise<InstanceRow> {
  const { rows } =
    await sql<InstanceRow>`select id, definition_id as "definitionId", process_key as "processKey",
      business_key as "businessKey", title, starter, starter_org as "starterOrg", form, state, status,
      current_node as "currentNode", row_version as "rowVersion", tenant_id as "tenantId"
    from wf_instance where id = ${id} for update`.execute(trx);
  if (!rows[0]) throw new ApiError('流程实例不存在');
  return rows[0];
}
