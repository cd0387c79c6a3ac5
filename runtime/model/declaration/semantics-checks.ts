/**
 * Semantic checks of the record rules beyond one field: cross-field `checks` (json-logic that may
 * only use allow-listed operations and name declared fields, system fields or children), computed
 * fields, the list chart's row rule and `uniqueInParent` fields. Whether a `uniqueInParent` entity
 * really is someone's child is known only across files (validate.ts). Also the SQL identifiers the
 * declaration makes, which must fit PostgreSQL's 63 bytes.
 */
import { checkLogic } from './logic.js';
import { SYSTEM_FIELD_NAMES, toColumnName } from './model.js';
import type { Declaration } from './types.js';

export interface CheckProblem {
  path: string;
  message: string;
}

export function checkRecordRules(decl: Declaration): CheckProblem[] {
  const out: CheckProblem[] = [];
  const fieldNames = new Set(decl.fields.map((f) => f.name));
  const children = (decl.children ?? []).map((c) => c.entity);
  const known = new Set([...fieldNames, ...SYSTEM_FIELD_NAMES, ...children]);
  decl.checks?.forEach((check, i) => {
    const at = `/checks/${i}`;
    if (check.field !== undefined && !fieldNames.has(check.field))
      out.push({ path: `${at}/field`, message: `"${check.field}" is not a declared field` });
    for (const problem of checkLogic(check.rule, known)) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `${at}/rule${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
  });
  decl.fields.forEach((field, i) => {
    if (field.compute === undefined) return;
    const at = `/fields/${i}/compute`;
    if (field.readOnly !== true) out.push({ path: at, message: 'a computed field must be "readOnly": true' });
    for (const problem of checkLogic(field.compute, known)) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `${at}${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
  });
  // The list chart's row filter is a rule like the others: allow-listed and within the budget.
  const chartRows = decl.list?.chart?.rows;
  if (chartRows !== undefined)
    for (const problem of checkLogic(chartRows, new Set(['row']))) {
      const [where, ...rest] = problem.split(': ');
      out.push({ path: `/list/chart/rows${where === '/' ? '' : where}`, message: rest.join(': ') });
    }
  decl.fields.forEach((field, i) => {
    if (field.uniqueInParent !== true) return;
    const at = `/fields/${i}/uniqueInParent`;
    if (field.unique === true)
      out.push({ path: at, message: '"unique": true already makes the value unique in the whole table' });
    if (field.widget === 'password') out.push({ path: at, message: 'a password field cannot be unique' });
  });
  return out;
}

/** PostgreSQL keeps the first 63 bytes of an identifier (NAMEDATALEN - 1) and silently drops the rest. */
export const MAX_IDENTIFIER_BYTES = 63;

const utf8 = new TextEncoder();

/** The identifier's length in UTF-8 bytes, which is what PostgreSQL counts. */
export function identifierBytes(name: string): number {
  return utf8.encode(name).length;
}

/** What PostgreSQL would keep of the identifier: its first 63 bytes (never half a character). */
function truncatedIdentifier(name: string): string {
  let bytes = 0;
  let kept = '';
  for (const ch of name) {
    bytes += identifierBytes(ch);
    if (bytes > MAX_IDENTIFIER_BYTES) break;
    kept += ch;
  }
  return kept;
}

/**
 * SQL identifiers the engine makes from the declaration (the table, each field's snake_case column)
 * must fit PostgreSQL's 63 bytes: a longer column would be created truncated, and the record's
 * value would read back null, or two names sharing their first 63 bytes would name one column. The
 * engine's index names are already shortened with a hash (server/entity/ddl.ts).
 */
export function checkIdentifiers(decl: Declaration): CheckProblem[] {
  const out: CheckProblem[] = [];
  const tooLong = (name: string) => identifierBytes(name) > MAX_IDENTIFIER_BYTES;
  if (tooLong(decl.table))
    out.push({
      path: '/table',
      message: `table "${decl.table}" is ${identifierBytes(decl.table)} bytes; PostgreSQL keeps only the first ${MAX_IDENTIFIER_BYTES}`,
    });
  const columns = decl.fields.map((f) => toColumnName(f.name));
  const kept = columns.map(truncatedIdentifier);
  columns.forEach((column, i) => {
    if (!tooLong(column)) return;
    const other = kept.findIndex((k, j) => j !== i && k === kept[i]);
    const same = other >= 0 ? `, the same as the column of /fields/${other}/name` : '';
    out.push({
      path: `/fields/${i}/name`,
      message: `column "${column}" is ${identifierBytes(column)} bytes; PostgreSQL keeps only the first ${MAX_IDENTIFIER_BYTES}${same} (shorten the name)`,
    });
  });
  return out;
}
