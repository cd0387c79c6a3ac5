/**
 * The form an approver sees at their node (`GET /workflow/task/form?id=`): the instance's values
 * with each field's right there (edit / read), hidden fields left out, so the dialog can offer
 * exactly what the server will accept (fields.ts refuses the rest).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';
import { readTask } from './actions.js';
import { mayAct } from './assignee.js';
import type { WorkflowDeps } from './module.js';
import { actorOf, idOf } from './routes.js';
import { definitionById, type Actor } from './service.js';

/** The declared form a process is bound to (its `approval.processKey`), for the dialog's labels. */
export type EntityOf = (processKey: string) => string | undefined;

export async function taskForm(db: Db, actor: Actor, id: string, entityOf: EntityOf = () => undefined) {
  const task = await readTask(db, id);
  if (!task || task.tenantId !== actor.tenantId || !mayAct(task, actor.username))
    throw new ApiError('未找到对应数据');
  const { rows } = await sql<{ form: string; definitionId: string; processKey: string }>`select form,
      definition_id as "definitionId", process_key as "processKey"
    from wf_instance where id = ${task.instanceId}`.execute(db);
  const instance = rows[0];
  if (!instance) throw new ApiError('未找到对应数据');
  const def = await definitionById(db, instance.definitionId);
  const rights = def?.model.elements[task.elementId]?.fields ?? {};
  const values = JSON.parse(instance.form) as Record<string, unknown>;
  const form: Record<string, unknown> = {};
  const fields: { name: string; right: 'edit' | 'read' }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const right = rights[name] ?? 'read';
    if (right === 'hidden') continue;
    form[name] = value;
    fields.push({ name, right });
  }
  return { form, fields, kind: task.kind, name: task.name, entity: entityOf(instance.processKey) ?? null };
}

/** The declarations with an approval block (approval.ts's Approvals), read only for their names. */
interface BoundForms {
  entries(): readonly { approval: { processKey: string }; model: { name: string } }[];
}

export function registerTaskFormRoute(app: FastifyInstance, deps: WorkflowDeps, forms: BoundForms): void {
  const entityOf: EntityOf = (key) => forms.entries().find((e) => e.approval.processKey === key)?.model.name;
  app.get('/workflow/task/form', access(null), (request) =>
    guarded(async () => ok(await taskForm(deps.db, actorOf(request), idOf(request), entityOf))),
  );
}
