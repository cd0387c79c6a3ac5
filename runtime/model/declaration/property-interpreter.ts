/**
 * A property schema (record-schema.ts) checked without code generation. ajv compiles every schema
 * into a function with `new Function`, which the app's Content-Security-Policy (script-src 'self')
 * forbids in the browser, so there `createRecordAjv().compile` answers this interpreter instead
 * (the editable grid's validator compiles its columns that way). It reads the same schema and
 * reports the same keywords, so the messages (`zjMessages[keyword]`) are the server's words; a unit
 * test holds it to ajv's answers. Only property schemas: whole records are the server's to check.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { compilePattern, isDate, isDateTime, isEmptyValue, isTime } from '../validation/formats.js';
import type { PropertySchema } from './record-schema.js';

function selectCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'string' || value === '') return 0;
  return value.split(',').filter((v) => v !== '').length;
}

/** The value as ajv's `coerceTypes` would see it for the schema's type (null for an empty number). */
function coerced(schema: PropertySchema, value: unknown): { ok: boolean; value: unknown } {
  const types = schema.type ?? [];
  if (value === null || value === undefined)
    return { ok: types.length === 0 || types.includes('null'), value: null };
  if (types.includes('integer') || types.includes('number')) {
    if (value === '' && types.includes('null')) return { ok: true, value: null };
    const n =
      typeof value === 'boolean'
        ? Number(value)
        : typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
    const ok = Number.isFinite(n) && (!types.includes('integer') || Number.isInteger(n));
    return { ok, value: n };
  }
  if (types.includes('string')) {
    const ok = ['string', 'number', 'boolean'].includes(typeof value);
    return { ok, value: ok ? String(value) : value };
  }
  return { ok: true, value };
}

function failures(schema: PropertySchema, raw: unknown): string[] {
  const out: string[] = [];
  if (schema.zjRequired && isEmptyValue(raw)) out.push('zjRequired');
  const { ok, value } = coerced(schema, raw);
  if (!ok) return [...out, 'type'];
  if (schema.enum && !schema.enum.includes(value as string | null)) out.push('enum');
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) out.push('minLength');
    if (schema.maxLength !== undefined && length > schema.maxLength) out.push('maxLength');
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) out.push('minimum');
    if (schema.maximum !== undefined && value > schema.maximum) out.push('maximum');
  }
  if (schema.zjMinSelect !== undefined && !isEmptyValue(value) && selectCount(value) < schema.zjMinSelect)
    out.push('zjMinSelect');
  if (schema.zjMaxSelect !== undefined && selectCount(value) > schema.zjMaxSelect) out.push('zjMaxSelect');
  if (schema.zjDate && !isEmptyValue(value)) {
    const kind = schema.zjDate;
    const text = typeof value === 'string' ? value : '';
    const valid = kind === 'date' ? isDate(text) : kind === 'time' ? isTime(text) : isDateTime(text);
    if (!valid) out.push('zjDate');
  }
  if (
    schema.zjPattern &&
    !isEmptyValue(value) &&
    !compilePattern(schema.zjPattern.source).test(String(value))
  )
    out.push('zjPattern');
  return out;
}

function isPropertySchema(schema: unknown): schema is PropertySchema {
  return typeof schema === 'object' && schema !== null && 'zjMessages' in schema && !('properties' in schema);
}

/** A ValidateFunction over one property schema: `errors` holds one entry per failing keyword. */
export function interpretPropertySchema(schema: unknown): ValidateFunction {
  if (!isPropertySchema(schema)) throw new Error('only property schemas can be checked without ajv code');
  const validate = (data: unknown): boolean => {
    const failed = failures(schema, data);
    validate.errors =
      failed.length === 0
        ? null
        : failed.map((keyword): ErrorObject => ({
            keyword,
            instancePath: '',
            schemaPath: `#/${keyword}`,
            params: {},
          }));
    return failed.length === 0;
  };
  validate.errors = null as ErrorObject[] | null;
  validate.schema = schema;
  // The grid reads only the call and `errors`; ajv's other members (evaluated, source) stay absent.
  return validate as unknown as ValidateFunction;
}

/** Whether ajv may generate code here: not in a browser page, whose CSP forbids `new Function`. */
export function codeGenerationAllowed(): boolean {
  return typeof (globalThis as { document?: unknown }).document === 'undefined';
}
