/**
 * 会后跟进 and 发送会议通知 (docs/modules/meetings.md): a meeting's follow-ups become department work
 * of their people in charge when the meeting ends, or by 派发跟进事项 for follow-ups added later; all
 * or nothing, and only for an ended meeting, by those who may edit meetings. Its notices reach the
 * host and attendees with the time, place and agenda.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let ctx: EntityTestContext;
let roomId: string;

beforeAll(async () => {
  ctx = await createEntityContext();
  expect(
    await ctx.send('POST', '/meeting/room/add', { name: '跟进测试会议室', capacity: 12, status: '1' }),
  ).toMatchObject({ success: true });
  const rooms = await ctx.get<{ records: { id: string; name: string }[] }>('/meeting/room/list?pageSize=100');
  roomId = rooms.result!.records.find((r) => r.name === '跟进测试会议室')!.id;
});
afterAll(() => ctx.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function addMeeting(
  title: string,
  followUps: { title: string; assignee: string }[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const added = await ctx.send('POST', '/meeting/meeting/add', {
    ...extra,
    title,
    meetingType: '1',
    roomId,
    startTime: `${day(1)} 09:00:00`,
    endTime: `${day(1)} 10:00:00`,
    host: 'zhangwei',
    meetingFollowUp: {
      added: followUps.map((f) => ({ ...f, deadline: day(7) })),
      edited: [],
      deletedIds: [],
    },
  });
  expect(added, added.message).toMatchObject({ success: true });
  const list = await ctx.get<{ records: { id: string; title: string }[] }>(
    `/meeting/meeting/list?title=${encodeURIComponent(title)}`,
  );
  return list.result!.records[0]!.id;
}

const move = (name: string, id: string) => ctx.send('PUT', `/meeting/meeting/${name}`, { id });

async function followUps(meetingId: string) {
  const { rows } = await sql<{ title: string; assignee: string; status: string; workItemId: string | null }>`
    select title, assignee, status, work_item_id as "workItemId" from biz_meeting_follow_up
    where meeting_id = ${meetingId} order by create_time, title`.execute(ctx.database.db);
  return rows;
}

async function workOf(title: string) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select title, item_type as "itemType", assignee, assigner,
      status, to_char(deadline, 'YYYY-MM-DD') as deadline, content from biz_work_item where title = ${title}`.execute(
    ctx.database.db,
  );
  return rows;
}

describe('会后跟进', () => {
  it('makes each follow-up department work of its person in charge when the meeting ends', async () => {
    const id = await addMeeting('十二月接待工作例会', [
      { title: '整理来宾反馈意见', assignee: 'huangmin' },
      { title: '更新接待礼品清单', assignee: 'chenjing' },
    ]);
    expect(await move('begin', id)).toMatchObject({ success: true });
    expect((await followUps(id)).map((f) => f.status)).toEqual(['0', '0']);
    expect(await move('finish', id)).toMatchObject({ success: true });
    const rows = await followUps(id);
    expect(rows.map((f) => [f.title, f.status])).toEqual([
      ['整理来宾反馈意见', '1'],
      ['更新接待礼品清单', '1'],
    ]);
    expect(rows.every((f) => f.workItemId !== null)).toBe(true);
    expect(await workOf('【会议跟进】整理来宾反馈意见')).toEqual([
      {
        title: '【会议跟进】整理来宾反馈意见',
        itemType: '2',
        assignee: 'huangmin',
        assigner: 'zhangwei',
        status: '0',
        deadline: day(7),
        content: expect.stringMatching(/^来自会议「十二月接待工作例会」（HY\d{8}-\d{3}）的决议跟进$/),
      },
    ]);
    // The person in charge finds it on their to-do list.
    const huangmin = await ctx.login('huangmin', DEMO_PASSWORD);
    const todo = await ctx.get<{ records: { kind: string; title: string }[] }>(
      '/sys/todo/list?type=1&kind=workItem&pageSize=100',
      huangmin,
    );
    expect(todo.result!.records.map((r) => r.title)).toContain('【会议跟进】整理来宾反馈意见');
  });

  it('dispatches follow-ups added after the meeting ended, once; refuses a meeting not ended', async () => {
    const id = await addMeeting('展厅改造评审会', []);
    expect(await ctx.send('PUT', '/meeting/meeting/dispatchFollowUps', { id })).toMatchObject({
      success: false,
      message: '只有已结束的会议可以派发跟进事项',
    });
    await move('begin', id);
    expect(await move('finish', id)).toMatchObject({ success: true });
    const meeting = (await ctx.get<Record<string, unknown>>(`/meeting/meeting/queryById?id=${id}`)).result!;
    const keep = ['id', 'title', 'meetingType', 'roomId', 'startTime', 'endTime', 'host', 'rowVersion'];
    const edited = await ctx.send('PUT', '/meeting/meeting/edit', {
      ...Object.fromEntries(keep.map((k) => [k, meeting[k]])),
      meetingFollowUp: {
        added: [{ title: '联系展陈供应商报价', assignee: 'huangmin', deadline: day(5) }],
        edited: [],
        deletedIds: [],
      },
    });
    expect(edited, edited.message).toMatchObject({ success: true });
    expect(await ctx.send('PUT', '/meeting/meeting/dispatchFollowUps', { id }, ctx.staffToken)).toMatchObject(
      {
        success: false,
      },
    );
    expect(await ctx.send('PUT', '/meeting/meeting/dispatchFollowUps', { id })).toMatchObject({
      success: true,
      message: '已派发1项跟进事项',
    });
    expect(await ctx.send('PUT', '/meeting/meeting/dispatchFollowUps', { id })).toMatchObject({
      success: false,
      message: '该会议没有待派发的跟进事项',
    });
    expect(await workOf('【会议跟进】联系展陈供应商报价')).toHaveLength(1);
  });

  it('ends nothing and makes no work when one person in charge cannot take it', async () => {
    const id = await addMeeting('季度安全检查会', [
      { title: '检查消防通道', assignee: 'huangmin' },
      { title: '更换应急灯', assignee: 'dongjie' },
    ]);
    await move('begin', id);
    expect(await move('finish', id)).toMatchObject({
      success: false,
      message: '跟进事项「更换应急灯」的负责人“dongjie”不存在或已冻结，无法派发',
    });
    const status = (await ctx.get<{ status: string }>(`/meeting/meeting/queryById?id=${id}`)).result!.status;
    expect(status).toBe('1');
    expect((await followUps(id)).map((f) => f.status)).toEqual(['0', '0']);
    expect(await workOf('【会议跟进】检查消防通道')).toEqual([]);
  });
});

describe('发送会议通知', () => {
  it('tells the host and the attendees when and where, with the agenda; not the sender, not the frozen', async () => {
    const id = await addMeeting('接待礼仪培训', [], {
      attendees: 'chenjing,huangmin,dongjie',
      meetingAgenda: {
        added: [{ orderNum: 1, topic: '迎宾礼仪', plannedMinutes: 30 }],
        edited: [],
        deletedIds: [],
      },
    });
    expect(await ctx.send('PUT', '/meeting/meeting/notify', { id })).toMatchObject({
      success: true,
      message: '已通知3人',
    });
    const { rows } = await sql<{ username: string; title: string; content: string; category: string }>`
      select u.username, a.titile as title, a.msg_content as content, a.msg_category as category
      from sys_announcement a join sys_announcement_send s on s.annt_id = a.id join sys_user u on u.id = s.user_id
      where a.bus_type = 'meeting' and a.bus_id = ${id} order by u.username`.execute(ctx.database.db);
    expect(rows.map((r) => r.username)).toEqual(['chenjing', 'huangmin', 'zhangwei']);
    expect(rows[0]).toMatchObject({ title: '会议通知：接待礼仪培训', category: '4' });
    expect(rows[0]!.content).toContain(`时间：${day(1)} 09:00 至 ${day(1)} 10:00`);
    expect(rows[0]!.content).toContain('地点：跟进测试会议室');
    expect(rows[0]!.content).toContain('<li>迎宾礼仪</li>');
    // Staff without meeting:edit may not send it; an ended meeting is not announced.
    expect(await ctx.send('PUT', '/meeting/meeting/notify', { id }, ctx.staffToken)).toMatchObject({
      success: false,
    });
    await move('begin', id);
    await move('finish', id);
    expect(await ctx.send('PUT', '/meeting/meeting/notify', { id })).toMatchObject({
      success: false,
      message: '只有未开始或进行中的会议可以发送通知',
    });
  });
});
