/**
 * Which declared transitions a row offers: those the list names in rowActions (all of them when the
 * list names no extras), whose from-states hold the row's current value, and whose permission the
 * user is not denied, and whose `allow` rule lets this user make it. The server checks the same
 * state and rule again; this only keeps useless buttons away.
 */
import type { EntityModel, TransitionModel } from '../../model/declaration/model';
import { rowAllowed, type RuleUser } from '../../model/declaration/row-access';
import type { ButtonState } from '../permissions';

export interface RowTransition {
  transition: TransitionModel;
  disabled: boolean;
}

export function declaredTransitions(model: EntityModel): TransitionModel[] {
  return model.transitions.filter((t) => model.rowExtras.includes(t.name));
}

export function stateOf(row: Record<string, unknown>, field: string): string {
  const value = row[field];
  return value === null || value === undefined ? '' : String(value);
}

/** Who looks at the row, for a transition's `allow` rule (the server evaluates the same rule). */
export interface RowViewer {
  user: RuleUser | null;
  perms: readonly string[];
}

export function rowTransitions(
  model: EntityModel,
  row: Record<string, unknown>,
  permission: (code: string) => ButtonState,
  viewer: RowViewer = { user: null, perms: [] },
): RowTransition[] {
  const out: RowTransition[] = [];
  for (const t of declaredTransitions(model)) {
    if (!t.from.includes(stateOf(row, t.field))) continue;
    // Not this person's to make (only the person in charge accepts): hidden, as the server refuses it.
    if (t.allow !== undefined && (!viewer.user || !rowAllowed(t.allow, row, viewer.user, viewer.perms)))
      continue;
    const state = permission(t.permission);
    if (state !== 'hide') out.push({ transition: t, disabled: state === 'disable' });
  }
  return out;
}

/** The confirmation a transition asks; its declared text, else a generic question with its title. */
export function confirmText(t: TransitionModel): string {
  return t.confirm ?? `确定${t.title}吗?`;
}

/** The most transitions one row can offer at once (e.g. 1 for 启用 / 停用), to size the actions column. */
export function mostTransitionsAtOnce(model: EntityModel): number {
  const offered = declaredTransitions(model);
  const states = new Set(offered.flatMap((t) => t.from.map((from) => `${t.field}\u0000${from}`)));
  let most = 0;
  for (const state of states) {
    const [field, from] = state.split('\u0000');
    most = Math.max(most, offered.filter((t) => t.field === field && t.from.includes(from)).length);
  }
  return most;
}
