/**
 * What the JSON view knows from a JSON Schema (the designer passes `schemas/meta`): the sub-schema
 * at a path, the keys and values that may be written there, and the problems of a parsed value.
 * Interpreted, never compiled (the CSP forbids `new Function`, so no ajv in the browser); it covers
 * the keywords the meta-schema uses. Pure: the editor glue is in json-schema-editor.ts.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  uniqueItems?: boolean;
  description?: string;
  definitions?: Record<string, JsonSchema>;
}

export type JsonPath = (string | number)[];

export interface PathProblem {
  /** A JSON pointer, e.g. /fields/2/type. */
  path: string;
  message: string;
}

export interface Suggestion {
  label: string;
  /** What is inserted (JSON text). */
  apply: string;
  detail?: string;
  info?: string;
}

/** Follows `#/definitions/x` references. */
export function resolve(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  let s = schema;
  for (let hops = 0; s?.$ref && hops < 10; hops += 1) {
    const name = /^#\/definitions\/(.+)$/.exec(s.$ref)?.[1];
    const target = name ? root.definitions?.[name] : undefined;
    s = target ? { ...target, ...withoutRef(s) } : undefined;
  }
  return s;
}

function withoutRef(s: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = s;
  return rest;
}

/** The schema of the value at `path`, or undefined where the schema says nothing. */
export function schemaAt(root: JsonSchema, path: JsonPath): JsonSchema | undefined {
  let s = resolve(root, root);
  for (const step of path) {
    if (!s) return undefined;
    if (typeof step === 'number') s = resolve(root, s.items);
    else
      s = resolve(
        root,
        s.properties?.[step] ??
          (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined),
      );
  }
  return s;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value that starts what the schema's type expects, for a completed key. */
function starter(s: JsonSchema | undefined): string {
  const type = Array.isArray(s?.type) ? s?.type[0] : s?.type;
  if (s?.enum || s?.const !== undefined) return '';
  if (type === 'object' || (!type && s?.properties)) return '{}';
  if (type === 'array') return '[]';
  if (type === 'string') return '""';
  return '';
}

/** The keys the object at `path` may have that it does not have yet, required ones first. */
export function keySuggestions(root: JsonSchema, path: JsonPath, present: ReadonlySet<string>): Suggestion[] {
  const s = schemaAt(root, path);
  if (!s?.properties) return [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties)
    .filter(([key]) => !present.has(key))
    .sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)))
    .map(([key, sub]) => {
      const resolved = resolve(root, sub);
      const value = starter(resolved);
      return {
        label: key,
        apply: `"${key}": ${value}`,
        detail: required.has(key) ? '必填' : undefined,
        info: resolved?.description,
      };
    });
}

/** The values the schema allows at `path` when it lists them (enums, const, booleans). */
export function valueSuggestions(root: JsonSchema, path: JsonPath): Suggestion[] {
  const s = schemaAt(root, path);
  if (!s) return [];
  const values = s.enum ?? (s.const !== undefined ? [s.const] : undefined);
  const list =
    values ??
    (s.type === 'boolean' || (Array.isArray(s.type) && s.type.includes('boolean')) ? [true, false] : []);
  return list.map((v) => ({ label: JSON.stringify(v), apply: JSON.stringify(v), info: s.description }));
}

const pointer = (path: JsonPath) => (path.length ? `/${path.join('/')}` : '/');

function checkScalar(s: JsonSchema, value: unknown, at: string, out: PathProblem[]): void {
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.length < s.minLength)
      out.push({ path: at, message: s.minLength === 1 ? '不能为空' : `长度至少为 ${s.minLength}` });
    if (s.maxLength !== undefined && value.length > s.maxLength)
      out.push({ path: at, message: `长度最多为 ${s.maxLength}` });
    if (s.pattern && !new RegExp(s.pattern, 'u').test(value))
      out.push({ path: at, message: `格式不正确（应匹配 ${s.pattern}）` });
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum)
      out.push({ path: at, message: `不能小于 ${s.minimum}` });
    if (s.maximum !== undefined && value > s.maximum)
      out.push({ path: at, message: `不能大于 ${s.maximum}` });
  }
}

function checkArray(root: JsonSchema, s: JsonSchema, value: unknown[], path: JsonPath, out: PathProblem[]) {
  const at = pointer(path);
  if (s.minItems !== undefined && value.length < s.minItems)
    out.push({ path: at, message: `至少 ${s.minItems} 项` });
  if (s.maxItems !== undefined && value.length > s.maxItems)
    out.push({ path: at, message: `最多 ${s.maxItems} 项` });
  if (s.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length)
    out.push({ path: at, message: '有重复的项' });
  value.forEach((item, i) => out.push(...validateValue(root, s.items, item, [...path, i])));
}

function checkObject(
  root: JsonSchema,
  s: JsonSchema,
  value: Record<string, unknown>,
  path: JsonPath,
  out: PathProblem[],
) {
  const at = pointer(path);
  for (const key of s.required ?? [])
    if (!(key in value)) out.push({ path: at, message: `缺少必填属性 "${key}"` });
  if (s.maxProperties !== undefined && Object.keys(value).length > s.maxProperties)
    out.push({ path: at, message: `最多 ${s.maxProperties} 个属性` });
  for (const [key, item] of Object.entries(value)) {
    const own = s.properties?.[key];
    if (s.propertyNames) out.push(...validateValue(root, s.propertyNames, key, [...path, key]));
    if (own) out.push(...validateValue(root, own, item, [...path, key]));
    else if (s.additionalProperties === false)
      out.push({ path: pointer([...path, key]), message: `不允许的属性 "${key}"` });
    else if (typeof s.additionalProperties === 'object')
      out.push(...validateValue(root, s.additionalProperties, item, [...path, key]));
  }
}

/** The problems of `value` against `schema`, each at its JSON pointer. */
export function validateValue(
  root: JsonSchema,
  schema: JsonSchema | undefined,
  value: unknown,
  path: JsonPath = [],
): PathProblem[] {
  const s = resolve(root, schema);
  if (!s) return [];
  const at = pointer(path);
  const out: PathProblem[] = [];
  if (s.enum && !s.enum.some((v) => v === value))
    return [{ path: at, message: `取值应为 ${s.enum.map((v) => JSON.stringify(v)).join('、')} 之一` }];
  if (s.const !== undefined && s.const !== value)
    return [{ path: at, message: `取值应为 ${JSON.stringify(s.const)}` }];
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const actual = typeOf(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number')))
    return [{ path: at, message: `应为${types.map((t) => TYPE_NAMES[t] ?? t).join('或')}` }];
  checkScalar(s, value, at, out);
  if (Array.isArray(value)) checkArray(root, s, value, path, out);
  else if (actual === 'object') checkObject(root, s, value as Record<string, unknown>, path, out);
  return out;
}
