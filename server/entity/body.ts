/**
 * Request bodies of add and edit. Keys the server owns (id, audit columns, tenant, soft-delete
 * flag, `<field>_dictText`, a tree's has-child flag, read-only fields) are dropped, never stored:
 * a form sends back what it loaded. Every other key must be a writable declared field, or the
 * validator refuses it by name.
 */
import {
  ORG_CODE_FIELD,
  ROW_VERSION_FIELD,
  SYSTEM_FIELD_NAMES,
  type EntityModel,
} from '../../runtime/model/declaration/model.js';
import { ApiError } from '../result.js';
import { cleanHtml } from '../security/html.js';

export const BodyMessages = {
  notObject: '提交的数据格式不正确',
  missingId: '参数错误：缺少id',
  notFound: '未找到对应数据',
} as const;

const SERVER_KEYS: ReadonlySet<string> = new Set([
  ...SYSTEM_FIELD_NAMES,
  ORG_CODE_FIELD,
  ROW_VERSION_FIELD,
  'delFlag',
  'tenantId',
]);
const TEXTUAL = new Set(['string', 'text']);

export function asRecord(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(BodyMessages.notObject);
  return body as Record<string, unknown>;
}

function isServerKey(model: EntityModel, key: string): boolean {
  if (SERVER_KEYS.has(key)) return true;
  if (model.tree && key === model.tree.hasChildField) return true;
  if (key.endsWith('_dictText')) return model.field(key.slice(0, -'_dictText'.length))?.dict !== undefined;
  const field = model.field(key);
  return field !== undefined && !field.system && !field.writable;
}

/** The body's values to validate and store: server keys dropped, empty values made null. */
export function bodyValues(model: EntityModel, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (isServerKey(model, key)) continue;
    const field = model.field(key);
    if (!field) {
      out[key] = value; // refused by the validator with its name
      continue;
    }
    // An empty reference is none (null), not an id the foreign key would look for.
    if (value === '' && (!TEXTUAL.has(field.type) || field.reference)) out[key] = null;
    // Rich text is HTML from the editor: stored only after the allow-list cleaned it.
    else if (field.widget === 'richText' && typeof value === 'string') out[key] = cleanHtml(value);
    else if (Array.isArray(value) && TEXTUAL.has(field.type) && value.every((v) => typeof v === 'string')) {
      out[key] = value.join(','); // a multi-select may send its values as a list
    } else out[key] = value;
  }
  return out;
}

/**
 * The declared defaults, resolved for the caller; an add stores them under what the body sent. The
 * add form resolves them with the same code (runtime/model/declaration/defaults.ts).
 */
export { defaultValues, type DefaultContext } from '../../runtime/model/declaration/defaults.js';
