/**
 * 催办 on a flow (docs/modules/workflow.md, "Slice 5b"): the starter (我发起的) or an admin (流程实例)
 * reminds the people of the instance's open tasks through the notice module's reminders
 * (`sys_urge`, app type `flow`: the reminder modal, 去处理 opens 我的待办). Each urge is a `wf_urge`
 * row (who, whom, when, the message) and a history row 催办, in one transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { createUrges } from '../notice/urge.js';
import { noticeDb } from '../notice/tables.js';
import type { Actor } from './service.js';

/** The same person urges the same instance at most once in this many minutes. */
export const URGE_INTERVAL_MINUTES = 10;
export const URGE_MAX_LENGTH = 500;

export interface UrgeActor extends Actor {
  userId: string;
}

export interface UrgeInput {
  instanceId: string;
  content: string;
  /** An admin (流程实例) may urge any instance of the tenant; otherwise only the starter. */
  asAdmin: boolean;
}

export interface UrgeResult {
  title: string;
  created: [string, string][];
  names: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain message as the reminder's HTML: one paragraph per line. */
export const urgeHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

export function readUrgeContent(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > URGE_MAX_LENGTH) throw new ApiError(`催办内容不能超过${URGE_MAX_LENGTH}个字`);
  return text;
}

interface OpenTask {
  name: string;
  assignee: string | null;
  candidates: string | null;
}

export async function urgeInstance(db: Db, input: UrgeInput, actor: UrgeActor): Promise<UrgeResult> {
  return db.transaction().execute(async (trx) => {
    // The instance row serialises two urges of it (the interval rule below reads a committed state).
    const { rows } = await sql<{
      title: string;
      starter: string;
      status: string;
      tenantId: number;
      form: string;
    }>`
      select title, starter, status, tenant_id as "tenantId", form from wf_instance
      where id = ${input.instanceId} for update`.execute(trx);
    const instance = rows[0];
    if (!instance || instance.tenantId !== actor.tenantId) throw new ApiError('流程实例不存在');
    if (!input.asAdmin && instance.starter !== actor.username) throw new ApiError('只能催办本人发起的流程');
    if (instance.status !== 'running') throw new ApiError('流程已结束，无需催办');
    const open = await sql<OpenTask>`select name, assignee, candidates from wf_task
      where instance_id = ${input.instanceId} and status = 'todo' order by create_time, name, id`.execute(
      trx,
    );
    const people = [
      ...new Set(
        open.rows
          .flatMap((t) => [t.assignee, ...(t.candidates ?? '').split(',')])
          .filter((u): u is string => !!u),
      ),
    ].filter((u) => u !== actor.username);
    if (people.length === 0) throw new ApiError('该流程没有可催办的处理人');
    const recent = await sql<{ n: number }>`select count(*)::int as n from wf_urge
      where instance_id = ${input.instanceId} and urger = ${actor.username}
        and create_time > now() - make_interval(mins => ${URGE_INTERVAL_MINUTES})`.execute(trx);
    if (Number(recent.rows[0]?.n ?? 0) > 0)
      throw new ApiError(`您已催办过该流程，请${URGE_INTERVAL_MINUTES}分钟后再催办`);
    const users = await sql<{ id: string; username: string; realname: string }>`select id, username, realname
      from sys_user where username in (${sql.join(people)}) and del_flag = 0 order by username`.execute(trx);
    if (users.rows.length === 0) throw new ApiError('该流程没有可催办的处理人');
    const nodes = [...new Set(open.rows.map((t) => t.name))].join('、');
    const message =
      input.content || `「${instance.title}」在「${nodes}」等待您审批，${actor.realname}催您尽快处理。`;
    const title = `流程催办：${instance.title}`;
    const created = await createUrges(
      noticeDb(trx),
      { userId: actor.userId, username: actor.username, realname: actor.realname, tenantId: actor.tenantId },
      {
        userIds: users.rows.map((u) => u.id),
        title: title.slice(0, 200),
        content: urgeHtml(message),
        appType: 'flow',
        appId: input.instanceId,
      },
    );
    const names = users.rows.map((u) => u.realname);
    await sql`insert into wf_urge (id, instance_id, urger, targets, target_names, content, tenant_id)
      values (${newId()}, ${input.instanceId}, ${actor.username}, ${`,${users.rows.map((u) => u.username).join(',')},`},
        ${names.join('、')}, ${message}, ${actor.tenantId})`.execute(trx);
    await sql`insert into wf_history (id, instance_id, node_name, action, username, comment, form, create_time)
      values (${newId()}, ${input.instanceId}, ${nodes.slice(0, 200)}, 'urge', ${actor.username},
        ${`催办${names.join('、')}：${message}`.slice(0, 1000)}, ${instance.form}, clock_timestamp())`.execute(
      trx,
    );
    return { title, created, names };
  });
}
