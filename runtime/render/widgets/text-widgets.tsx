/** Text widgets; values travel as the wire's strings (numbers: number-widget.tsx). */
import { Input } from 'antd';
import type { WidgetProps } from '../types';

export function placeholderOf(props: WidgetProps, verb = '请输入'): string {
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
