/**
 * The standard entries: each one a dynamic import, so a renderer or widget is fetched only by a
 * screen that uses it. Hosts may pass their own list to createRuntime instead.
 */
import type { RendererEntry, WidgetEntry } from './types';
import { pickerWidgets } from './widgets/entries';

export const defaultRenderers: readonly RendererEntry[] = [
  { type: 'list', load: () => import('./list/ListRenderer').then((m) => m.ListRenderer) },
  { type: 'tree', load: () => import('./tree/TreeRenderer').then((m) => m.TreeRenderer) },
  { type: 'erp', load: () => import('./erp/ErpRenderer').then((m) => m.ErpRenderer) },
  // A `tab` screen is the head list; its form shows the fields and each child table in tabs.
  { type: 'tab', load: () => import('./list/ListRenderer').then((m) => m.ListRenderer) },
  // A `copy` screen is the head list with 复制 (the row's link, the toolbar for one selected row).
  { type: 'copy', load: () => import('./list/ListRenderer').then((m) => m.ListRenderer) },
  {
    type: 'innerTable',
    load: () => import('./inner-table/InnerTableRenderer').then((m) => m.InnerTableRenderer),
  },
];

const text = () => import('./widgets/text-widgets');
const choice = () => import('./widgets/choice-widgets');
const date = () => import('./widgets/date-widgets');

export const defaultWidgets: readonly WidgetEntry[] = [
  { type: 'input', load: () => text().then((m) => m.InputWidget) },
  { type: 'textarea', load: () => text().then((m) => m.TextAreaWidget) },
  { type: 'password', load: () => text().then((m) => m.PasswordWidget) },
  { type: 'number', load: () => import('./widgets/number-widget').then((m) => m.NumberWidget) },
  { type: 'progress', load: () => import('./widgets/number-widget').then((m) => m.NumberWidget) },
  { type: 'select', load: () => choice().then((m) => m.SelectWidget) },
  { type: 'searchSelect', load: () => choice().then((m) => m.SearchSelectWidget) },
  { type: 'multiSelect', load: () => choice().then((m) => m.MultiSelectWidget) },
  { type: 'radio', load: () => choice().then((m) => m.RadioWidget) },
  { type: 'checkbox', load: () => choice().then((m) => m.CheckboxWidget) },
  { type: 'switch', load: () => choice().then((m) => m.SwitchWidget) },
  { type: 'date', load: () => date().then((m) => m.DateWidget) },
  { type: 'week', load: () => date().then((m) => m.WeekWidget) },
  { type: 'datetime', load: () => date().then((m) => m.DateTimeWidget) },
  { type: 'time', load: () => date().then((m) => m.TimeWidget) },
  ...pickerWidgets,
  { type: 'icon', load: () => import('./widgets/IconPicker').then((m) => m.default) },
];
