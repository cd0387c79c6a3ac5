/**
 * The values of the equipment actions' forms (schemas/office/equipment*.json `actions[].form`),
 * checked again on the server with the form's own wording.
 */
import { isDate, RuleMessages } from '../../runtime/model/validation/formats.js';
import { ApiError } from '../result.js';

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export type Body = Record<string, unknown>;

export function rowId(body: Body): string {
  const id = body.id;
  if (typeof id !== 'string' || !ID.test(id)) throw new ApiError('参数错误：id');
  return id;
}

export function text(body: Body, name: string, title: string, max: number, required = true): string | null {
  const value = body[name];
  const v = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : null;
  if (v === null) throw new ApiError(RuleMessages.text(title));
  if (v === '') {
    if (required) throw new ApiError(RuleMessages.required(title));
    return null;
  }
  if (v.length > max) throw new ApiError(`${title}${RuleMessages.maxLength(max)}`);
  return v;
}

export function date(body: Body, name: string, title: string): string {
  const v = text(body, name, title, 10)!;
  if (!isDate(v)) throw new ApiError(RuleMessages.date(title));
  return v;
}

export function money(body: Body, name: string, title: string, max: number): number {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw new ApiError(RuleMessages.required(title));
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new ApiError(RuleMessages.number(title));
  if (n < 0) throw new ApiError(RuleMessages.minimum(title, 0));
  if (n > max) throw new ApiError(RuleMessages.maximum(title, max));
  return Math.round(n * 100) / 100;
}
