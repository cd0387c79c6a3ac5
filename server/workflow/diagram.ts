/**
 * The flow diagram of an instance (docs/modules/workflow.md, "The diagram"): the XML of the version
 * the instance runs on, the elements and flows it has passed (the engine's own counters in the
 * stored state), the tasks now waiting, and the history. Readable by the starter, the people of
 * its tasks, the people it was copied to (抄送, read-only) and holders of flowMonitor:list. A
 * service task that failed (open `wf_failure`) is current too, and listed in `failed`.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { dictText, historyRows } from './queries.js';
import type { Actor } from './service.js';

export interface DiagramRef {
  id?: string;
  taskId?: string;
  businessKey?: string;
}

interface Counted {
  id: string;
  counters?: { taken?: number; take?: number };
}
interface EngineState {
  definitions?: {
    execution?: { processes?: { execution?: { children?: Counted[]; flows?: Counted[] } }[] };
  }[];
}

/** Element ids the engine has taken at least once, and flows taken, from a stored state. */
export function passed(state: string): { done: string[]; flows: string[] } {
  const parsed = JSON.parse(state) as EngineState;
  const done: string[] = [];
  const flows: string[] = [];
  for (const def of parsed.definitions ?? [])
    for (const proc of def.execution?.processes ?? []) {
      for (const c of proc.execution?.children ?? []) if ((c.counters?.taken ?? 0) > 0) done.push(c.id);
      for (const f of proc.execution?.flows ?? []) if ((f.counters?.take ?? 0) > 0) flows.push(f.id);
    }
  return { done, flows };
}

async function instanceIdOf(db: Db, ref: DiagramRef): Promise<string | undefined> {
  if (ref.id) return ref.id;
  if (ref.taskId)
    return (
      await sql<{ id: string }>`select instance_id as id from wf_task where id = ${ref.taskId}`.execute(db)
    ).rows[0]?.id;
  if (ref.businessKey)
    return (
      await sql<{ id: string }>`select id from wf_instance where business_key = ${ref.businessKey}
        order by create_time desc limit 1`.execute(db)
    ).rows[0]?.id;
  return undefined;
}

export async function diagramOf(db: Db, actor: Actor, ref: DiagramRef, admin: boolean, timeZone: string) {
  const id = await instanceIdOf(db, ref);
  if (!id) throw new ApiError('该记录尚未发起流程');
  const { rows } = await sql<{
    id: string;
    title: string;
    status: string;
    statusText: string | null;
    state: string;
    xml: string;
    processName: string;
    version: number;
  }>`select i.id, i.title, i.status, ${dictText('wf_instance_status', sql`i.status`)} as "statusText", i.state,
      d.xml, d.name as "processName", d.version
    from wf_instance i join wf_definition d on d.id = i.definition_id
    where i.id = ${id} and i.tenant_id = ${actor.tenantId} and (${admin} or i.starter = ${actor.username}
      or exists (select 1 from wf_task t where t.instance_id = i.id and (t.assignee = ${actor.username}
        or t.done_by = ${actor.username} or t.candidates like ${`%,${actor.username},%`}))
      or exists (select 1 from wf_copy c where c.instance_id = i.id and c.username = ${actor.username}))`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new ApiError('未找到对应数据');
  // What the row allows to show, read side by side (one round trip on PostgreSQL's pool).
  const [current, failedRows, history] = await Promise.all([
    sql<{ elementId: string }>`select distinct element_id as "elementId" from wf_task
      where instance_id = ${id} and status = 'todo'`.execute(db),
    // A service task whose handler failed (an open wf_failure row): where the instance stopped.
    sql<{ elementId: string }>`select distinct element_id as "elementId" from wf_failure
      where instance_id = ${id} and status = 'open'`.execute(db),
    historyRows(db, row.id, timeZone),
  ]);
  const failed = failedRows.rows.map((r) => r.elementId);
  const waiting = [...new Set([...current.rows.map((r) => r.elementId), ...failed])];
  const { done, flows } = passed(row.state);
  return {
    instanceId: row.id,
    title: row.title,
    status: row.status,
    statusText: row.statusText ?? row.status,
    processName: row.processName,
    version: row.version,
    xml: row.xml,
    done: done.filter((e) => !waiting.includes(e)),
    current: waiting,
    /** Of `current`, the service tasks that failed (drawn in red). */
    failed,
    flows,
    history,
  };
}
