/**
 * The workflow bench's 10,000 running instances, made fast and faithfully: one leave is filed and
 * started through the server (so its rows are exactly what the engine writes), then its leave row,
 * instance (engine state included), waiting task, history and timers are copied N times in SQL
 * with new ids. Column lists come from the database, so a column added later is copied too.
 */
import { sql, type Kysely } from 'kysely';

type AnyDb = Kysely<never>;

async function columnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = ${table} and table_schema = current_schema() order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Copies the rows of `table` matching `where` once per g in 1..count; `overrides` give a column's
 * value as SQL over g (and the copied row's columns). Table and column names are the bench's own.
 */
async function copyRows(
  db: AnyDb,
  table: string,
  where: ReturnType<typeof sql>,
  count: number,
  overrides: Record<string, string>,
): Promise<void> {
  const columns = await columnsOf(db, table);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const values = sql.raw(columns.map((c) => overrides[c] ?? `src."${c}"`).join(', '));
  await sql`insert into ${sql.table(table)} (${list})
    select ${values} from ${sql.table(table)} src, generate_series(1, ${count}::int) g
    where ${where}`.execute(db);
}

/** A copied task's id (32 characters, as the ids are): the same for its history and timer rows. */
const taskId = (column: string) => `md5('t' || g || ${column})`;

/** Copies the started leave `leaveId` (and its instance `instanceId`) `count` times. */
export async function copyRunningLeave(
  db: AnyDb,
  leaveId: string,
  instanceId: string,
  count: number,
): Promise<void> {
  const leave = `'bwl' || g`;
  const instance = `'bwi' || g`;
  await copyRows(db, 'biz_leave', sql`src.id = ${leaveId}`, count, {
    id: leave,
    proc_ins_id: instance,
    reason: `src.reason || '#' || g`,
  });
  await copyRows(db, 'wf_instance', sql`src.id = ${instanceId}`, count, {
    id: instance,
    business_key: leave,
    title: `src.title || '#' || g`,
  });
  await copyRows(db, 'wf_task', sql`src.instance_id = ${instanceId}`, count, {
    id: taskId('src.id'),
    instance_id: instance,
  });
  await copyRows(db, 'wf_history', sql`src.instance_id = ${instanceId}`, count, {
    id: `md5('h' || g || src.id)`,
    instance_id: instance,
    task_id: taskId('src.task_id'),
  });
  await copyRows(db, 'wf_timer', sql`src.instance_id = ${instanceId}`, count, {
    id: `md5('m' || g || src.id)`,
    instance_id: instance,
    task_id: taskId('src.task_id'),
  });
  for (const table of ['biz_leave', 'wf_instance', 'wf_task', 'wf_history', 'wf_timer'])
    await sql`analyze ${sql.table(table)}`.execute(db);
}
