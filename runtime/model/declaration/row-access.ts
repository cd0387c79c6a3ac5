/**
 * Who may act on which row, beyond permission codes: a transition's `allow` rule (only the row's
 * person in charge accepts a work order) and a list's `scopes` (我负责的 = the rows whose person in
 * charge is the caller). The server refuses with the same rule the browser uses to hide a link, so
 * the two cannot disagree; the scopes are compiled into SQL by the server (server/entity/list-scope.ts).
 * Also the list's row marks (an overdue order is tinted), rules over the row like the others.
 */
import { checkLogic, evaluateLogic } from './logic.js';
import { ORG_CODE_FIELD, SYSTEM_FIELD_NAMES } from './model.js';
import type { Declaration, LogicRule, RowMarkDecl } from './types.js';
import { parseRowRule, type RowRuleFields } from './row-rule.js';

export interface Problem {
  path: string;
  message: string;
}

/** The caller as an `allow` rule sees it (`user.username` ...); the same keys on both ends. */
export interface RuleUser {
  username: string;
  orgCode: string | null;
}

export const RULE_USER_KEYS: ReadonlySet<string> = new Set(['username', 'orgCode']);

/** Values a scope condition may name for the caller (the data rules' variables). */
export const SCOPE_VARIABLES: ReadonlySet<string> = new Set(['#{sysUserCode}', '#{sysOrgCode}']);

/** Whether the rule lets `user` change `row`; no rule means yes (the permission code decides). */
export function rowAllowed(
  rule: LogicRule | undefined,
  row: Record<string, unknown>,
  user: RuleUser,
  perms: readonly string[] = [],
): boolean {
  if (rule === undefined) return true;
  return evaluateLogic(rule, { row, user }, perms);
}

/** The `var` names of a rule (outside per-item operations, where names are the item's). */
function varNames(rule: unknown, out: string[] = []): string[] {
  if (Array.isArray(rule)) {
    for (const item of rule) varNames(item, out);
    return out;
  }
  if (typeof rule !== 'object' || rule === null) return out;
  for (const [op, args] of Object.entries(rule)) {
    if (op === 'var') {
      const name = Array.isArray(args) ? (args as unknown[])[0] : args;
      if (typeof name === 'string') out.push(name);
    } else varNames(args, out);
  }
  return out;
}

