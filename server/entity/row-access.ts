/**
 * Row access on the server (runtime/model/declaration/row-rule.ts): a declaration's read rule as
 * one bound SQL condition over the statement's alias, ORed with "takes part in the row's approval"
 * for process-backed forms, and ANDed with "may read the parent row" for children; edit and delete
 * rules checked on the stored row with the same evaluator the browser hides its links with.
 * Identifiers come from the validated declarations only; every value is a bound parameter.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import {
  evaluateRowRule,
  type RowOperand,
  type RowRuleNode,
  type RowRuleUser,
} from '../../runtime/model/declaration/row-rule.js';
import { ApiError } from '../result.js';
import { columnRef } from './sql.js';
import type { Row } from './store.js';

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

/** What a rule's SQL needs besides the rule: the caller, their codes and the other declarations. */
export interface RuleScope {
  user: RowRuleUser;
  perms: ReadonlySet<string>;
  tenantId: number;
  /** The model of another declared entity (exists). */
  modelOf(entity: string): EntityModel | undefined;
}

interface Target {
  model: EntityModel;
  alias: string;
}

const present = (v: unknown) => v !== null && v !== undefined;

function textColumn(target: Target, field: string): RawBuilder<unknown> {
  const model = target.model.field(field);
  // Names were checked at load; an unknown one here is a programming error, never input.
  if (!model) throw new Error(`row rule names an undeclared field: ${field}`);
  const ref = columnRef({ model: target.model, timeZone: '', alias: target.alias }, model.column);
  // Comparisons are of text on both ends (the browser compares String values).
  return ['string', 'text'].includes(model.type) ? ref : sql`(${ref})::text`;
}

function userValue(o: RowOperand, user: RowRuleUser): unknown {
  if (o.kind === 'literal') return o.value;
  if (o.kind === 'user') return user[o.key] ?? null;
  return undefined;
}

function equalSql(left: RowOperand, right: RowOperand, target: Target, user: RowRuleUser) {
  if (left.kind !== 'row' && right.kind !== 'row') {
    const [l, r] = [userValue(left, user), userValue(right, user)];
    return present(l) && present(r) && String(l) === String(r) ? TRUE : FALSE;
  }
  if (left.kind === 'row' && right.kind === 'row')
    return sql<SqlBool>`coalesce(${textColumn(target, left.field)} = ${textColumn(target, right.field)}, false)`;
  const field = left.kind === 'row' ? left.field : (right as { field: string }).field;
  const value = userValue(left.kind === 'row' ? right : left, user);
  if (!present(value)) return FALSE;
  return sql<SqlBool>`coalesce(${textColumn(target, field)} = ${String(value)}, false)`;
}

/** A parsed rule as SQL over `target`'s alias; two-valued like the in-memory evaluator. */
export function rowRuleSql(
  node: RowRuleNode,
  target: Target,
  scope: RuleScope,
  depth = 0,
): RawBuilder<SqlBool> {
  const next = (n: RowRuleNode) => rowRuleSql(n, target, scope, depth);
  switch (node.kind) {
    case 'const':
      return node.value ? TRUE : FALSE;
    case 'and':
      return sql<SqlBool>`(${sql.join(node.items.map(next), sql` and `)})`;
    case 'or':
      return sql<SqlBool>`(${sql.join(node.items.map(next), sql` or `)})`;
    case 'not':
      return sql<SqlBool>`not ${next(node.item)}`;
    case 'eq':
      return equalSql(node.left, node.right, target, scope.user);
    case 'ne':
      return sql<SqlBool>`not ${equalSql(node.left, node.right, target, scope.user)}`;
    case 'member': {
      const value =
        node.value.kind === 'row' ? textColumn(target, node.value.field) : userValue(node.value, scope.user);
      if (node.value.kind !== 'row' && (!present(value) || String(value) === '')) return FALSE;
      const item = node.value.kind === 'row' ? value : String(value);
      // position() over the comma list: no LIKE wildcard in a value can widen the match.
      return sql<SqlBool>`coalesce(position(',' || ${item} || ',' in ',' || coalesce(${textColumn(target, node.field)}, '') || ',') > 0, false)`;
    }
    case 'oneOf':
      return sql<SqlBool>`coalesce(${textColumn(target, node.field)} in (${sql.join(node.values.map(String))}), false)`;
    case 'under': {
      const code = userValue(node.value, scope.user);
      if (!present(code) || String(code) === '') return FALSE;
      // left() compares the prefix without LIKE, so no wildcard in a code can widen it.
      return sql<SqlBool>`coalesce(left(${textColumn(target, node.field)}, ${String(code).length}) = ${String(code)}, false)`;
    }
    case 'has':
      return scope.perms.has(node.code) ? TRUE : FALSE;
    case 'exists': {
      const model = scope.modelOf(node.entity);
      if (!model || depth > 2) return FALSE;
      const inner: Target = { model, alias: `rel${depth + 1}` };
      const fk = columnRef({ model, timeZone: '', alias: inner.alias }, model.field(node.field)!.column);
      const own = columnRef({ model: target.model, timeZone: '', alias: target.alias }, 'id');
      const live = [
        ...(model.softDelete ? [sql<SqlBool>`${sql.ref(`${inner.alias}.del_flag`)} = 0`] : []),
        ...(model.tenantScoped
          ? [sql<SqlBool>`${sql.ref(`${inner.alias}.tenant_id`)} = ${scope.tenantId}`]
          : []),
      ];
      const where = [sql<SqlBool>`${fk} = ${own}`, ...live, rowRuleSql(node.where, inner, scope, depth + 1)];
      return sql<SqlBool>`exists (select 1 from ${sql.table(model.table)} as ${sql.id(inner.alias)}
        where ${sql.join(where, sql` and `)})`;
    }
  }
}

/**
 * Whoever has, had or may take a task of the row's approval, or was copied on it (抄送), reads the
 * row: an approver must see what they approve, whatever the form's own read rule says.
 */
export function approvalParticipantSql(
  model: EntityModel,
  alias: string,
  username: string,
): RawBuilder<SqlBool> {
  const key = model.declaration.approval!.processKey;
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`exists (select 1 from wf_instance wi where wi.business_key = ${id} and wi.process_key = ${key}
    and (exists (select 1 from wf_task wt where wt.instance_id = wi.id and (wt.assignee = ${username}
        or wt.done_by = ${username} or position(${`,${username},`} in ',' || coalesce(wt.candidates, '') || ',') > 0))
      or exists (select 1 from wf_copy wc where wc.instance_id = wi.id and wc.username = ${username})))`;
}

/** The model's own read condition (rule, approval participants), or null when it has no read rule. */
export function ownReadSql(model: EntityModel, alias: string, scope: RuleScope): RawBuilder<SqlBool> | null {
  const read = model.rowAccess?.read;
  if (!read) return null;
  const rule = rowRuleSql(read, { model, alias }, scope);
  if (!model.declaration.approval) return rule;
  return sql<SqlBool>`(${rule} or ${approvalParticipantSql(model, alias, scope.user.username)})`;
}

/** Whether the rule of `action` lets the caller change the stored row; refuses with its message. */
export function checkRowWrite(
  model: EntityModel,
  action: 'edit' | 'delete',
  rows: readonly Row[],
  user: RowRuleUser,
  perms: ReadonlySet<string>,
): void {
  const access = model.rowAccess;
  const rule = access?.[action];
  if (!access || !rule) return;
  if (rows.some((row) => !evaluateRowRule(rule, row, user, perms)))
    throw new ApiError(action === 'edit' ? access.editMessage : access.deleteMessage);
}
