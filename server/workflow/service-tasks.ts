/**
 * Service tasks at run time (docs/modules/workflow.md, "Slice 5"): the engine reaches one, our
 * runner calls its registered handler inside the action's transaction under a savepoint. A
 * handler that throws has its writes rolled back to the savepoint, the engine keeps waiting at
 * the node, and the failure is kept in `wf_failure` (one open row per instance and node) with a
 * history line, for the admin's exception list; 重试 runs the node again.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import type { ProcessModel } from './bpmn-model.js';
import type { ServiceFailure, ServiceRunner } from './engine.js';
import { serviceHandler } from './service-handlers.js';
import { writeHistory, type Effects, type InstanceRow } from './service.js';

/** The runner the engine calls for every service task it reaches in this action. */
export function serviceRunner(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  effects: Effects,
): ServiceRunner {
  return async (elementId) => {
    const element = model.elements[elementId];
    const handler = serviceHandler(element?.handler ?? '');
    if (!element || !handler) throw new ApiError(`未知的服务处理器 ${element?.handler ?? ''}`);
    await sql`savepoint wf_service`.execute(trx);
    let outcome: Awaited<ReturnType<typeof handler.run>>;
    try {
      outcome = await handler.run({ trx, instance, element, arg: element.handlerArg ?? '' });
    } catch (error) {
      await sql`rollback to savepoint wf_service`.execute(trx);
      throw error;
    }
    await sql`release savepoint wf_service`.execute(trx);
    effects.results.push(...outcome.notices);
    await sql`update wf_failure set status = 'resolved', resolve_time = now(), update_time = now()
      where instance_id = ${instance.id} and element_id = ${elementId} and status = 'open'`.execute(trx);
    await writeHistory(trx, instance, {
      action: 'service',
      username: 'system',
      elementId,
      nodeName: element.name || elementId,
      comment: outcome.note,
    });
  };
}

/** The failures of a step: an open row per node (attempts counted), a history line each. */
export async function recordFailures(
  trx: Db,
  instance: InstanceRow,
  model: ProcessModel,
  failed: readonly ServiceFailure[],
): Promise<void> {
  for (const f of failed) {
    const element = model.elements[f.elementId];
    const nodeName = element?.name || f.elementId;
    const message = f.message.slice(0, 500);
    const updated = await sql`update wf_failure set message = ${message}, attempts = attempts + 1,
        update_time = now()
      where instance_id = ${instance.id} and element_id = ${f.elementId} and status = 'open'`.execute(trx);
    if (Number(updated.numAffectedRows ?? 0) === 0)
      await sql`insert into wf_failure (id, instance_id, element_id, node_name, kind, handler, message, tenant_id)
        values (${newId()}, ${instance.id}, ${f.elementId}, ${nodeName}, 'service', ${element?.handler ?? null},
          ${message}, ${instance.tenantId})`.execute(trx);
    await writeHistory(trx, instance, {
      action: 'svcfail',
      username: 'system',
      elementId: f.elementId,
      nodeName,
      comment: message,
    });
  }
}

/** The instance ended (rejected, withdrawn, terminated): its open failures are no longer to fix. */
export async function closeFailures(trx: Db, instanceId: string): Promise<void> {
  await sql`update wf_failure set status = 'closed', update_time = now()
    where instance_id = ${instanceId} and status = 'open'`.execute(trx);
}

/** The current-node text of a node waiting after its handler failed. */
export const failedName = (model: ProcessModel, elementId: string) =>
  `${model.elements[elementId]?.name || elementId}（处理失败）`;
