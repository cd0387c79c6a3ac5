/**
 * Compiles an entity model into the JSON Schema of one record, for add (required fields must be
 * present) or edit (absent fields are kept, present ones are checked). The Chinese message of every
 * rule travels inside the schema (`zjMessages`, keyed by the failing keyword), so any ajv-based
 * form (rjsf on the browser, the API on the server) shows the same words.
 *
 * Custom keywords (registered by record-validator.ts):
 *   zjRequired  true                  fails on null, '' and []
 *   zjPattern   {source}              a format code's or a custom expression; empty values pass
 *   zjDate      'date'|'datetime'|'time'
 *   zjMinSelect / zjMaxSelect  n      counts the comma-separated values of a multi-select
 *   zjMessages  {keyword: message}    annotation only
 */
import { fillMessage, RuleMessages, resolvePattern, REQUIRED_PATTERN_CODE } from '../validation/formats.js';
import type { EntityModel, FieldModel } from './model.js';
import { requiredMessage } from './widget-of.js';

export type RecordMode = 'add' | 'edit';

export interface PropertySchema {
  title: string;
  type?: string[];
  enum?: (string | null)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  zjRequired?: true;
  zjPattern?: { source: string };
  zjDate?: 'date' | 'datetime' | 'time';
  zjMinSelect?: number;
  zjMaxSelect?: number;
  zjMessages: Record<string, string>;
}

export interface RecordSchema {
  type: 'object';
  additionalProperties: false;
  required: string[];
  properties: Record<string, PropertySchema>;
  /** Message of a missing required property, keyed by property. */
  zjMessages: Record<string, string>;
}

const DEFAULT_STRING_LENGTH = 255;

/** Column length of a string field (the DDL uses the same number). */
export function columnLength(field: FieldModel): number {
  return field.length ?? field.maxLength ?? DEFAULT_STRING_LENGTH;
}

/** Whether the field must hold a value: required, or the '*' (non-empty) pattern. */
export function isRequiredField(field: FieldModel): boolean {
  return field.required === true || field.pattern === REQUIRED_PATTERN_CODE;
}

function typeRule(field: FieldModel, prop: PropertySchema): void {
  const { title } = field;
  const messages = prop.zjMessages;
  switch (field.type) {
    case 'int':
      prop.type = ['integer', 'null'];
      messages.type = RuleMessages.integer(title);
      break;
    case 'number':
    case 'money':
      prop.type = ['number', 'null'];
      messages.type = RuleMessages.number(title);
      break;
    case 'boolean':
      prop.enum = ['Y', 'N', null];
      messages.enum = RuleMessages.switch(title);
      break;
    case 'date':
    case 'datetime':
    case 'time':
      prop.type = ['string', 'null'];
      prop.zjDate = field.type;
      messages.type = RuleMessages[field.type](title);
      messages.zjDate = RuleMessages[field.type](title);
      break;
    default:
      prop.type = ['string', 'null'];
      messages.type = RuleMessages.text(title);
  }
}

/** The schema of one property: type, required, lengths, range, pattern, selection counts. */
export function propertySchema(field: FieldModel): PropertySchema {
  const prop: PropertySchema = { title: field.title, zjMessages: {} };
  const messages = prop.zjMessages;
  typeRule(field, prop);
  if (isRequiredField(field)) {
    prop.zjRequired = true;
    messages.zjRequired = requiredMessage(field);
  }
  if (field.type === 'string' || field.type === 'text') {
    if (field.minLength !== undefined) {
      prop.minLength = field.minLength;
      messages.minLength = RuleMessages.minLength(field.minLength);
    }
    const max =
      field.type === 'string'
        ? Math.min(field.maxLength ?? columnLength(field), columnLength(field))
        : field.maxLength;
    if (max !== undefined) {
      prop.maxLength = max;
      messages.maxLength = RuleMessages.maxLength(max);
    }
  }
  if (field.min !== undefined) {
    prop.minimum = field.min;
    messages.minimum = RuleMessages.minimum(field.title, field.min);
  }
  if (field.max !== undefined) {
    prop.maximum = field.max;
    messages.maximum = RuleMessages.maximum(field.title, field.max);
  }
  // Money is positive with at most two decimals (the spec's 'money' code) unless a pattern says otherwise.
  const pattern = field.pattern ?? (field.type === 'money' ? 'money' : undefined);
  if (pattern !== undefined && pattern !== REQUIRED_PATTERN_CODE) {
    const rule = resolvePattern(pattern, field.message);
    prop.zjPattern = { source: rule.source };
    messages.zjPattern = fillMessage(rule.message, {
      title: field.title,
      key: field.name,
      defaultValue: field.default,
    });
  }
  if (field.minItems !== undefined) {
    prop.zjMinSelect = field.minItems;
    messages.zjMinSelect = RuleMessages.minItems(field.minItems);
  }
  if (field.maxItems !== undefined) {
    prop.zjMaxSelect = field.maxItems;
    messages.zjMaxSelect = RuleMessages.maxItems(field.maxItems);
  }
  return prop;
}

/** The JSON Schema of a record of this entity, for add or edit. */
export function recordSchema(model: EntityModel, mode: RecordMode): RecordSchema {
  const properties: Record<string, PropertySchema> = {};
  const required: string[] = [];
  const zjMessages: Record<string, string> = {};
  for (const field of model.declared) {
    if (!field.writable) continue;
    properties[field.name] = propertySchema(field);
    // A field numbered by a fill rule may be left empty on add: the server numbers it.
    if (mode === 'add' && field.fillRule !== undefined) {
      delete properties[field.name].zjRequired;
      continue;
    }
    // On add a required field without a default must be sent; on edit an absent field is kept.
    if (mode === 'add' && isRequiredField(field) && field.default === undefined) {
      required.push(field.name);
      zjMessages[field.name] = requiredMessage(field);
    }
  }
  return { type: 'object', additionalProperties: false, required, properties, zjMessages };
}
