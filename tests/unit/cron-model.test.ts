/** The schedule-expression model: parse -> format round trips for every mode of every field, defaults, messages. */
import { describe, expect, it } from 'vitest';
import {
  defaultState,
  FIELD_KEYS,
  FIELD_SPECS,
  formatCron,
  formatField,
  parseCron,
  parseField,
  YEAR_BOUNDS,
  type CronFieldKey,
} from '../../runtime/model/cron';

const YEAR = 2026;

/** Each field's texts, one per mode it offers (and the forms that read the same). */
const SAMPLES: Record<CronFieldKey, string[]> = {
  second: ['*', '5-40', '0/1', '10/15', '0', '1,5,59'],
  minute: ['*', '0-59', '0/30', '5/60', '30', '0,15,30,45'],
  hour: ['*', '9-17', '0/2', '8', '9,12,18'],
  day: ['?', '*', '1-15', '1/10', '15W', '1W', 'L', '1', '1,15,31'],
  month: ['*', '3-6', '1/3', '12', '1,7'],
  week: ['?', '*', '1-5', '0/2', '6#3', '1#1', '5L', '0', '0,6'],
  year: ['', '*', '2026-2126', '2017/1', '2028', '2028,2030'],
};

describe('parse -> format round trips', () => {
  for (const key of FIELD_KEYS) {
    for (const text of SAMPLES[key]) {
      it(`${key} "${text}"`, () => {
        const parsed = parseField(key, text, YEAR);
        if (!parsed.ok) throw new Error(parsed.message);
        expect(FIELD_SPECS[key].modes).toContain(parsed.value.mode);
        expect(formatField(key, parsed.value)).toBe(text);
      });
    }
  }

  it('every mode of every field is exercised', () => {
    for (const key of FIELD_KEYS) {
      const modes = new Set(
        SAMPLES[key].map((text) => {
          const parsed = parseField(key, text, YEAR);
          return parsed.ok ? parsed.value.mode : 'error';
        }),
      );
      expect([...modes].sort(), key).toEqual([...FIELD_SPECS[key].modes].sort());
    }
  });

  it('names, 7 for Sunday and */n read as their numbers', () => {
    const cases: [CronFieldKey, string, string][] = [
      ['week', 'MON-FRI', '1-5'],
      ['week', 'SUN,SAT', '0,6'],
      ['week', '7', '0'],
      ['week', 'FRI#3', '5#3'],
      ['week', 'FRIL', '5L'],
      ['month', 'JAN-MAR', '1-3'],
      ['second', '*/15', '0/15'],
      ['day', '1/1', '1/1'],
      ['minute', '30,0,15', '0,15,30'],
    ];
    for (const [key, text, formatted] of cases) {
      const parsed = parseField(key, text, YEAR);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(formatField(key, parsed.value)).toBe(formatted);
    }
  });

  it('whole expressions round trip', () => {
    for (const text of [
      '0 0/30 9-17 ? * 1-5 *',
      '0 0 12 L * ? *',
      '0 15 10 ? * 6#3 *',
      '* * * * * ?',
      '0 0 8 15W 1/3 ? 2028,2030',
      '0 15 10 ? * 5L',
    ]) {
      const parsed = parseCron(text, YEAR);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(formatCron(parsed.value)).toBe(text);
    }
  });
});

describe('defaults (spec 000 section 9)', () => {
  it('second, minute, hour, day, month *; week ?; year *', () => {
    expect(formatCron(defaultState(YEAR))).toBe('* * * * * ? *');
  });

  it('loop start 0 interval 1, second range 0-59, year range this year to +100, year loop from 2017', () => {
    const state = defaultState(YEAR);
    expect([state.second.loopStart, state.second.loopInterval]).toEqual([0, 1]);
    expect([state.second.rangeStart, state.second.rangeEnd]).toEqual([0, 59]);
    expect([state.year.rangeStart, state.year.rangeEnd]).toEqual([2026, 2126]);
    expect(state.year.loopStart).toBe(2017);
  });

  it('bounds of spec 000 section 5', () => {
    expect(FIELD_SPECS.minute.interval).toEqual({ min: 1, max: 60 });
    expect(FIELD_SPECS.week.interval).toEqual({ min: 1, max: 7 });
    expect(YEAR_BOUNDS).toEqual({ min: 2019, max: 2119 });
    expect(FIELD_SPECS.year.options[0]).toBe(2019);
    expect(FIELD_SPECS.year.options.at(-1)).toBe(2119);
    expect(FIELD_SPECS.year.interval).toEqual({ min: 1, max: 99 });
    expect(FIELD_SPECS.year.loopStart.min).toBe(0);
    expect(FIELD_SPECS.day.options[0]).toBe(0);
    expect(FIELD_SPECS.day.options.at(-1)).toBe(31);
  });
});

describe('refusals, in Chinese, never a throw', () => {
  const cases: [string, string][] = [
    ['', '请输入Cron表达式'],
    ['0 0 12 * *', 'Cron表达式须为6或7段（秒 分 时 日 月 周 [年]），以空格分隔，当前为5段'],
    ['60 * * * * ?', '秒的取值须在0-59之间'],
    ['0 0 24 * * ?', '时的取值须在0-23之间'],
    ['0 0/61 * * * ?', '分的间隔须在1-60之间'],
    ['0 0 0 0 * ?', '日的取值须在1-31之间'],
    ['0 0 0 ? * 1#6', '周的第几周须在1-5之间'],
    ['0 0 0 ? * 1/8', '周的间隔须在1-7之间'],
    ['0 0 0 * 13 ?', '月的取值须在1-12之间'],
    ['0 0 0 * * ? 2017/100', '年的间隔须在1-99之间'],
    ['0 0 0 * * *', '日和周不能同时指定，其中一个须为“?”'],
    ['0 0 0 ? * ?', '日和周不能同时为“?”，须指定其中一个'],
    ['? 0 0 * * ?', '秒不能为“?”，只有日和周可以不指定'],
    ['1.5 0 0 * * ?', '秒：“1.5”不是整数'],
    ['0 0 17-9 * * ?', '时：周期的起始值不能大于结束值'],
    ['0 0 0 LW * ?', '日：不支持的写法“LW”'],
    ['0 0 0 * * ? abc', '年：不支持的写法“ABC”'],
  ];
  for (const [text, message] of cases) {
    it(`"${text}"`, () => {
      const parsed = parseCron(text, YEAR);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toBe(message);
    });
  }
});
