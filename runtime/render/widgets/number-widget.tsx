/** The number widget, a module of its own: InputNumber is 7 KiB that a text-only query form skips. */
import { InputNumber } from 'antd';
import type { WidgetProps } from '../types';
import { placeholderOf } from './text-widgets';

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
