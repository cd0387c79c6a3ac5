/**
 * A new record's declared defaults (runtime/model/declaration/defaults.ts): the one function the
 * server's add (server/entity/body.ts), the add form and a grid's new row use, so the form shows what
 * the server would store - the signed-in user, their department, today in the app's time zone.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultValues,
  isoWeekOf,
  resolveDefault,
  zonedNow,
  type DefaultContext,
} from '../../runtime/model/declaration/defaults.js';
import { gridColumns, newRowValues } from '../../runtime/model/grid/columns.js';
import { initialValues } from '../../runtime/render/form/form-state.js';
import { modelOf } from './render-fixture.js';

const model = modelOf({
  fields: [
    {
      name: 'applicant',
      title: '申请人',
      type: 'string',
      widget: 'userPicker',
      dict: 'sys_user,realname,username',
      default: '#{sysUserCode}',
    },
    { name: 'applicantName', title: '申请人姓名', type: 'string', default: '#{sysUserName}' },
    { name: 'depart', title: '部门', type: 'string', default: '#{sysOrgCode}' },
    { name: 'applyDate', title: '申请日期', type: 'date', default: '#{date}' },
    { name: 'weekKey', title: '周次', type: 'string', widget: 'week', default: '#{week}' },
    { name: 'applyTime', title: '申请时间', type: 'datetime', default: '#{now}' },
    { name: 'dayOfNow', title: '当日', type: 'date', default: '#{now}' },
    { name: 'reporter', title: '汇报人', type: 'string', default: '#{sysUserCode}', form: false },
    { name: 'level', title: '级别', type: 'string', default: 'M' },
    { name: 'urgent', title: '加急', type: 'boolean', default: 'N' },
    { name: 'days', title: '天数', type: 'int', default: 1 },
    { name: 'reason', title: '事由', type: 'text' },
  ],
});

// 2026-03-01 17:30:05 UTC is already 2026-03-02 01:30:05 in Shanghai (UTC+8).
const instant = new Date('2026-03-01T17:30:05Z');
const ctx: DefaultContext = {
  username: 'zhangwei',
  realname: '张伟',
  orgCode: 'A01A02',
  now: zonedNow('Asia/Shanghai', instant),
};

describe('each default of a new record', () => {
  it('resolves every system variable and keeps the literals', () => {
    expect(defaultValues(model, ctx)).toEqual({
      applicant: 'zhangwei',
      applicantName: '张伟',
      depart: 'A01A02',
      applyDate: '2026-03-02',
      weekKey: '2026-W10',
      applyTime: '2026-03-02 01:30:05',
      dayOfNow: '2026-03-02',
      reporter: 'zhangwei',
      level: 'M',
      urgent: 'N',
      days: 1,
    });
  });

  it('a user without a department gives #{sysOrgCode} null', () => {
    expect(defaultValues(model, { ...ctx, orgCode: null }).depart).toBeNull();
  });

  it('a boolean literal is stored as Y / N; a variable needs a context', () => {
    expect(resolveDefault({ type: 'boolean', default: true }, ctx)).toBe('Y');
    expect(resolveDefault({ type: 'boolean', default: false }, null)).toBe('N');
    expect(resolveDefault({ type: 'string', default: '#{sysUserCode}' }, null)).toBeUndefined();
    expect(resolveDefault({ type: 'string', default: 'M' }, null)).toBe('M');
    expect(resolveDefault({ type: 'string' }, ctx)).toBeUndefined();
  });
});

describe('#{week}: the ISO week of today (a new 周报 starts on this week)', () => {
  it("counts Monday to Sunday, the year being that of the week's Thursday", () => {
    expect(isoWeekOf('2026-03-02')).toBe('2026-W10'); // a Monday
    expect(isoWeekOf('2026-03-08 23:59:59')).toBe('2026-W10'); // its Sunday
    expect(isoWeekOf('2026-03-09')).toBe('2026-W11');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53'); // a Friday: 2026's last week
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01'); // a Monday: 2025's first week
    expect(isoWeekOf('2026-12-02')).toBe('2026-W49');
  });
});

describe('the clock of #{date} and #{now} is the app time zone', () => {
  it('writes the instant in the zone asked for, daylight saving included', () => {
    expect(zonedNow('Asia/Shanghai', instant)).toBe('2026-03-02 01:30:05');
    expect(zonedNow('UTC', instant)).toBe('2026-03-01 17:30:05');
    expect(zonedNow('America/New_York', instant)).toBe('2026-03-01 12:30:05'); // EST, UTC-5
    expect(zonedNow('America/New_York', new Date('2026-07-01T03:00:00Z'))).toBe('2026-06-30 23:00:00'); // EDT
    expect(zonedNow('Asia/Shanghai', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
  });

  it('today is the zone date, not the UTC one', () => {
    const today = (timeZone: string) =>
      defaultValues(model, { ...ctx, now: zonedNow(timeZone, instant) }).applyDate;
    expect(today('Asia/Shanghai')).toBe('2026-03-02');
    expect(today('UTC')).toBe('2026-03-01');
    expect(today('America/Los_Angeles')).toBe('2026-03-01');
  });
});

describe('the add form starts with the defaults the server would store', () => {
  it('shows the variables resolved for the signed-in user, the form fields only', () => {
    expect(initialValues(model, 'add', null, ctx)).toEqual({
      applicant: 'zhangwei',
      applicantName: '张伟',
      depart: 'A01A02',
      applyDate: '2026-03-02',
      weekKey: '2026-W10',
      applyTime: '2026-03-02 01:30:05',
      dayOfNow: '2026-03-02',
      level: 'M',
      urgent: 'N',
      days: 1,
    });
  });

  it('the form and the server agree on every field the form shows', () => {
    const server = defaultValues(model, ctx);
    for (const [name, value] of Object.entries(initialValues(model, 'add', null, ctx)))
      expect(server[name]).toEqual(value);
  });

  it('without a signed-in user the variables are left to the server', () => {
    expect(initialValues(model, 'add', null)).toEqual({ level: 'M', urgent: 'N', days: 1 });
  });

  it('an edit shows the stored record, not the defaults', () => {
    expect(initialValues(model, 'edit', { id: '1', applicant: 'chenjing' }, ctx)).toEqual({
      id: '1',
      applicant: 'chenjing',
    });
  });
});

describe("a grid's new row", () => {
  it('starts with the user and today, never the variable text', () => {
    const columns = gridColumns(model);
    expect(newRowValues(columns, ctx)).toMatchObject({
      applicant: 'zhangwei',
      depart: 'A01A02',
      applyDate: '2026-03-02',
      level: 'M',
    });
    // Without a context the cell starts empty and the server fills it on save.
    expect(newRowValues(columns)).toMatchObject({ applicant: '', applyDate: '', level: 'M' });
  });
});
