/**
 * A readable difference between two versions of a declaration (docs/modules/online-forms.md): per
 * field (matched by name) added / removed / changed with the properties that changed, and the
 * screen settings (title, list, form rules, ...) that changed. Pure, so the unit tests pin it.
 */
import type { DeclarationDraft, FieldDraft } from './field-edit';

export interface PropertyChange {
  key: string;
  before?: unknown;
  after?: unknown;
}

export type FieldStatus = 'added' | 'removed' | 'changed' | 'same';

export interface FieldDiff {
  name: string;
  title: string;
  status: FieldStatus;
  changes: PropertyChange[];
}

export interface DeclarationDiff {
  fields: FieldDiff[];
  settings: PropertyChange[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of `a` and `b` whose values differ, in a stable order. */
export function changedProperties(a: Record<string, unknown>, b: Record<string, unknown>): PropertyChange[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => !same(a[k], b[k])).map((key) => ({ key, before: a[key], after: b[key] }));
}

export function diffDeclarations(a: DeclarationDraft, b: DeclarationDraft): DeclarationDiff {
  const before = new Map((a.fields ?? []).map((f) => [f.name, f]));
  const after = new Map((b.fields ?? []).map((f) => [f.name, f]));
  const fields: FieldDiff[] = [];
  const entry = (f: FieldDraft, status: FieldStatus, changes: PropertyChange[]) =>
    fields.push({ name: f.name, title: f.title, status, changes });
  for (const f of b.fields ?? []) {
    const old = before.get(f.name);
    if (!old) entry(f, 'added', changedProperties({}, f));
    else {
      const changes = changedProperties(old, f);
      entry(f, changes.length > 0 ? 'changed' : 'same', changes);
    }
  }
  for (const f of a.fields ?? []) if (!after.has(f.name)) entry(f, 'removed', changedProperties(f, {}));
  const { fields: _a, ...restA } = a;
  const { fields: _b, ...restB } = b;
  return { fields, settings: changedProperties(restA, restB) };
}

/** A property value as one short line. */
export function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
