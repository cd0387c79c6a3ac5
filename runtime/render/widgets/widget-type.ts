/** Which widget shows a field: the declared one, else one that fits the storage type. */
import type { FieldModel } from '../../model/declaration/model';
import type { Widget } from '../../model/declaration/types';
import { formWidget } from '../../model/declaration/widget-of';

export { formWidget };

/**
 * The query form asks for values, not records: long text becomes one line, choice groups become
 * selects, and an `in` rule lets the user pick several values.
 */
export function queryWidget(field: FieldModel): Widget {
  const widget = formWidget(field);
  if (field.query?.rule === 'in' && field.dict) return 'multiSelect';
  switch (widget) {
    case 'textarea':
    case 'password':
    case 'richText':
    case 'markdown':
    case 'code':
    case 'cron':
    case 'file':
    case 'image':
      return 'input';
    case 'radio':
    case 'switch':
      return 'select';
    case 'checkbox':
      return 'multiSelect';
    default:
      return widget;
  }
}

/** Options of a Y/N switch when it is shown as a select (query forms). */
export const SWITCH_OPTIONS = [
  { value: 'Y', text: '是' },
  { value: 'N', text: '否' },
] as const;
