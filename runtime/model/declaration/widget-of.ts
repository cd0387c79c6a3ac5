/**
 * Which widget shows a field (the declared one, else one that fits its storage type), and the verb
 * its required message uses: a field one types into says 请输入X!, one picked from a list, a
 * calendar or a picker says 请选择X! (issue 33: the verb follows the widget, on both ends alike).
 */
import { RuleMessages } from '../validation/formats.js';
import type { FieldDecl, FieldType, Widget } from './types.js';

const BY_TYPE: Readonly<Record<FieldType, Widget>> = {
  string: 'input',
  text: 'textarea',
  int: 'number',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  boolean: 'switch',
};

export function formWidget(field: Pick<FieldDecl, 'widget' | 'dict' | 'type'>): Widget {
  if (field.widget) return field.widget;
  return field.dict ? 'select' : BY_TYPE[field.type];
}

/** Widgets whose value is chosen, not typed. */
const CHOSEN: ReadonlySet<Widget> = new Set<Widget>([
  'select',
  'multiSelect',
  'searchSelect',
  'radio',
  'checkbox',
  'switch',
  'date',
  'datetime',
  'time',
  'week',
  'treeSelect',
  'categorySelect',
  'departPicker',
  'userPicker',
  'rolePicker',
  'positionPicker',
  'listPicker',
  'popup',
  'region',
  'file',
  'image',
  'icon',
]);

/** 请选择会议室! for a picker, 请输入会议主题! for a text box. */
export function requiredMessage(field: Pick<FieldDecl, 'widget' | 'dict' | 'type' | 'title'>): string {
  return CHOSEN.has(formWidget(field))
    ? RuleMessages.choose(field.title)
    : RuleMessages.required(field.title);
}
