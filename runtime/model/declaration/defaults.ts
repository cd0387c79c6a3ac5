/**
 * A new record's declared defaults (`fields[].default`), resolved for the signed-in user by the
 * same code on both ends: the server stores them under what an add sends (server/entity/body.ts:
 * a value the body sends wins, a key it leaves out is filled); the browser's add form starts with
 * them (runtime/render/form/form-state.ts) and a grid's new child row too (model/grid/columns.ts),
 * so the user sees the applicant, the department or today's date before saving, and may change it.
 */
import type { EntityModel, FieldModel } from './model.js';

/** System variables a default may name; resolved from the signed-in user when a row is added. */
export const DEFAULT_VARIABLES = [
  '#{sysUserCode}',
  '#{sysUserName}',
  '#{sysOrgCode}',
  '#{date}',
  '#{week}',
  '#{now}',
] as const;

const DAY_MS = 24 * 3600 * 1000;

/**
 * The ISO week (`2026-W48`, Monday to Sunday; the year is that of the week's Thursday) of a
 * `YYYY-MM-DD` day: `#{week}`, the value of a `week` widget (server/work/periods.ts weekKeyOf).
 */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Who adds the record, and when. */
export interface DefaultContext {
  /** The account (`#{sysUserCode}`). */
  username: string;
  /** The person's name (`#{sysUserName}`). */
  realname: string;
  /** The current department's code (`#{sysOrgCode}`). */
  orgCode: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' in the app's time zone (`#{now}`, its date `#{date}`, its ISO week `#{week}`): `zonedNow`. */
  now: string;
}

/** Whether a declared default is a system variable rather than a literal. */
export function isDefaultVariable(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('#{');
}

/**
 * A field's default for a new record: a variable resolved with `ctx` (undefined without one: then
 * only the server can resolve it), a literal as declared (a boolean as the stored 'Y' / 'N').
 */
export function resolveDefault(
  field: Pick<FieldModel, 'default' | 'type'>,
  ctx: DefaultContext | null,
): unknown {
  const value = field.default;
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (!isDefaultVariable(value)) return value;
  if (!ctx) return undefined;
  switch (value) {
    case '#{sysUserCode}':
      return ctx.username;
    case '#{sysUserName}':
      return ctx.realname;
    case '#{sysOrgCode}':
      return ctx.orgCode;
    case '#{date}':
      return ctx.now.slice(0, 10);
    case '#{week}':
      return isoWeekOf(ctx.now);
    case '#{now}':
      return field.type === 'date' ? ctx.now.slice(0, 10) : ctx.now;
    default:
      return value; // not a known variable: the declaration check refuses it at load
  }
}

/** The declared defaults of `fields` (default every declared field), resolved for `ctx`. */
export function defaultValues(
  model: EntityModel,
  ctx: DefaultContext,
  fields: readonly FieldModel[] = model.declared,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.default !== undefined) out[field.name] = resolveDefault(field, ctx);
  }
  return out;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD HH:mm:ss' of an instant in an IANA time zone: a context's `now`. */
export function zonedNow(timeZone: string, at: Date = new Date()): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    // The Swedish locale writes ISO-like 'YYYY-MM-DD HH:mm:ss'.
    clock = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock.format(at);
}
