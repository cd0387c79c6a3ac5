/**
 * Semantic checks of the record rules beyond one field: cross-field `checks` (json-logic that may
 * only use allow-listed operations and name declared fields, system fields or children)
 * and `uniqueInParent` fields. Whether a `uniqueInParent` entity really is someone's child is known
 * only across files (validate.ts).
 */
import { checkLogic } from './logic.js';
import { SYSTEM_FIELD_NAMES } from './model.js';
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
  decl.fields.forEach((field, i) => {
    if (field.uniqueInParent !== true) return;
    const at = `/fields/${i}/uniqueInParent`;
    if (field.unique === true)
      out.push({ path: at, message: '"unique": true already makes the value unique in the whole table' });
    if (field.widget === 'password') out.push({ path: at, message: 'a password field cannot be unique' });
  });
  return out;
}
