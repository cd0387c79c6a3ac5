/**
 * Validates records with the compiled record schema (ajv + the zj* keywords) and returns the
 * Chinese message of each failure, in field order. Also applies the declaration's json-logic
 * `required` rules, so a field that is required only in some states is required on both ends, and
 * then the cross-field `checks` (record-checks.ts) over the same context.
 *
 * One RecordValidation per caller (no module-global ajv): it caches one compiled validator per
 * entity and mode.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  compilePattern,
  isDate,
  isDateTime,
  isEmptyValue,
  isTime,
  RuleMessages,
} from '../validation/formats.js';
import { evaluateLogic } from './logic.js';
import { codeGenerationAllowed, interpretPropertySchema } from './property-interpreter.js';
import { checkFailures } from './record-checks.js';
import type { EntityModel } from './model.js';
import { recordSchema, type RecordMode, type RecordSchema } from './record-schema.js';
import { requiredMessage } from './widget-of.js';

export interface RecordFailure {
  /** The field, or '' for a problem with the record as a whole. */
  field: string;
  message: string;
}

export interface ValidateOptions {
  /** The record the json-logic rules see: on edit, the stored row with the changes applied. */
  context?: Record<string, unknown>;
  /** Permission codes answering the rules' `has`. */
  perms?: readonly string[];
  /** false: leave the cross-field checks to the caller (a parent checks them once its rows are known). */
  checks?: boolean;
}

export const RecordMessages = {
  unknownField: (name: string) => `未知字段：${name}`,
  notObject: '提交的数据格式不正确',
} as const;

function selectCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'string' || value === '') return 0;
  return value.split(',').filter((v) => v !== '').length;
}

/** An ajv instance that knows the zj* keywords. */
export function createRecordAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, coerceTypes: true });
  ajv.addKeyword('zjMessages');
  ajv.addKeyword({
    keyword: 'zjRequired',
    schemaType: 'boolean',
    validate: (required: boolean, data: unknown) => !required || !isEmptyValue(data),
  });
  ajv.addKeyword({
    keyword: 'zjPattern',
    schemaType: 'object',
    validate: (rule: { source: string }, data: unknown) =>
      isEmptyValue(data) || compilePattern(rule.source).test(String(data)),
  });
  ajv.addKeyword({
    keyword: 'zjDate',
    schemaType: 'string',
    validate: (kind: string, data: unknown) => {
      if (isEmptyValue(data)) return true;
      if (typeof data !== 'string') return false;
      return kind === 'date' ? isDate(data) : kind === 'time' ? isTime(data) : isDateTime(data);
    },
  });
  ajv.addKeyword({
    keyword: 'zjMinSelect',
    schemaType: 'number',
    validate: (min: number, data: unknown) => isEmptyValue(data) || selectCount(data) >= min,
  });
  ajv.addKeyword({
    keyword: 'zjMaxSelect',
    schemaType: 'number',
    validate: (max: number, data: unknown) => selectCount(data) <= max,
  });
  // In a browser page the CSP forbids ajv's generated code: property schemas are interpreted.
  if (!codeGenerationAllowed()) ajv.compile = interpretPropertySchema as Ajv['compile'];
  return ajv;
}

/** The order rules are reported in: presence, type, size, then format. */
const PRIORITY: Readonly<Record<string, number>> = {
  required: 0,
  zjRequired: 0,
  type: 1,
  enum: 1,
  minLength: 2,
  maxLength: 2,
  minimum: 2,
  maximum: 2,
  zjMinSelect: 2,
  zjMaxSelect: 2,
};

function priority(error: ErrorObject): number {
  return PRIORITY[error.keyword] ?? 3;
}

function translate(error: ErrorObject, schema: RecordSchema): RecordFailure {
  const params = error.params as Record<string, unknown>;
  if (error.instancePath === '') {
    if (error.keyword === 'required') {
      const name = String(params.missingProperty);
      return { field: name, message: schema.zjMessages[name] ?? RuleMessages.required(name) };
    }
    if (error.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      return { field: name, message: RecordMessages.unknownField(name) };
    }
    return { field: '', message: RecordMessages.notObject };
  }
  const name = error.instancePath.slice(1).split('/')[0];
  const prop = schema.properties[name];
  return { field: name, message: prop?.zjMessages[error.keyword] ?? `${prop?.title ?? name}格式不正确` };
}

export interface RecordValidation {
  schema(model: EntityModel, mode: RecordMode): RecordSchema;
  /** Failures in field order (unknown fields first); empty when the record is valid. Coerces numbers in place. */
  validate(
    model: EntityModel,
    mode: RecordMode,
    data: Record<string, unknown>,
    options?: ValidateOptions,
  ): RecordFailure[];
}

export function createRecordValidation(ajv: Ajv = createRecordAjv()): RecordValidation {
  // Keyed by the model object: a re-saved declaration is a new model and gets a fresh validator.
  const cache = new WeakMap<
    EntityModel,
    Map<RecordMode, { schema: RecordSchema; validate: ValidateFunction }>
  >();
  const compiled = (model: EntityModel, mode: RecordMode) => {
    let byMode = cache.get(model);
    if (!byMode) cache.set(model, (byMode = new Map()));
    let entry = byMode.get(mode);
    if (!entry) {
      const schema = recordSchema(model, mode);
      entry = { schema, validate: ajv.compile(schema) };
      byMode.set(mode, entry);
    }
    return entry;
  };
  return {
    schema: (model, mode) => compiled(model, mode).schema,
    validate(model, mode, data, options = {}) {
      const { schema, validate } = compiled(model, mode);
      const failures: RecordFailure[] = [];
      if (!validate(data)) {
        // One message per field, the spec's way: required, then the type, then the other rules.
        const errors = [...(validate.errors ?? [])].sort((a, b) => priority(a) - priority(b));
        for (const error of errors) {
          const failure = translate(error, schema);
          if (!failures.some((f) => f.field === failure.field)) failures.push(failure);
        }
      }
      const context = options.context ?? data;
      for (const rule of model.declaration.form?.rules ?? []) {
        const field = model.field(rule.field);
        if (!rule.required || !field?.writable || failures.some((f) => f.field === rule.field)) continue;
        if (isEmptyValue(context[rule.field]) && evaluateLogic(rule.required, context, options.perms)) {
          failures.push({ field: rule.field, message: requiredMessage(field) });
        }
      }
      const order = new Map(model.declared.map((f, i) => [f.name, i]));
      const rank = (f: RecordFailure) => (schema.properties[f.field] ? (order.get(f.field) ?? 0) : -1);
      failures.sort((a, b) => rank(a) - rank(b));
      // Cross-field checks compare fields that are each valid: run only once every field is.
      if (failures.length === 0 && options.checks !== false)
        failures.push(...checkFailures(model, context, options.perms));
      return failures;
    },
  };
}
