/** Date and time pickers that hold the contract's text formats, converting to dayjs at the edge. */
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import type { WidgetProps } from '../types';

// Parsing 'HH:mm:ss' alone needs the format-aware parser; extending twice is a no-op.
dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);

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

/** `2026-W48` for the ISO week (Monday to Sunday) holding `d`; the ISO year may differ from d's. */
export function isoWeekKey(d: Dayjs): string {
  const thursday = d.isoWeekday(4);
  return `${thursday.year()}-W${String(thursday.isoWeek()).padStart(2, '0')}`;
}

/** The Monday of an ISO week key, or null when the text is not one. */
export function weekKeyMonday(value: unknown): Dayjs | null {
  const m = typeof value === 'string' ? /^(\d{4})-W(\d{2})$/.exec(value) : null;
  if (!m) return null;
  // January 4th is always in week 1 of its ISO year.
  const monday = dayjs(`${m[1]}-01-04`)
    .isoWeekday(1)
    .add(Number(m[2]) - 1, 'week');
  return monday.isValid() ? monday : null;
}

/**
 * The weekly period picker (`"widget": "week"`): holds the ISO week key, shows the week with its
 * Monday-to-Sunday dates (2026-W48（11-23 ~ 11-29）).
 */
export function WeekWidget(props: WidgetProps): React.JSX.Element {
  return (
    <DatePicker
      id={props.id}
      picker="week"
      value={weekKeyMonday(props.value)}
      format={(d: Dayjs) => {
        const monday = d.isoWeekday(1);
        return `${isoWeekKey(d)}（${monday.format('MM-DD')} ~ ${monday.add(6, 'day').format('MM-DD')}）`;
      }}
      onChange={(d: Dayjs | null) => props.onChange?.(d ? isoWeekKey(d) : '')}
      disabled={props.disabled}
      placeholder={placeholderOf(props)}
      style={{ width: '100%', minWidth: 220 }}
    />
  );
}
