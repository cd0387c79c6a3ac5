/**
 * Per-node field rights (`zh:fields`, docs/modules/workflow.md "Slice 3"): an approver may change
 * only the fields their node marks `edit`; a changed value of any other field is refused by the
 * server, whatever the dialog showed. Unchanged values may come back (the dialog sends the form).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { FlowElement } from './bpmn-model.js';
import type { InstanceRow } from './service.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function writeForm(
  trx: Db,
  instance: InstanceRow,
  element: FlowElement | undefined,
  form: Record<string, unknown>,
): Promise<void> {
  const stored = JSON.parse(instance.form) as Record<string, unknown>;
  const changed = Object.keys(form).filter((k) => !same(stored[k], form[k]));
  if (changed.length === 0) return;
  const node = element?.name || element?.id || '';
  for (const name of changed)
    if (element?.fields?.[name] !== 'edit') throw new ApiError(`字段 ${name} 在节点「${node}」不可编辑`);
  const next = { ...stored };
  for (const name of changed) next[name] = form[name];
  instance.form = JSON.stringify(next);
  await sql`update wf_instance set form = ${instance.form} where id = ${instance.id}`.execute(trx);
}
