/**
 * The assignees' own moves in the demo (docs/modules/workflow.md, "Slice 3"): a request handed
 * over (转办), one with an added signer (加签), one returned to its starter and submitted again,
 * and one returned that still waits for its starter — run through the real actions.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { approveTask, type Bindings } from './actions.js';
import { LEAVE_PROCESS_KEY } from './leave-model.js';
import { newEffects, startInstance, type Actor } from './service.js';
import { addSignTask, returnTask, transferTask } from './task-moves.js';

export type Move = 'transferred' | 'addsigned' | 'resubmitted' | 'returned';
export const MOVES: ReadonlySet<string> = new Set(['transferred', 'addsigned', 'resubmitted', 'returned']);

type ActorOf = (db: Db, username: string) => Promise<Actor>;

async function open(db: Db, instanceId: string) {
  const { rows } = await sql<{ id: string; assignee: string }>`select id, assignee from wf_task
    where instance_id = ${instanceId} and status = 'todo' order by create_time`.execute(db);
  return rows[0];
}

/** `[who it goes to, comment]` per move; the first open task's assignee makes the move. */
export async function runMove(
  db: Db,
  bindings: Bindings,
  actorOf: ActorOf,
  instanceId: string,
  move: Move,
  input: { helper: string; comment: string; form: Record<string, unknown>; businessKey: string },
): Promise<void> {
  const first = await open(db, instanceId);
  if (!first) return;
  const manager = await actorOf(db, first.assignee);
  if (move === 'transferred') {
    await transferTask(db, first.id, manager, { username: input.helper, comment: input.comment });
    await approveTask(db, bindings, first.id, await actorOf(db, input.helper), '同意');
    return;
  }
  if (move === 'addsigned') {
    await addSignTask(db, first.id, manager, { username: input.helper, comment: input.comment });
    const added = await open(db, instanceId);
    if (added) await approveTask(db, bindings, added.id, await actorOf(db, input.helper), '工作已安排妥当');
    const back = await open(db, instanceId);
    if (back) await approveTask(db, bindings, back.id, manager, '同意');
    return;
  }
  await returnTask(db, bindings, first.id, manager, { target: 'starter', comment: input.comment });
  if (move === 'returned') return;
  const { rows } = await sql<{ starter: string; title: string }>`select starter, title from wf_instance
    where id = ${instanceId}`.execute(db);
  const starter = await actorOf(db, rows[0]!.starter);
  await db.transaction().execute(async (trx) => {
    const form = { ...input.form, reason: `${String(input.form.reason)}（已附医院证明）` };
    const key = {
      processKey: LEAVE_PROCESS_KEY,
      businessKey: input.businessKey,
      title: rows[0]!.title,
      form,
    };
    await startInstance(trx, key, starter, newEffects(), bindings.get(LEAVE_PROCESS_KEY));
  });
  const again = await open(db, instanceId);
  if (again) await approveTask(db, bindings, again.id, manager, '材料齐全，同意');
}
