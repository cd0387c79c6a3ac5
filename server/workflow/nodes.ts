/**
 * The task rows of a node the flow arrives at (docs/modules/workflow.md, "Slice 3"): one task for
 * a single assignee or a candidate list (the first to act takes it); one task per signer, with the
 * engine's loop index, on a 会签 / 或签 node. Also what the engine asks before a run: how many
 * signers each multi-person node has.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { assign, countSigners, signersOf, type Starter } from './assignee.js';
import type { ProcessModel } from './bpmn-model.js';
import type { SignerCounts } from './engine.js';
import { armTimer } from './timer-rows.js';
import type { TaskKind } from './actions.js';
import type { Effects, InstanceRow } from './service.js';

export const starterOf = (instance: InstanceRow): Starter => ({
  username: instance.starter,
  orgCode: instance.starterOrg,
  tenantId: instance.tenantId,
  form: JSON.parse(instance.form) as Record<string, unknown>,
});

/** The signer counts of the model's multi-person nodes (the engine's loopCardinality), for a run. */
export async function signerCounts(db: Db, model: ProcessModel, starter: Starter): Promise<SignerCounts> {
  const counts: Record<string, number> = {};
  for (const e of Object.values(model.elements))
    if (e.multi) counts[e.id] = await countSigners(db, e.assignee ?? '', starter);
  return counts;
}

export interface TaskExtra {
  kind?: TaskKind;
  backTo?: string | null;
  parentId?: string | null;
  multi?: string | null;
  loopIndex?: number | null;
  /** What the people it names are told (default: 待审批, the node reached). */
  notice?: { title: string; content: string };
}

/**
 * Inserts one open task row; the people it names get a live to-do refresh and a 待审批 notice (in
 * 流程审批, opening 我的待办) after the commit - the one place every new task passes through.
 */
export async function insertTask(
  trx: Db,
  instance: InstanceRow,
  node: { elementId: string; name: string },
  who: { assignee: string | null; candidates: string[] },
  extra: TaskExtra,
  effects: Effects,
): Promise<string> {
  const id = newId();
  const candidates = who.candidates.length > 0 ? `,${who.candidates.join(',')},` : null;
  // clock_timestamp(): the rows of one transaction keep their order (and come after the one done).
  await sql`insert into wf_task (id, instance_id, element_id, name, assignee, candidates, kind, back_to, parent_id,
      multi, loop_index, tenant_id, create_time)
    values (${id}, ${instance.id}, ${node.elementId}, ${node.name}, ${who.assignee}, ${candidates},
      ${extra.kind ?? 'approve'}, ${extra.backTo ?? null}, ${extra.parentId ?? null}, ${extra.multi ?? null},
      ${extra.loopIndex ?? null}, ${instance.tenantId}, clock_timestamp())`.execute(trx);
  const people = who.assignee ? [who.assignee] : who.candidates;
  const notice = extra.notice ?? {
    title: `待审批：${instance.title}`,
    content: `「${instance.title}」已到达「${node.name}」，请您审批${people.length > 1 ? `（${people.length}人中任一人处理即可）` : ''}。`,
    arrival: true,
  };
  for (const u of people) {
    effects.todo.add(u);
    effects.assigned.push({
      username: u,
      instanceId: instance.id,
      processKey: instance.processKey,
      businessKey: instance.businessKey,
      ...notice,
    });
  }
  return id;
}

/**
 * The flow arrives at a user task: its rows by the node's assignee rule. A multi-person node gets
 * a row per signer of `indexes` (all of them on a first arrival; after a return, the iterations the
 * engine still waits for: who approved keeps the approval).
 */
export async function enterNode(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  elementId: string,
  effects: Effects,
  indexes?: readonly number[],
): Promise<void> {
  const element = model.elements[elementId];
  const node = { elementId, name: element?.name || elementId };
  const rule = element?.assignee ?? '';
  if (!element?.multi) {
    const who = await assign(trx, rule, node.name, starterOf(instance));
    await armTimer(trx, instance, element, await insertTask(trx, instance, node, who, {}, effects));
    return;
  }
  const signers = await signersOf(trx, rule, node.name, starterOf(instance));
  for (const [index, username] of signers.entries()) {
    if (indexes && !indexes.includes(index)) continue;
    const extra = { multi: element.multi, loopIndex: index };
    const who = { assignee: username, candidates: [] };
    await armTimer(trx, instance, element, await insertTask(trx, instance, node, who, extra, effects));
  }
}
