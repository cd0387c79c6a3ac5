/**
 * The timer rows of open tasks (docs/modules/workflow.md, "Slice 4"): armed in the transaction
 * that makes the task, due a duration after it; a trigger of migration 0038 cancels them in the
 * statement that ends the task. The firing pass is timer-fire.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { FlowElement } from './bpmn-model.js';
import type { InstanceRow } from './service.js';

/** Arms the node's timer (if it has one) for the task just made. */
export async function armTimer(
  trx: Db,
  instance: InstanceRow,
  element: FlowElement | undefined,
  taskId: string,
): Promise<void> {
  const timer = element?.timer;
  if (!timer) return;
  await sql`insert into wf_timer (id, task_id, instance_id, element_id, action, target, due_time, tenant_id)
    values (${newId()}, ${taskId}, ${instance.id}, ${element.id}, ${timer.action}, ${timer.target ?? null},
      now() + ${timer.seconds} * interval '1 second', ${instance.tenantId})`.execute(trx);
}
