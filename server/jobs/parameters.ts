/**
 * A job's parameter checked against its handler's JSON Schema (ajv, compiled once per handler on
 * the server), worded in Chinese.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { HandlerRegistry, JobHandler } from './handlers/index.js';
import { JobMessages } from './messages.js';

const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new Map<string, ValidateFunction>();

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '参数';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `不支持的参数“${String(p.additionalProperty)}”`;
    case 'required':
      return `缺少参数“${String(p.missingProperty)}”`;
    case 'type':
      return `${where}须为${({ string: '字符串', integer: '整数', number: '数字', boolean: '布尔值', object: '对象', array: '数组' } as Record<string, string>)[String(p.type)] ?? String(p.type)}`;
    case 'minimum':
      return `${where}不能小于${String(p.limit)}`;
    case 'maximum':
      return `${where}不能大于${String(p.limit)}`;
    case 'maxLength':
      return `${where}最长${String(p.limit)}个字符`;
    case 'enum':
      return `${where}须为以下之一：${(p.allowedValues as unknown[]).join('、')}`;
    default:
      return `${where}${error.message ?? '不合法'}`;
  }
}

function validatorOf(handler: JobHandler): ValidateFunction {
  let v = compiled.get(handler.name);
  if (!v) {
    v = ajv.compile(handler.params);
    compiled.set(handler.name, v);
  }
  return v;
}

/** Null when the text fits the handler, else the message. Empty text is an empty object. */
export function parameterProblem(
  registry: HandlerRegistry,
  handlerName: string,
  text: unknown,
): string | null {
  const handler = registry.get(handlerName);
  if (!handler) return JobMessages.unknownHandler(handlerName);
  let value: unknown = {};
  if (typeof text === 'string' && text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return JobMessages.parameterNotJson;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return JobMessages.parameterNotJson;
  const validate = validatorOf(handler);
  if (validate(value)) return null;
  return JobMessages.parameterInvalid(handler.title, describe(validate.errors![0]));
}
