/**
 * Dictionary-backed choices. Multi-value fields are stored as a comma list (the contract's
 * separator), so the widgets split and join at the edge and forms only ever hold strings.
 */
import { Checkbox, Radio, Select, Switch } from 'antd';
import type { DictItem, WidgetProps } from '../types';

function optionsOf(items: readonly DictItem[] | undefined): { value: string; label: string }[] {
  return (items ?? []).map((item) => ({ value: item.value, label: item.text ?? item.title ?? item.value }));
}

export function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(',')
    .filter((v) => v !== '');
}

function placeholderOf(props: WidgetProps): string {
  return props.placeholder ?? props.field.placeholder ?? `请选择${props.field.title}`;
}

export function SelectWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Select
      id={props.id}
      value={props.value === '' || props.value === null ? undefined : (props.value as string | undefined)}
      onChange={(v: string | undefined) => props.onChange?.(v ?? '')}
      options={optionsOf(props.options)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      allowClear
    />
  );
}

/** A select whose options are searched by their text (a reference's records, a long dictionary). */
export function SearchSelectWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Select
      id={props.id}
      showSearch={{ optionFilterProp: 'label' }}
      value={props.value === '' || props.value === null ? undefined : (props.value as string | undefined)}
      onChange={(v: string | undefined) => props.onChange?.(v ?? '')}
      options={optionsOf(props.options)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      allowClear
    />
  );
}

export function MultiSelectWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Select
      id={props.id}
      mode="multiple"
      value={splitValues(props.value)}
      onChange={(v: string[]) => props.onChange?.(v.join(','))}
      options={optionsOf(props.options)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      allowClear
    />
  );
}

export function RadioWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Radio.Group
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      options={optionsOf(props.options)}
      disabled={props.disabled}
    />
  );
}

export function CheckboxWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Checkbox.Group
      value={splitValues(props.value)}
      onChange={(v) => props.onChange?.(v.map(String).join(','))}
      options={optionsOf(props.options)}
      disabled={props.disabled}
    />
  );
}

/** Y/N switch (the spec's switch defaults). */
export function SwitchWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Switch
      id={props.id}
      checked={props.value === 'Y'}
      onChange={(checked) => props.onChange?.(checked ? 'Y' : 'N')}
      disabled={props.disabled}
    />
  );
}
