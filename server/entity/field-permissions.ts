/**
 * Field permissions, the server half of the client rule (spec 000 section 6): a field that declares
 * `permission` is restricted only while the system lists that code with status '1' and the caller
 * does not hold it. The listed row's perms_type says how: '1' hidden (never answered, never
 * filtered, sorted or written), '2' disabled (answered, but read-only for this caller).
 */
import type { Db } from '../db/database.js';
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import { loadPermissionCodes } from '../auth/permission-codes.js';
import { ApiError } from '../result.js';
import type { Row } from './store.js';

export const FieldPermissionMessages = {
  notWritable: (title: string) => `不允许修改字段：${title}`,
} as const;

export interface FieldAccess {
  hidden: ReadonlySet<string>;
  disabled: ReadonlySet<string>;
}

export const OPEN_ACCESS: FieldAccess = { hidden: new Set(), disabled: new Set() };

/** Active rules (status '1') per code: the strictest type wins when a code is listed twice. */
async function activeRules(db: Db, codes: readonly string[]): Promise<Map<string, '1' | '2'>> {
  const rows = await db
    .selectFrom('sysPermission')
    .select(['perms', 'permsType'])
    .where('delFlag', '=', 0)
    .where('status', '=', '1')
    .where((eb) => eb.or([eb('perms', 'in', codes), eb('perms', 'like', '%,%')]))
    .execute();
  const wanted = new Set(codes);
  const out = new Map<string, '1' | '2'>();
  for (const row of rows) {
    const type = row.permsType === '2' ? '2' : '1';
    for (const code of (row.perms ?? '').split(',').map((c) => c.trim())) {
      if (!wanted.has(code)) continue;
      if (out.get(code) !== '1') out.set(code, type);
    }
  }
  return out;
}

/** What this user may not see or write among the entity's fields. */
export async function fieldAccessOf(db: Db, model: EntityModel, userId: string): Promise<FieldAccess> {
  const guarded = model.declared.filter((f) => f.permission);
  if (guarded.length === 0) return OPEN_ACCESS;
  const rules = await activeRules(db, [...new Set(guarded.map((f) => f.permission!))]);
  if (rules.size === 0) return OPEN_ACCESS;
  const held = await loadPermissionCodes(db, userId);
  const hidden = new Set<string>();
  const disabled = new Set<string>();
  for (const field of guarded) {
    const type = rules.get(field.permission!);
    if (!type || held.has(field.permission!)) continue;
    (type === '1' ? hidden : disabled).add(field.name);
  }
  return { hidden, disabled };
}

/** Removes hidden fields (and their dictionary text) from answered rows, in place. */
export function stripHidden<T extends Row>(rows: T[], access: FieldAccess): T[] {
  if (access.hidden.size === 0) return rows;
  for (const row of rows) {
    for (const name of access.hidden) {
      delete row[name];
      delete row[`${name}_dictText`];
    }
  }
  return rows;
}

/** The field lookup of the query compiler, blind to hidden fields (no filter or sort oracle). */
export function visibleFields(
  model: EntityModel,
  access: FieldAccess,
): (name: string) => FieldModel | undefined {
  if (access.hidden.size === 0) return model.field;
  return (name) => (access.hidden.has(name) ? undefined : model.field(name));
}

/** Whether a sent value is the stored one (dates as the answers format them, empty as empty). */
export function sameValue(a: unknown, b: unknown, formatDate: (d: Date) => string): boolean {
  const text = (v: unknown) =>
    v === null || v === undefined ? '' : v instanceof Date ? formatDate(v) : String(v);
  return text(a) === text(b);
}

/**
 * Refuses a body that writes a field this user may not write. A hidden field is refused whenever
 * it is sent (accepting an equal value would reveal the stored one). A disabled field may come back
 * unchanged, as a form sends what it loaded: equal to the stored value on edit, or empty / the
 * declared default on add; any other value is refused.
 */
export function checkWritable(
  model: EntityModel,
  access: FieldAccess,
  sent: Row,
  baseline: Row,
  formatDate: (d: Date) => string,
  allowEmpty = false,
): void {
  for (const [name, value] of Object.entries(sent)) {
    const field = model.field(name);
    if (!field) continue; // refused by the validator as an unknown field
    if (access.hidden.has(name)) throw new ApiError(FieldPermissionMessages.notWritable(field.title));
    const empty = value === null || value === undefined || value === '';
    if (
      access.disabled.has(name) &&
      !(allowEmpty && empty) &&
      !sameValue(value, baseline[name], formatDate)
    ) {
      throw new ApiError(FieldPermissionMessages.notWritable(field.title));
    }
  }
}

/** Drops the disabled fields a body echoed back unchanged, so the update does not touch them. */
export function withoutRestricted(sent: Row, access: FieldAccess): Row {
  if (access.disabled.size === 0 && access.hidden.size === 0) return sent;
  const out: Row = {};
  for (const [name, value] of Object.entries(sent))
    if (!access.disabled.has(name) && !access.hidden.has(name)) out[name] = value;
  return out;
}
