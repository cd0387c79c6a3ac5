/**
 * The next value of a fill rule (填值规则). Numbers come from sys_fill_rule_counter, taken by one
 * statement (insert ... on conflict do update set value = value + 1 returning value): the row lock
 * of the update makes concurrent callers wait for each other, so no two of them ever get the same
 * number, on the embedded database and on PostgreSQL alike. Inside the caller's transaction the
 * number is released again if the insert it was taken for rolls back (a gap never appears for a
 * refused add; a committed one never repeats).
 */
import { sql, type Transaction } from 'kysely';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../result.js';
import {
  FillRuleMessages,
  formatDatePattern,
  padded,
  parseFillRule,
  segmentNumber,
  segmentOf,
  type OrgCodeParams,
} from './classes.js';
import { adminDb } from '../config/tables.js';

export interface FillContext {
  now: Date;
  /** The record being added (what it has so far): orgCode reads its parent from it. */
  record: Record<string, unknown>;
  /** Time zone of the date in dateSequence numbers; default the server's APP_TIMEZONE. */
  timeZone?: string;
}

let defaultZone: string | null = null;
function serverTimeZone(): string {
  defaultZone ??= loadConfig().timeZone;
  return defaultZone;
}

/** Takes the next number of a rule's period; `floor` is the least number to hand out. */
export async function takeNumber(db: Db, ruleCode: string, period: string, floor: number): Promise<number> {
  const taken = await sql<{ value: number | string | bigint }>`
    insert into sys_fill_rule_counter as c (rule_code, period, value)
    values (${ruleCode}, ${period}, ${floor})
    on conflict (rule_code, period) do update
      set value = greatest(c.value + 1, excluded.value), update_time = now()
    returning value`.execute(db);
  return Number(taken.rows[0].value);
}

/** The code of the parent department the record names ('' for a top-level one). */
async function parentCode(db: Db, params: OrgCodeParams, record: Record<string, unknown>): Promise<string> {
  const parentId = record[params.parentField];
  if (parentId === undefined || parentId === null || parentId === '' || parentId === '0') return '';
  const parent = await db
    .selectFrom('sysDepart')
    .select('orgCode')
    .where('id', '=', String(parentId))
    .executeTakeFirst();
  if (!parent) throw new ApiError(FillRuleMessages.noParent);
  return parent.orgCode;
}

async function nextOrgCode(db: Db, ruleCode: string, params: OrgCodeParams, context: FillContext) {
  const parent = await parentCode(db, params, context.record);
  // Codes taken outside the rule (imports, older rows, deleted departments) are never handed out again.
  const rows = await sql<{ orgCode: string }>`
    select org_code from sys_depart
    where left(org_code, ${parent.length}) = ${parent} and length(org_code) = ${parent.length + 3}`.execute(
    db,
  );
  const highest = Math.max(0, ...rows.rows.map((r) => segmentNumber(r.orgCode.slice(parent.length))));
  const segment = segmentOf(await takeNumber(db, ruleCode, `org:${parent}`, highest + 1));
  if (segment === null) throw new ApiError(FillRuleMessages.exhausted(ruleCode));
  return `${parent}${segment}`;
}

/** The next value of the rule `ruleCode`, e.g. WO20261122-0001; ApiError for an unknown rule. */
export async function nextFillValue(
  db: Db | Transaction<Database>,
  ruleCode: string,
  context: FillContext,
): Promise<string> {
  const rule = await adminDb(db)
    .selectFrom('sysFillRule')
    .select(['ruleClass', 'ruleParams'])
    .where('ruleCode', '=', ruleCode)
    .executeTakeFirst();
  if (!rule) throw new ApiError(FillRuleMessages.unknownRule(ruleCode));
  const parsed = parseFillRule(rule.ruleClass, rule.ruleParams);
  switch (parsed.ruleClass) {
    case 'dateSequence': {
      const { prefix, datePattern, separator, digits } = parsed.params;
      const date = formatDatePattern(datePattern, context.now, context.timeZone ?? serverTimeZone());
      const n = await takeNumber(db, ruleCode, `date:${date}`, 1);
      return `${prefix}${date}${separator}${padded(n, digits)}`;
    }
    case 'sequence': {
      const { prefix, digits, start } = parsed.params;
      return `${prefix}${padded(await takeNumber(db, ruleCode, 'all', start), digits)}`;
    }
    case 'orgCode':
      return nextOrgCode(db, ruleCode, parsed.params, context);
  }
}