/** `allow` rules: allow-listed operations over `row.<declared field>` and `user.<key>` only. */
export function checkTransitionAllow(decl: Declaration): Problem[] {
  const out: Problem[] = [];
  const rowFields = new Set([...decl.fields.map((f) => f.name), ...SYSTEM_FIELD_NAMES, ORG_CODE_FIELD]);
  decl.transitions?.forEach((t, i) => {
    if (t.allow === undefined) return;
    const at = `/transitions/${i}/allow`;
    for (const problem of checkLogic(t.allow, new Set(['row', 'user']))) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `${at}${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
    for (const name of varNames(t.allow)) {
      const [head, key] = name.split('.');
      const known = head === 'row' ? rowFields.has(key) : head === 'user' && RULE_USER_KEYS.has(key);
      if (!known)
        out.push({ path: at, message: `"${name}" is neither row.<field> nor user.username / user.orgCode` });
    }
  });
  return out;
}

/** Scopes name declared string fields, known variables, unique values, and no field as the param. */
export function checkListScopes(decl: Declaration): Problem[] {
  const scopes = decl.list?.scopes;
  if (!scopes) return [];
  const out: Problem[] = [];
  const fields = new Map(decl.fields.map((f) => [f.name, f.type]));
  // The engine's own text columns count too: "my records" is createBy = #{sysUserCode}.
  for (const name of ['createBy', 'updateBy', ORG_CODE_FIELD]) fields.set(name, 'string');
  if (fields.has(scopes.param))
    out.push({ path: '/list/scopes/param', message: `"${scopes.param}" is a declared field` });
  const seen = new Set<string>();
  scopes.values.forEach((scope, i) => {
    const at = `/list/scopes/values/${i}`;
    if (seen.has(scope.value)) out.push({ path: `${at}/value`, message: `duplicate scope "${scope.value}"` });
    seen.add(scope.value);
    scope.columns?.forEach((name, j) => {
      if (!fields.has(name))
        out.push({ path: `${at}/columns/${j}`, message: `"${name}" is not a declared field` });
    });
    scope.where?.forEach((c, j) => {
      const type = fields.get(c.field);
      if (c.rule === 'withinDays') {
        // A date from today to today + N days (a policy about to expire): the value is N.
        if (!type || !['date', 'datetime'].includes(type))
          out.push({ path: `${at}/where/${j}/field`, message: `"${c.field}" is not a declared date field` });
        if (!/^\d{1,4}$/.test(c.value))
          out.push({ path: `${at}/where/${j}/value`, message: 'withinDays takes a number of days (0-9999)' });
        return;
      }
      if (!type || !['string', 'text'].includes(type))
        out.push({ path: `${at}/where/${j}/field`, message: `"${c.field}" is not a declared text field` });
      for (const variable of c.value.match(/#\{[^}]*\}/g) ?? [])
        if (!SCOPE_VARIABLES.has(variable))
          out.push({ path: `${at}/where/${j}/value`, message: `unknown variable ${variable}` });
    });
  });
  // A hand-written list reads the parameter itself; conditions are what only the engine can honour.
  if (decl.routes === 'external' && scopes.values.some((v) => (v.where ?? []).length > 0))
    out.push({
      path: '/list/scopes',
      message:
        'the engine serves scope conditions; external routes cannot honour them (declare values without where)',
    });
  return out;
}

/** Row marks: rules over row.<field> and today only. */
export function checkRowMarks(decl: Declaration): Problem[] {
  const out: Problem[] = [];
  const rowFields = new Set([...decl.fields.map((f) => f.name), ...SYSTEM_FIELD_NAMES]);
  decl.list?.rowMarks?.forEach((mark, i) => {
    const at = `/list/rowMarks/${i}/rule`;
    for (const problem of checkLogic(mark.rule, new Set(['row', 'today']))) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `${at}${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
    for (const name of varNames(mark.rule)) {
      const [head, key] = name.split('.');
      if (!(head === 'today' && key === undefined) && !(head === 'row' && rowFields.has(key)))
        out.push({ path: at, message: `"${name}" is neither row.<field> nor today` });
    }
  });
  return out;
}

/** The first mark whose rule holds for the row (today: YYYY-MM-DD), or null. */
export function rowMarkOf(
  marks: readonly RowMarkDecl[] | undefined,
  row: Readonly<Record<string, unknown>>,
  today: string,
): RowMarkDecl | null {
  for (const mark of marks ?? []) {
    try {
      if (evaluateLogic(mark.rule, { row, today })) return mark;
    } catch {
      // A rule outside the allow-list marks nothing (the load-time check names it).
    }
  }
  return null;
}

/**
 * `"access": "signed-in"` opens a declaration's reads to everyone of the tenant, so it must say why
 * (schemas/README.md, `access`): without a reason in `description` it is refused, for files,
 * designed forms and bundles alike, rather than read as a mistake nobody justified.
 */
export function checkOpenAccess(decl: Declaration): Problem[] {
  if (decl.access !== 'signed-in' || (decl.description ?? '').trim() !== '') return [];
  return [
    {
      path: '/access',
      message:
        '"signed-in" opens reads to every signed-in user of the tenant: give the reason in "description"',
    },
  ];
}

/**
 * `rowAccess`: each rule parses in the shared subset (row-rule.ts) over the declaration's own
 * fields; `exists` only in read, and then edit needs its own rule (it would fall back to read,
 * which one row cannot answer). The entity an `exists` names is checked across declarations.
 */
export function checkRowAccess(decl: Declaration): Problem[] {
  const given = decl.rowAccess;
  if (!given) return [];
  const out: Problem[] = [];
  if (decl.routes === 'external')
    out.push({
      path: '/rowAccess',
      message: 'external routes cannot honour row access; check rows in their code',
    });
  const own = new Set([...decl.fields.map((f) => f.name), ...SYSTEM_FIELD_NAMES, ORG_CODE_FIELD]);
  const fields: RowRuleFields = { has: (name) => own.has(name) };
  for (const key of ['read', 'edit', 'delete'] as const) {
    const rule = given[key];
    if (rule === undefined) continue;
    try {
      parseRowRule(rule, fields, key === 'read');
    } catch (error) {
      out.push({ path: `/rowAccess/${key}`, message: (error as Error).message });
    }
  }
  if (given.read !== undefined && given.edit === undefined && JSON.stringify(given.read).includes('"exists"'))
    out.push({
      path: '/rowAccess/edit',
      message: 'read uses exists, which one row cannot answer: give edit its own rule',
    });
  return out;
}
