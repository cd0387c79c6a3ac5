/**
 * Model-level 抄送 (docs/modules/workflow.md, "Slice 5c"): when a person approves (同意) a task of a
 * node carrying `zh:ccUsers`, everyone its rules name gets a copy of the instance from that approver
 * (note 节点「X」自动抄送), in the approval's transaction — except the approver and people who
 * already hold a copy of the instance. A rule finding nobody is not an error here.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { peopleOf } from './assignee.js';
import type { ProcessModel } from './bpmn-model.js';
import { writeCopies } from './copy.js';
import type { Push } from './notify.js';
import { starterOf } from './nodes.js';
import type { Actor, InstanceRow } from './service.js';

/** The copies a node's approval makes; answers the bell notices to push after the commit. */
export async function copyOnApprove(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  task: { id: string; elementId: string; name: string },
  actor: Actor,
): Promise<Push[]> {
  const rules = model.elements[task.elementId]?.cc ?? [];
  if (rules.length === 0) return [];
  const starter = starterOf(instance);
  const named = new Set<string>();
  for (const rule of rules) for (const username of await peopleOf(trx, rule, starter)) named.add(username);
  named.delete(actor.username);
  if (named.size === 0) return [];
  const { rows } = await sql<{ id: string; username: string; realname: string }>`select u.id, u.username,
      u.realname from sys_user u
    where u.username in (${sql.join([...named])}) and u.del_flag = 0 and u.status = 1
      and not exists (select 1 from wf_copy c where c.instance_id = ${instance.id} and c.username = u.username)
    order by u.username`.execute(trx);
  if (rows.length === 0) return [];
  const target = {
    instanceId: instance.id,
    taskId: task.id,
    taskName: task.name,
    title: instance.title,
    form: instance.form,
  };
  return writeCopies(trx, target, actor, rows, `节点「${task.name}」自动抄送`);
}
