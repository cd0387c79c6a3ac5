/**
 * 开始考核 (docs/modules/evaluations.md, "Starting a cycle"): inside the start's own transaction,
 * one evaluation per person evaluated (the members of the chosen departments and below, and the
 * chosen people), each with a score row per indicator of the template - a snapshot of its name,
 * weight, maximum and description, so later template edits leave past cycles alone. All or
 * nothing: an unusable template, nobody to evaluate or a person without anyone to score them
 * refuses the start and nothing is made.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import { ApiError } from '../result.js';
import { assign } from '../workflow/assignee.js';
import { EvalMessages } from './scope.js';

export interface Indicator {
  indicator: string;
  weight: number;
  maxScore: number;
  description: string | null;
}

export interface Person {
  username: string;
  realname: string;
  orgCode: string | null;
}

/** Active members of the tenant (as server/notice/recipients.ts reads membership). */
const active = (tenantId: number) =>
  tenantId === 0
    ? sql`u.del_flag = 0 and u.status = 1`
    : sql`u.del_flag = 0 and u.status = 1 and (',' || u.rel_tenant_ids || ',') like ${`%,${tenantId},%`}`;

/** An enabled template's indicators in order; refused when it is missing, stopped or empty. */
export async function templateIndicators(db: Db, templateId: string): Promise<Indicator[]> {
  const t = await sql<{
    status: string;
  }>`select status from biz_eval_template where id = ${templateId}`.execute(db);
  if (t.rows[0]?.status !== '1') throw new ApiError(EvalMessages.noTemplate);
  const { rows } = await sql<Indicator>`select indicator, weight, max_score as "maxScore", description
    from biz_eval_indicator where template_id = ${templateId} order by order_num nulls last, indicator`.execute(
    db,
  );
  if (rows.length === 0) throw new ApiError(EvalMessages.noIndicators);
  return rows.map((r) => ({ ...r, weight: Number(r.weight), maxScore: Number(r.maxScore) }));
}

const list = (raw: unknown): string[] =>
  typeof raw === 'string'
    ? [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
    : [];

/** The people a cycle evaluates: members of its departments (and below) and its named people. */
export async function cyclePeople(db: Db, departIds: unknown, usernames: unknown, tenantId: number) {
  const departs = list(departIds);
  const names = list(usernames);
  if (departs.length === 0 && names.length === 0) return [];
  const inDeparts =
    departs.length === 0
      ? sql`false`
      : sql`exists (select 1 from sys_depart d where d.id in (${sql.join(departs)}) and d.del_flag = 0
          and left(u.org_code, length(d.org_code)) = d.org_code)`;
  const named = names.length === 0 ? sql`false` : sql`u.username in (${sql.join(names)})`;
  const { rows } = await sql<Person>`select u.username, u.realname, u.org_code as "orgCode" from sys_user u
    where ${active(tenantId)} and (${inDeparts} or ${named}) order by u.org_code, u.username`.execute(db);
  return rows;
}

/** Who scores a person: the nearest department manager above them (the general manager at the top). */
export async function managerOf(db: Db, person: Person, tenantId: number): Promise<string> {
  try {
    const found = await assign(db, 'deptManager', '上级评分', {
      username: person.username,
      orgCode: person.orgCode,
      tenantId,
    });
    const who = found.assignee ?? found.candidates[0];
    if (who) return who;
  } catch {
    // no manager at all: refused below with the person's name
  }
  throw new ApiError(EvalMessages.noManager(person.realname));
}

export interface NewEvaluation {
  tenantId: number;
  createBy: string;
  orgCode: string | null;
  title: string;
  cycleId: string | null;
  evalType: '1' | '2';
  periodKey: string;
  templateId: string;
  reason: string | null;
  selfDeadline: string;
  managerDeadline: string;
}

/** Inserts one evaluation (status 待自评) with its score rows; answers its id. */
export async function insertEvaluation(
  trx: Db,
  e: NewEvaluation,
  person: Person,
  manager: string,
  indicators: readonly Indicator[],
): Promise<string> {
  const id = newId();
  await sql`insert into biz_evaluation (id, create_by, sys_org_code, tenant_id, title, cycle_id, eval_type,
      period_key, username, depart_code, manager, template_id, reason, status, self_deadline, manager_deadline)
    values (${id}, ${e.createBy}, ${e.orgCode}, ${e.tenantId}, ${e.title}, ${e.cycleId}, ${e.evalType},
      ${e.periodKey}, ${person.username}, ${person.orgCode}, ${manager}, ${e.templateId}, ${e.reason}, '0',
      ${e.selfDeadline}, ${e.managerDeadline})`.execute(trx);
  for (const [i, ind] of indicators.entries())
    await sql`insert into biz_eval_score (id, create_by, sys_org_code, evaluation_id, order_num, indicator, weight,
        max_score, description)
      values (${newId()}, ${e.createBy}, ${e.orgCode}, ${id}, ${i + 1}, ${ind.indicator}, ${ind.weight},
        ${ind.maxScore}, ${ind.description})`.execute(trx);
  return id;
}
