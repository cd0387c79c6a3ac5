/** Text and number widgets; values travel as the wire's strings and numbers. */
import { Input, InputNumber } from 'antd';
import type { WidgetProps } from '../types';

function placeholderOf(props: WidgetProps, verb = '请输入'): string {
  return props.placeholder ?? props.field.placeholder ?? `${verb}${props.field.title}`;
}

function textValue(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

export function InputWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Input
      id={props.id}
      value={textValue(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      allowClear
    />
  );
}

export function TextAreaWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Input.TextArea
      id={props.id}
      value={textValue(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      rows={3}
    />
  );
}

export function PasswordWidget(props: WidgetProps): React.JSX.Element {
  return (
    <Input.Password
      id={props.id}
      value={textValue(props.value)}
      onChange={(e) => props.onChange?.(e.target.value)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      autoComplete="new-password"
    />
  );
}

export function NumberWidget(props: WidgetProps): React.JSX.Element {
  const { field } = props;
  const value =
    props.value === undefined || props.value === null || props.value === '' ? null : Number(props.value);
  return (
    <InputNumber<number>
      id={props.id}
      value={value}
      onChange={(v) => props.onChange?.(v ?? null)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      min={field.min}
      max={field.max}
      precision={field.type === 'int' ? 0 : field.type === 'money' ? 2 : undefined}
      style={{ width: '100%' }}
    />
  );
}
