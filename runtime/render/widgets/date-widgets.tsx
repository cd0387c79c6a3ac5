/** Date and time pickers that hold the contract's text formats, converting to dayjs at the edge. */
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { WidgetProps } from '../types';

// Parsing 'HH:mm:ss' alone needs the format-aware parser; extending twice is a no-op.
dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

function parse(value: unknown, format: string): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const d = dayjs(value, format);
  return d.isValid() ? d : null;
}

function placeholderOf(props: WidgetProps): string {
  return props.placeholder ?? props.field.placeholder ?? `请选择${props.field.title}`;
}

export function DateWidget(props: WidgetProps): React.JSX.Element {
  return (
    <DatePicker
      id={props.id}
      value={parse(props.value, DATE_FORMAT)}
      format={DATE_FORMAT}
      onChange={(d: Dayjs | null) => props.onChange?.(d ? d.format(DATE_FORMAT) : '')}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      style={{ width: '100%' }}
    />
  );
}

export function DateTimeWidget(props: WidgetProps): React.JSX.Element {
  return (
    <DatePicker
      id={props.id}
      showTime
      value={parse(props.value, DATETIME_FORMAT)}
      format={DATETIME_FORMAT}
      onChange={(d: Dayjs | null) => props.onChange?.(d ? d.format(DATETIME_FORMAT) : '')}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      style={{ width: '100%' }}
    />
  );
}

export function TimeWidget(props: WidgetProps): React.JSX.Element {
  return (
    <TimePicker
      id={props.id}
      value={parse(props.value, TIME_FORMAT)}
      format={TIME_FORMAT}
      onChange={(d: Dayjs | null) => props.onChange?.(d ? d.format(TIME_FORMAT) : '')}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      style={{ width: '100%' }}
    />
  );
}
