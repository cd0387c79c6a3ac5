/** Pure parts of the detail modal: which fields, how many columns, and the text of each value. */
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import type { Row } from '../data/adapter';

/** The spec: a detail list has at most 4 columns; the modal is 1200 wide. */
export const MAX_DETAIL_COLUMNS = 4;
export const DETAIL_WIDTH = 1200;

export function detailColumns(model: EntityModel): number {
  return Math.min(MAX_DETAIL_COLUMNS, Math.max(1, model.declaration.detail?.columns ?? 2));
}

export function detailFields(model: EntityModel, hidden: (f: FieldModel) => boolean): FieldModel[] {
  const declared = model.declared.filter((f) => f.detail !== false && f.readable);
  const audit = ['createBy', 'createTime'].map((n) => model.field(n)).filter((f): f is FieldModel => !!f);
  return [...declared, ...audit].filter((f) => !hidden(f));
}

/** A dictionary value shows its text (`<field>_dictText`), Y/N switches 是/否, empty values nothing. */
export function displayText(field: FieldModel, row: Row): string {
  const dictText = row[`${field.name}_dictText`];
  if (typeof dictText === 'string' && dictText !== '') return dictText;
  const value = row[field.name];
  if (value === undefined || value === null) return '';
  if (field.type === 'boolean' && !field.dict)
    return value === 'Y' ? '是' : value === 'N' ? '否' : String(value);
  return String(value);
}
