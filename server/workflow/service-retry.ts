/**
 * 重试 of a failed service task (docs/modules/workflow.md, "Slice 5"), for the admin's exception
 * list: one transaction locking the instance's open tasks and then the instance (the order every
 * action locks in), the engine recovered and resumed without a signal, so it calls the waiting
 * node's handler again. A handler that throws again keeps the failure open (attempts + 1) and the
 * caller reads its message; a success moves the instance on and marks the failure resolved.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { Bindings } from './actions.js';
import { resumeEngine } from './engine.js';
import { signerCounts, starterOf } from './nodes.js';
import { storeResults } from './notify.js';
import { serviceRunner } from './service-tasks.js';
import {
  applyStep,
  definitionById,
  lockInstance,
  newEffects,
  writeHistory,
  type Actor,
  type Effects,
} from './service.js';

interface FailureRow {
  id: string;
  instanceId: string;
  elementId: string;
  nodeName: string;
  status: string;
  tenantId: number;
}

export async function retryFailure(
  db: Db,
  bindings: Bindings,
  id: string,
  actor: Actor,
): Promise<{ effects: Effects; failed?: string }> {
  const effects = newEffects();
  let failed: string | undefined;
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<FailureRow>`select id, instance_id as "instanceId", element_id as "elementId",
        node_name as "nodeName", status, tenant_id as "tenantId" from wf_failure where id = ${id}`.execute(
      trx,
    );
    const failure = rows[0];
    if (!failure || (actor.tenantId !== 0 && failure.tenantId !== actor.tenantId))
      throw new ApiError('未找到对应数据');
    await sql`select id from wf_task where instance_id = ${failure.instanceId} and status = 'todo'
      order by id for update`.execute(trx);
    const instance = await lockInstance(trx, failure.instanceId);
    const again = await sql<{ status: string }>`select status from wf_failure where id = ${id}`.execute(trx);
    if (again.rows[0]?.status !== 'open') throw new ApiError('该异常已处理');
    if (instance.status !== 'running') throw new ApiError('流程已结束');
    const def = await definitionById(trx, instance.definitionId);
    if (!def) throw new ApiError('流程定义不存在');
    await writeHistory(trx, instance, {
      action: 'svcretry',
      username: actor.username,
      elementId: failure.elementId,
      nodeName: failure.nodeName,
    });
    const step = await resumeEngine(instance.id, instance.state, {
      form: JSON.parse(instance.form) as Record<string, unknown>,
      counts: await signerCounts(trx, def.model, starterOf(instance)),
      service: serviceRunner(trx, instance, def.model, effects),
    });
    failed = step.failed.find((f) => f.elementId === failure.elementId)?.message;
    await applyStep(trx, instance, step, def.model, effects, bindings.get(instance.processKey));
    effects.pushes = await storeResults(trx, effects, instance.tenantId, actor);
  });
  return { effects, failed };
}
