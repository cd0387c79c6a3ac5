/**
 * Next fire times against a golden table of Quartz expressions (L, W, #, ?, seconds, years), from a
 * fixed start: 2026-01-01 00:00:00 Asia/Shanghai, a Thursday. Expected times were worked out by hand
 * from a calendar (and Quartz's documented meaning of each character); week numbers are the spec's
 * 0-6 from Sunday, so Quartz's "6#3" (third Friday, 1 = Sunday) is FRI#3 here.
 */
import { describe, expect, it } from 'vitest';
import { formatFireTime, nextFireTimes, validateCron, workdayOf } from '../../runtime/model/cron';

const TZ = 'Asia/Shanghai';
const FROM = new Date('2026-01-01T00:00:00+08:00');

function next(expression: string, count = 10, ignoreYear = false): string[] {
  const result = nextFireTimes(expression, { from: FROM, count, tz: TZ, ignoreYear });
  if (!result.ok) throw new Error(result.message);
  return result.value.map((d) => formatFireTime(d, TZ));
}

const days = (prefix: string, list: string[], time: string) => list.map((d) => `${prefix}${d} ${time}`);

const GOLDEN: [string, string[]][] = [
  [
    '0 0/30 9-17 ? * MON-FRI *',
    ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'].map(
      (t) => `2026-01-01 ${t}:00`,
    ),
  ],
  [
    '0 0 12 L * ? *',
    ['01-31', '02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31', '09-30', '10-31'].map(
      (d) => `2026-${d} 12:00:00`,
    ),
  ],
  // Third Saturday (6 = SAT).
  [
    '0 15 10 ? * 6#3 *',
    days(
      '2026-',
      ['01-17', '02-21', '03-21', '04-18', '05-16', '06-20', '07-18', '08-15', '09-19', '10-17'],
      '10:15:00',
    ),
  ],
  // Quartz's documented "third Friday of every month".
  [
    '0 15 10 ? * FRI#3',
    days(
      '2026-',
      ['01-16', '02-20', '03-20', '04-17', '05-15', '06-19', '07-17', '08-21', '09-18', '10-16'],
      '10:15:00',
    ),
  ],
  // Quartz's "last Friday of every month during the years ..." (5L here).
  [
    '0 15 10 ? * 5L 2026-2027',
    days(
      '2026-',
      ['01-30', '02-27', '03-27', '04-24', '05-29', '06-26', '07-31', '08-28', '09-25', '10-30'],
      '10:15:00',
    ),
  ],
  // Nearest weekday to the 15th: Sundays move to Monday, Saturdays to Friday.
  [
    '0 0 12 15W * ?',
    days(
      '2026-',
      ['01-15', '02-16', '03-16', '04-15', '05-15', '06-15', '07-15', '08-14', '09-15', '10-15'],
      '12:00:00',
    ),
  ],
  // 1W never goes back into the previous month: Saturday 1 August fires Monday the 3rd.
  [
    '0 0 8 1W * ?',
    days(
      '2026-',
      ['01-01', '02-02', '03-02', '04-01', '05-01', '06-01', '07-01', '08-03', '09-01', '10-01'],
      '08:00:00',
    ),
  ],
  // 31W: only months with a 31st; a Sunday 31st goes back to Friday the 29th.
  [
    '0 0 0 31W * ?',
    [
      ...days('2026-', ['01-30', '03-31', '05-29', '07-31', '08-31', '10-30', '12-31'], '00:00:00'),
      ...days('2027-', ['01-29', '03-31', '05-31'], '00:00:00'),
    ],
  ],
  [
    '*/15 * * * * ?',
    ['00:00:15', '00:00:30', '00:00:45', '00:01:00', '00:01:15'].map((t) => `2026-01-01 ${t}`),
  ],
  ['30 10 2 1 1 ? 2028,2030', ['2028-01-01 02:10:30', '2030-01-01 02:10:30']],
  ['0 0 0 1 1 ? 2027/2', [2027, 2029, 2031, 2033, 2035].map((y) => `${y}-01-01 00:00:00`)],
  ['0 0 0 29 2 ? *', [2028, 2032, 2036, 2040, 2044].map((y) => `${y}-02-29 00:00:00`)],
  [
    '0 0 12 1/10 * ?',
    days('2026-', ['01-01', '01-11', '01-21', '01-31', '02-01', '02-11', '02-21', '03-01'], '12:00:00'),
  ],
  [
    '0 0 10,14,16 * * ?',
    ['2026-01-01 10:00:00', '2026-01-01 14:00:00', '2026-01-01 16:00:00', '2026-01-02 10:00:00'],
  ],
  // Sunday is 0, SUN or 7; a week loop stays inside 0-6 (0/3 is Sun, Wed, Sat).
  ['0 0 9 ? * 7', days('2026-01-', ['04', '11', '18'], '09:00:00')],
  ['0 0 9 ? * 0/3', days('2026-01-', ['03', '04', '07', '10', '11'], '09:00:00')],
  ['0 0 12 ? JAN,JUL 1,3 *', days('2026-01-', ['05', '07', '12'], '12:00:00')],
];

describe('next fire times (golden table)', () => {
  for (const [expression, expected] of GOLDEN) {
    it(expression, () => {
      expect(next(expression, expected.length === 2 ? 10 : expected.length)).toEqual(expected);
    });
  }

  it('the same schedule written with 0, SUN or 7 gives the same times', () => {
    expect(next('0 0 9 ? * 0', 3)).toEqual(next('0 0 9 ? * SUN', 3));
    expect(next('0 0 9 ? * 7', 3)).toEqual(next('0 0 9 ? * SUN', 3));
  });

  it('the preview ignores the year (spec 000 section 9)', () => {
    expect(next('0 0 12 L * ? 2030', 2, true)).toEqual(['2026-01-31 12:00:00', '2026-02-28 12:00:00']);
    expect(next('0 0 12 L * ? 2030', 1)).toEqual(['2030-01-31 12:00:00']);
  });

  it('an impossible date has no fire time, and says so', () => {
    expect(next('0 0 0 30 2 ?')).toEqual([]);
    expect(validateCron('0 0 0 30 2 ?', { from: FROM, tz: TZ })).toBe('该表达式没有将来的执行时间');
    expect(validateCron('0 0 0 1 1 ? 2020', { from: FROM, tz: TZ })).toBe('该表达式没有将来的执行时间');
    expect(validateCron('0 0/30 9-17 ? * MON-FRI *', { from: FROM, tz: TZ })).toBeNull();
    expect(validateCron('0 0 0 * * *', { from: FROM, tz: TZ })).toBe('日和周不能同时指定，其中一个须为“?”');
  });

  it('stops at `until`: the times up to it, none after, however many were asked for', () => {
    const until = new Date('2026-01-01T00:05:00+08:00');
    const result = nextFireTimes('0 * * * * ?', { from: FROM, count: 5000, tz: TZ, until });
    if (!result.ok) throw new Error(result.message);
    expect(result.value.map((d) => formatFireTime(d, TZ))).toEqual(
      [1, 2, 3, 4, 5].map((m) => `2026-01-01 00:0${m}:00`),
    );
  });

  it('nearest weekday edges', () => {
    expect(workdayOf(2026, 2, 30)).toBeNull();
    expect(workdayOf(2026, 8, 1)).toBe(3);
    expect(workdayOf(2026, 5, 31)).toBe(29);
  });
});
