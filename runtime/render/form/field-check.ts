/**
 * Form-side validation without ajv: ajv compiles with `new Function`, which the app's CSP forbids,
 * so the browser checks each field directly against the property schema runtime/model derives for
 * the server (record-schema.ts). Same constraints, same Chinese messages, first failure wins in the
 * server's order: presence, type, size, then format.
 */
import type { FieldModel } from '../../model/declaration/model';
import { propertySchema } from '../../model/declaration/record-schema';
import { compilePattern, isDate, isDateTime, isEmptyValue, isTime } from '../../model/validation/formats';
import { requiredMessage } from '../../model/declaration/widget-of';

function selectCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'string' || value === '') return 0;
  return value.split(',').filter((v) => v !== '').length;
}

function typeProblem(field: FieldModel, value: unknown): boolean {
  switch (field.type) {
    case 'int':
      return !Number.isInteger(Number(value));
    case 'number':
    case 'money':
      return !Number.isFinite(Number(value));
    case 'boolean':
      return value !== 'Y' && value !== 'N';
    default:
      return false;
  }
}

function dateProblem(kind: 'date' | 'datetime' | 'time', value: unknown): boolean {
  if (typeof value !== 'string') return true;
  return kind === 'date' ? !isDate(value) : kind === 'time' ? !isTime(value) : !isDateTime(value);
}

/**
 * The message of the first rule `value` breaks, or null. `required` overrides the declaration's
 * flag when a json-logic rule makes the field required in the current state.
 */
export function checkField(field: FieldModel, value: unknown, required?: boolean): string | null {
  const schema = propertySchema(field);
  const m = schema.zjMessages;
  const mustHave = required ?? schema.zjRequired === true;
  if (isEmptyValue(value)) return mustHave ? (m.zjRequired ?? requiredMessage(field)) : null;
  if (typeProblem(field, value)) return m.type ?? m.enum ?? null;
  if (schema.zjDate && dateProblem(schema.zjDate, value)) return m.zjDate;
  const length = typeof value === 'string' ? [...value].length : undefined;
  if (length !== undefined && schema.minLength !== undefined && length < schema.minLength) return m.minLength;
  if (length !== undefined && schema.maxLength !== undefined && length > schema.maxLength) return m.maxLength;
  const n = Number(value);
  if (schema.minimum !== undefined && n < schema.minimum) return m.minimum;
  if (schema.maximum !== undefined && n > schema.maximum) return m.maximum;
  if (schema.zjMinSelect !== undefined && selectCount(value) < schema.zjMinSelect) return m.zjMinSelect;
  if (schema.zjMaxSelect !== undefined && selectCount(value) > schema.zjMaxSelect) return m.zjMaxSelect;
  if (schema.zjPattern && !compilePattern(schema.zjPattern.source).test(String(value))) return m.zjPattern;
  return null;
}
