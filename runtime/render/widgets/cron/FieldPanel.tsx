/**
 * One field's tab: a radio per mode with its inputs inline. Editing an input also picks its mode.
 * Bounds come from the model (spec 000 section 5); whole numbers only (precision 0).
 */
import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import {
  FIELD_SPECS,
  NTH_WEEK_BOUNDS,
  WEEK_TITLES,
  YEAR_BOUNDS,
  type Bounds,
  type CronFieldKey,
  type CronMode,
  type FieldState,
} from '../../../model/cron';
import { EVERY, UNIT } from './labels';

interface Props {
  fieldKey: CronFieldKey;
  value: FieldState;
  onChange(next: FieldState): void;
}

const WEEK_OPTIONS = WEEK_TITLES.map((label, value) => ({ label, value }));

export function FieldPanel({ fieldKey, value, onChange }: Props): React.JSX.Element {
  const spec = FIELD_SPECS[fieldKey];
  const unit = UNIT[fieldKey];
  const set = (mode: CronMode, patch: Partial<FieldState> = {}) => onChange({ ...value, ...patch, mode });
  const week = fieldKey === 'week';
  const year = fieldKey === 'year';

  const num = (mode: CronMode, key: keyof FieldState, bounds: Bounds, label: string) =>
    week && key !== 'loopInterval' && key !== 'nthWeek' ? (
      <Select
        size="small"
        aria-label={label}
        style={{ width: 80 }}
        options={WEEK_OPTIONS}
        value={value[key] as number}
        onChange={(n: number) => set(mode, { [key]: n })}
      />
    ) : (
      <InputNumber
        size="small"
        aria-label={label}
        precision={0}
        min={bounds.min}
        max={bounds.max}
        style={{ width: year ? 88 : 64 }}
        value={value[key] as number}
        onChange={(n) => typeof n === 'number' && set(mode, { [key]: n })}
      />
    );

  // Spec 000 section 5: a year range starts at 0 or later, ends at 1 or later.
  const rangeStart: Bounds = year ? { min: 0, max: spec.value.max } : spec.value;
  const rangeEnd: Bounds = year ? { min: 1, max: spec.value.max } : spec.value;

  const rows: Record<CronMode, ReactNode> = {
    none: <span>不指定{year ? '（不填年）' : '（?）'}</span>,
    every: <span>{EVERY[fieldKey]}（*）</span>,
    range: (
      <Space size={4}>
        周期 从 {num('range', 'rangeStart', rangeStart, `${spec.title}周期起始`)} -{' '}
        {num('range', 'rangeEnd', rangeEnd, `${spec.title}周期结束`)} {week ? '' : unit}
      </Space>
    ),
    loop: (
      <Space size={4}>
        从 {num('loop', 'loopStart', spec.loopStart, `${spec.title}循环起始`)} {week ? '' : unit}开始，每{' '}
        {num('loop', 'loopInterval', spec.interval, `${spec.title}循环间隔`)} {week ? '天' : unit}执行一次
      </Space>
    ),
    workday: (
      <Space size={4}>每月 {num('workday', 'workday', spec.value, '工作日号数')} 号最近的那个工作日</Space>
    ),
    last: week ? (
      <Space size={4}>本月最后一个 {num('last', 'lastDay', spec.value, '最后一个星期几')}</Space>
    ) : (
      <span>本月最后一天（L）</span>
    ),
    nth: (
      <Space size={4}>
        本月第 {num('nth', 'nthWeek', NTH_WEEK_BOUNDS, '第几周')} 周的{' '}
        {num('nth', 'nthDay', spec.value, '星期几')}
      </Space>
    ),
    specified: (
      <div>
        <div>指定</div>
        <Checkbox.Group
          aria-label={`指定${spec.title}`}
          className="zj-cron-list"
          // Ten numbers a row; week names and four-digit years need wider cells.
          style={{ gridTemplateColumns: `repeat(${week ? 7 : year ? 8 : 10}, minmax(0, 1fr))` }}
          value={value.specified}
          onChange={(list) =>
            set('specified', { specified: (list as number[]).slice().sort((a, b) => a - b) })
          }
          options={spec.options.map((n) => ({
            value: n,
            label: week ? WEEK_TITLES[n] : String(n).padStart(year ? 4 : 2, '0'),
            // The spec's day list offers 0-31; a day 0 does not exist, so it cannot be picked.
            disabled:
              (fieldKey === 'day' && n === 0) || (year && (n < YEAR_BOUNDS.min || n > YEAR_BOUNDS.max)),
          }))}
        />
      </div>
    ),
  };

  return (
    <Radio.Group
      className="zj-cron-field"
      value={value.mode}
      onChange={(e) => set(e.target.value as CronMode)}
      style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
    >
      {spec.modes.map((mode) => (
        <Radio key={mode} value={mode} data-mode={mode}>
          <span data-mode={mode}>{rows[mode]}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
