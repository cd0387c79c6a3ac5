/** The number widget, a module of its own: InputNumber is 7 KiB that a text-only query form skips. */
import { InputNumber } from 'antd';
import type { WidgetProps } from '../types';
import { placeholderOf } from './text-widgets';

/**
 * Numbers are never changed behind the user's back: InputNumber is given no `min`, `max` or
 * `precision`, which would clamp 0 or 201 to a declared 1-200 and round 1.5 to 2 (or 1.234 to 1.23)
 * on blur, and would not even report an out-of-range value while it is typed. The value stays as
 * typed and the form's check (field-check.ts, the server's rules and words) shows what is wrong.
 */
export function NumberWidget(props: WidgetProps): React.JSX.Element {
  const value =
    props.value === undefined || props.value === null || props.value === '' ? null : Number(props.value);
  return (
    <InputNumber<number>
      id={props.id}
      value={value}
      onChange={(v) => props.onChange?.(v ?? null)}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      style={{ width: '100%' }}
    />
  );
}
