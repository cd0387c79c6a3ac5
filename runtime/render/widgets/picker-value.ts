/** Options every picker reads from `widgetOptions`, and its comma-list values. */
import type { FieldModel } from '../../model/declaration/model';
import type { DictItem } from '../types';
import { splitValues } from './choice-widgets';

/** `widgetOptions.multi`: several values joined by commas; the default is one value. */
export function isMulti(field: FieldModel): boolean {
  return field.widgetOptions?.multi === true;
}

export function optionString(field: FieldModel, key: string): string | undefined {
  const value = field.widgetOptions?.[key];
  return typeof value === 'string' ? value : undefined;
}

export function optionNumber(field: FieldModel, key: string): number | undefined {
  const value = field.widgetOptions?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The texts of chosen values: what the picker knows, else the dictionary, else the value itself. */
export function valueTexts(
  values: readonly string[],
  known: ReadonlyMap<string, string>,
  dict: readonly DictItem[] | undefined,
): string[] {
  const fromDict = new Map((dict ?? []).map((item) => [item.value, item.text]));
  return values.map((v) => known.get(v) ?? fromDict.get(v) ?? v);
}

export { splitValues };
