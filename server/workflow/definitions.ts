/**
 * 流程部署 (docs/modules/workflow.md): the deployed versions, their diagram, and suspend / activate.
 * A suspended newest version refuses new starts (service.ts startInstance); running instances of it
 * go on, because approve and the other actions never look at the status.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ApiError } from '../result.js';
import { dictText, like, page, paging, realname, type PageQuery } from './queries.js';
import type { Actor } from './service.js';

export async function definitionPage(db: Db, query: PageQuery & { processKey?: string; name?: string }) {
  const p = paging(query);
  const key = query.processKey ? sql`and d.process_key = ${query.processKey}` : sql``;
  const status = query.status ? sql`and d.status = ${query.status}` : sql``;
  return page(
    sql<{ total: number }>`select d.id, d.process_key as "processKey", d.name, d.version, d.status,
        ${dictText('wf_definition_status', sql`d.status`)} as "status_dictText", d.create_by as "deployBy",
        ${realname(sql`d.create_by`)} as "deployBy_dictText", d.create_time as "deployTime",
        (select count(*)::int from wf_instance i where i.definition_id = d.id and i.status = 'running') as "running",
        count(*) over () as total
      from wf_definition d where true ${key} ${status} ${like(query.name, sql`d.name`)}
      order by d.create_time desc, d.process_key, d.version desc limit ${p.pageSize} offset ${p.offset}`,
    db,
    p,
  );
}

export async function definitionXml(db: Db, id: string) {
  const { rows } = await sql<{ xml: string; name: string; version: number; processKey: string }>`select xml,
      name, version, process_key as "processKey" from wf_definition where id = ${id}`.execute(db);
  if (!rows[0]) throw new ApiError('流程定义不存在');
  return rows[0];
}

/** Sets the status when it differs; the same status twice is refused with what it already is. */
export async function setDefinitionStatus(
  db: Db,
  id: string,
  status: 'active' | 'suspended',
  actor: Actor,
): Promise<string> {
  const { rows } = await sql<{ name: string; version: number; status: string }>`select name, version, status
    from wf_definition where id = ${id}`.execute(db);
  const def = rows[0];
  if (!def) throw new ApiError('流程定义不存在');
  const label = `「${def.name}」版本 ${def.version}`;
  if (def.status === status) throw new ApiError(`${label}已是${status === 'active' ? '激活' : '挂起'}状态`);
  const result = await sql`update wf_definition set status = ${status}, update_by = ${actor.username},
      update_time = now() where id = ${id} and status = ${def.status}`.execute(db);
  if (Number(result.numAffectedRows ?? 0) !== 1) throw new ApiError('流程状态已变化，请刷新后重试');
  return status === 'active' ? `${label}已激活` : `${label}已挂起，不能再发起新的申请`;
}
