/**
 * Meeting attendance (签到, docs/modules/meetings.md): attendees sign in from 30 minutes before the
 * start until the end (late after the start), once; the organiser sees everyone's state and marks
 * 请假 or 补签 with a note; 应到 / 实到 follow; the demo's held meetings have attendance.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';
import { ATTENDANCE_DEMO_MARK, seedAttendanceDemo } from '../../server/meeting/attendance-demo.js';
import { meetingAttendance } from '../../server/db/migrations/0033_meeting_attendance.js';

let ctx: EntityTestContext;
let roomId: string;
const tok: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createEntityContext();
  for (const name of ['zhangwei', 'chenjing', 'huangmin', 'majun'])
    tok[name] = await ctx.login(name, DEMO_PASSWORD);
  expect(
    await ctx.send('POST', '/meeting/room/add', { name: '签到测试会议室', capacity: 20, status: '1' }),
  ).toMatchObject({ success: true });
  const rooms = await ctx.get<Page<{ id: string; name: string }>>('/meeting/room/list?pageSize=100');
  roomId = rooms.result!.records.find((r) => r.name === '签到测试会议室')!.id;
});
afterAll(() => ctx.close());

/** Now plus some minutes, as the API writes times (Asia/Shanghai). */
function at(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000 + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

interface Meeting {
  id: string;
  expectedCount: number | null;
  presentCount: number | null;
}

async function addMeeting(title: string, startIn: number, endIn: number): Promise<string> {
  const added = await ctx.send(
    'POST',
    '/meeting/meeting/add',
    {
      title,
      meetingType: '1',
      roomId,
      startTime: at(startIn),
      endTime: at(endIn),
      host: 'zhangwei',
      attendees: 'chenjing,huangmin,majun',
    },
    tok.zhangwei,
  );
  expect(added, added.message).toMatchObject({ success: true });
  const list = await ctx.get<Page<Meeting>>(`/meeting/meeting/list?title=${encodeURIComponent(title)}`);
  return list.result!.records[0]!.id;
}

const meeting = async (id: string) => (await ctx.get<Meeting>(`/meeting/meeting/queryById?id=${id}`)).result!;
const signIn = (id: string, who: string) => ctx.send('PUT', '/meeting/meeting/signIn', { id }, tok[who]);
const sheet = async (id: string, token = tok.zhangwei) =>
  ctx.get<Page<Record<string, unknown>> & { summary: Record<string, number> }>(
    `/meeting/attendance/list?meetingId=${id}&pageSize=50`,
    token,
  );

describe('签到', () => {
  it('lets attendees sign in once inside the window, late after the start, and counts them', async () => {
    const id = await addMeeting('签到测试：周例会', 20, 80);
    expect(await meeting(id)).toMatchObject({ expectedCount: 3, presentCount: 0 });
    expect(await signIn(id, 'chenjing')).toMatchObject({ success: true, message: '签到成功' });
    expect(await signIn(id, 'chenjing')).toMatchObject({ success: false, message: '已签到，请勿重复签到' });
    // The host is not an attendee; nor is anyone else.
    expect(await signIn(id, 'zhangwei')).toMatchObject({
      success: false,
      message: '您不是该会议的参会人，无法签到',
    });
    expect(await meeting(id)).toMatchObject({ expectedCount: 3, presentCount: 1 });
    // 我的会议 lists the meetings one attends.
    const mine = await ctx.get<Page<{ id: string }>>(
      '/meeting/meeting/list?type=1&pageSize=100',
      tok.huangmin,
    );
    expect(mine.result!.records.map((r) => r.id)).toContain(id);
    const others = await ctx.get<Page<{ id: string }>>(
      '/meeting/meeting/list?type=1&pageSize=100',
      tok.zhangwei,
    );
    expect(others.result!.records.map((r) => r.id)).not.toContain(id);
    expect((await ctx.get('/meeting/meeting/list', tok.chenjing)).success).toBe(false);

    const late = await addMeeting('签到测试：已开始的评审会', -10, 50);
    expect(await signIn(late, 'huangmin')).toMatchObject({ success: true, message: '签到成功（迟到）' });
    const rows = (await sheet(late)).result!;
    expect(rows.records.map((r) => [r.username, r.status_dictText])).toEqual([
      ['chenjing', '未签到'],
      ['majun', '未签到'],
      ['huangmin', '迟到'],
    ]);
    expect(rows.summary).toMatchObject({ expected: 3, present: 1, late: 1, leave: 0, absent: 0 });
  });

  it('refuses signing in outside the window, naming it, and for a cancelled meeting', async () => {
    const early = await addMeeting('签到测试：下午的培训会', 120, 180);
    const answer = await signIn(early, 'chenjing');
    expect(answer.success).toBe(false);
    expect(answer.message).toBe(`不在签到时间内，签到时间为${at(90).slice(0, 16)}至${at(180).slice(0, 16)}`);
    const over = await addMeeting('签到测试：上午的专题会', -120, -30);
    expect((await signIn(over, 'chenjing')).message).toMatch(/^不在签到时间内，签到时间为/);
    expect(await ctx.send('PUT', '/meeting/meeting/cancel', { id: early }, tok.zhangwei)).toMatchObject({
      success: true,
    });
    expect((await signIn(early, 'chenjing')).message).toBe('会议已取消，无法签到');
    // After the end, who never signed is 缺席.
    expect((await sheet(over)).result!.summary).toMatchObject({ expected: 3, present: 0, absent: 3 });
  });

  it('lets the organiser mark 请假 and 补签 with a note; nobody else', async () => {
    const id = await addMeeting('签到测试：客户接待协调会', -30, 30);
    const leave = (who: string, body: Record<string, unknown>) =>
      ctx.send('PUT', '/meeting/attendance/leave', { meetingId: id, ...body }, tok[who]);
    expect(await leave('zhangwei', { username: 'majun', note: '出差在外' })).toMatchObject({
      success: true,
      message: '已登记马军请假',
    });
    expect(await leave('zhangwei', { username: 'majun', note: '  ' })).toMatchObject({
      success: false,
      message: '请填写说明',
    });
    expect(await leave('zhangwei', { username: 'admin', note: 'x' })).toMatchObject({ success: false });
    // Staff do not hold meeting:edit; admin holds it but does not organise this meeting.
    expect((await leave('chenjing', { username: 'majun', note: 'x' })).success).toBe(false);
    expect(
      (await ctx.send('PUT', '/meeting/attendance/leave', { meetingId: id, username: 'majun', note: 'x' }))
        .message,
    ).toBe('只有会议的主持人或发起人可以登记请假或补签');
    expect(await signIn(id, 'chenjing')).toMatchObject({ success: true });
    const makeUp = (username: string) =>
      ctx.send(
        'PUT',
        '/meeting/attendance/makeUp',
        { meetingId: id, username, note: '会后补签' },
        tok.zhangwei,
      );
    expect(await makeUp('chenjing')).toMatchObject({ success: false, message: '陈静已签到，无需登记' });
    expect(await makeUp('huangmin')).toMatchObject({ success: true, message: '已为黄敏补签' });
    const rows = (await sheet(id)).result!;
    expect(Object.fromEntries(rows.records.map((r) => [r.username, [r.status, r.signType, r.note]]))).toEqual(
      {
        chenjing: ['2', '1', null],
        huangmin: ['1', '2', '会后补签'],
        majun: ['3', null, '出差在外'],
      },
    );
    expect(await meeting(id)).toMatchObject({ expectedCount: 3, presentCount: 2 });
    // Someone else's meeting is not in another organiser's sheet.
    expect((await sheet(id, tok.huangmin)).success).toBe(false);
    // Editing the attendees recounts 应到.
    const loaded = (await ctx.get<Record<string, unknown>>(`/meeting/meeting/queryById?id=${id}`)).result!;
    const edit = await ctx.send(
      'PUT',
      '/meeting/meeting/edit',
      { id, rowVersion: loaded.rowVersion, attendees: 'chenjing,huangmin' },
      tok.zhangwei,
    );
    expect(edit, edit.message).toMatchObject({ success: true });
    expect(await meeting(id)).toMatchObject({ expectedCount: 2, presentCount: 2 });
  });

  it('gives held demo meetings their attendance once, the same on every database', async () => {
    const db = ctx.database.db;
    const held = await addMeeting('签到测试：上月的部门例会', -60 * 24 * 30, -60 * 24 * 30 + 60);
    await sql`update biz_meeting set status = '2' where id = ${held}`.execute(db);
    await sql`insert into sys_seed_pending (name) values (${ATTENDANCE_DEMO_MARK})`.execute(db);
    expect(await seedAttendanceDemo(db)).toBe(true);
    expect(await seedAttendanceDemo(db)).toBe(false);
    const { rows } = await sql<{ username: string; status: string }>`select username, status
      from biz_meeting_attendance where meeting_id = ${held} order by username`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    const present = rows.filter((r) => r.status === '1' || r.status === '2').length;
    expect(await meeting(held)).toMatchObject({ expectedCount: 3, presentCount: present });
  });

  it('brings a database seeded before up to date with migration 0033, once', async () => {
    const db = ctx.database.db;
    await sql`delete from sys_permission where url in ('/meeting/mine', '/meeting/attendance')
      or perms = 'meeting:signIn'`.execute(db);
    await sql`delete from sys_dict_item where dict_id in (select id from sys_dict
      where dict_code in ('meeting_attend_status', 'meeting_sign_type'))`.execute(db);
    await sql`delete from sys_dict where dict_code in ('meeting_attend_status', 'meeting_sign_type')`.execute(
      db,
    );
    await meetingAttendance.up(db);
    await meetingAttendance.up(db); // a second run changes nothing and does not fail
    const { rows } = await sql<{
      url: string | null;
      perms: string | null;
      roles: string;
    }>`select p.url, p.perms,
        string_agg(r.role_code, ',' order by r.role_code) as roles
      from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
        join sys_role r on r.id = rp.role_id
      where p.url in ('/meeting/mine', '/meeting/attendance') or p.perms = 'meeting:signIn'
      group by p.url, p.perms order by p.url nulls last`.execute(db);
    expect(rows).toEqual([
      { url: '/meeting/attendance', perms: null, roles: 'admin,manager' },
      { url: '/meeting/mine', perms: null, roles: 'admin,analyst,manager,staff' },
      { url: null, perms: 'meeting:signIn', roles: 'admin,analyst,manager,staff' },
    ]);
    const items = await sql<{ n: number }>`select count(*)::int as n from sys_dict_item i
      join sys_dict d on d.id = i.dict_id where d.dict_code = 'meeting_attend_status'`.execute(db);
    expect(items.rows[0]!.n).toBe(5);
  });
});
