/**
 * A list whose scopes are declared as tabs (`list.scopes.tabs`): 待办 / 已办 of one screen. Each
 * tab is the same renderer with the scope parameter added to the fixed ones; switching remounts it
 * (its own query, page and selection), as two menu entries would.
 */
import { Tabs } from 'antd';
import { useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import { useRuntime } from '../context';
import { buttonState } from '../permissions';
import './scope-tabs.css';

export interface ScopeTabsProps {
  model: EntityModel;
  render(model: EntityModel): React.ReactNode;
}

/** Whether the model's scopes are tabs the menu entry left open (it did not fix the parameter). */
export function hasScopeTabs(model: EntityModel): boolean {
  const scopes = model.declaration.list?.scopes;
  return Boolean(scopes?.tabs) && scopes !== undefined && !(scopes.param in (model.fixedParams ?? {}));
}

export function ScopeTabs({ model, render }: ScopeTabsProps): React.JSX.Element {
  const scopes = model.declaration.list!.scopes!;
  const { session } = useRuntime();
  // A value the user may not ask for (团队周报 for staff) is not offered as a tab.
  const values = scopes.values.filter(
    (v) => buttonState(v.permission, session.auth(), session.allAuth()) === 'show',
  );
  const [active, setActive] = useState((values[0] ?? scopes.values[0]!).value);
  const scoped: EntityModel = { ...model, fixedParams: { ...model.fixedParams, [scopes.param]: active } };
  return (
    <div className="zj-scope-tabs">
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={values.map((v) => ({ key: v.value, label: v.title }))}
      />
      <div key={active}>{render(scoped)}</div>
    </div>
  );
}
