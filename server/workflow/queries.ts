/**
 * The reads of the flow screens: a person's tasks (待办 / 已办), the instances they started
 * (我发起的) and an instance's history, with dictionary texts beside their values.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import type { Actor } from './service.js';

export interface PageQuery {
  type?: string;
  pageNo?: string;
  pageSize?: string;
  title?: string;
  status?: string;
}

export function paging(query: PageQuery) {
  const pageNo = Math.max(1, Number.parseInt(query.pageNo ?? '1', 10) || 1);
  const pageSize = Math.min(200, Math.max(1, Number.parseInt(query.pageSize ?? '10', 10) || 10));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

export const like = (value: string | undefined, column: RawBuilder<unknown>) =>
  value ? sql`and ${column} ilike ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;

export const dictText = (code: string, value: RawBuilder<unknown>) =>
  sql`(select di.item_text from sys_dict_item di join sys_dict dd on dd.id = di.dict_id
    where dd.dict_code = ${code} and di.item_value = ${value} limit 1)`;
export const realname = (username: RawBuilder<unknown>) =>
  sql`(select su.realname from sys_user su where su.username = ${username} limit 1)`;

/**
 * The database layer answers camelCase (`status_dictText` comes back as `statusDictText`); the
 * contract spells a dictionary's text `<field>_dictText`.
 */
function contractKeys(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/DictText$/, '_dictText'), v]));
}

export async function page<T extends { total?: unknown }>(
  statement: RawBuilder<T>,
  db: Db,
  p: ReturnType<typeof paging>,
) {
  const { rows } = await statement.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  const records = rows.map(({ total: _, ...rest }) => contractKeys(rest));
  return { records, total, size: p.pageSize, current: p.pageNo, pages: Math.ceil(total / p.pageSize) };
}

/** ?type=1: tasks waiting for the caller (assignee or candidate); 2: tasks the caller completed. */
export async function taskPage(db: Db, actor: Actor, query: PageQuery) {
  const p = paging(query);
  const who =
    query.type === '2'
      ? sql`t.done_by = ${actor.username} and t.status = 'done'`
      : sql`t.status = 'todo' and (t.assignee = ${actor.username} or t.candidates like ${`%,${actor.username},%`})`;
  const order = query.type === '2' ? sql`t.done_time desc` : sql`t.create_time desc`;
  return page(
    sql<{ total: number }>`select t.id, t.instance_id as "instanceId", i.title, t.name, i.starter,
        ${realname(sql`i.starter`)} as "starter_dictText", t.create_time as "arriveTime", t.status,
        ${dictText('wf_task_status', sql`t.status`)} as "status_dictText", t.outcome,
        ${dictText('wf_action', sql`t.outcome`)} as "outcome_dictText", t.comment, t.done_time as "doneTime",
        i.status as "instanceStatus", ${dictText('wf_instance_status', sql`i.status`)} as "instanceStatus_dictText",
        i.business_key as "businessKey", count(*) over () as total
      from wf_task t join wf_instance i on i.id = t.instance_id
      where t.tenant_id = ${actor.tenantId} and ${who} ${like(query.title, sql`i.title`)}
      order by ${order}, t.id limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

/** The instances the caller started, newest first. */
export async function instancePage(db: Db, actor: Actor, query: PageQuery) {
  const p = paging(query);
  const status = query.status ? sql`and i.status = ${query.status}` : sql``;
  return page(
    sql<{ total: number }>`select i.id, i.title, d.name as "processName", d.version, i.status,
        ${dictText('wf_instance_status', sql`i.status`)} as "status_dictText", i.current_node as "currentNode",
        i.create_time as "startTime", i.end_time as "endTime", i.business_key as "businessKey",
        count(*) over () as total
      from wf_instance i join wf_definition d on d.id = i.definition_id
      where i.tenant_id = ${actor.tenantId} and i.starter = ${actor.username} ${status} ${like(query.title, sql`i.title`)}
      order by i.create_time desc, i.id limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

/**
 * The history of an instance (by its id or one of its tasks), oldest first: the starter and the
 * people of its tasks may read it.
 */
export async function historyOf(
  db: Db,
  actor: Actor,
  by: { taskId?: string; instanceId?: string },
  timeZone: string,
) {
  const instanceId = by.instanceId
    ? by.instanceId
    : (
        await sql<{
          id: string;
        }>`select instance_id as id from wf_task where id = ${by.taskId ?? ''}`.execute(db)
      ).rows[0]?.id;
  const { rows: allowed } = await sql<{ ok: boolean }>`select true as ok from wf_instance i
    where i.id = ${instanceId ?? ''} and i.tenant_id = ${actor.tenantId} and (i.starter = ${actor.username}
      or exists (select 1 from wf_task t where t.instance_id = i.id and (t.assignee = ${actor.username}
        or t.done_by = ${actor.username} or t.candidates like ${`%,${actor.username},%`})))`.execute(db);
  if (!allowed[0]) throw new ApiError('未找到对应数据');
  return { history: await historyRows(db, instanceId!, timeZone) };
}

/** An instance's history, oldest first, with the people's names and the actions' texts. */
export async function historyRows(db: Db, instanceId: string, timeZone: string) {
  const { rows } =
    await sql`select h.id, to_char(h.create_time at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as time,
      h.node_name as "nodeName", h.action, ${dictText('wf_action', sql`h.action`)} as "actionText", h.username,
      coalesce(${realname(sql`h.username`)}, case when h.username = 'system' then '系统' else h.username end) as realname,
      h.comment from wf_history h where h.instance_id = ${instanceId}
    order by h.create_time, h.id`.execute(db);
  return rows;
}
