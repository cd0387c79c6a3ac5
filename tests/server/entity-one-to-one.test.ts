/**
 * One-to-one children saved with their parent (会议 with its 会议纪要 section and its 会议议程 grid,
 * schemas/meeting; docs/modules/one-to-many.md): one request and one transaction, the child's own
 * rules, a refusal naming the section and the field, the section added, edited and removed on edit.
 * Also the evaluation template's copy: an ordinary add of the loaded record under a new name.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { book, sheetsOf, type Rows } from './entity-import-children-helpers.js';
import { multipart } from './entity-xlsx.js';
import { DEMO_PASSWORD } from './helpers.js';

interface Minutes {
  id: string;
  meetingId: string;
  recorder: string | null;
  summary: string;
  decisions: string | null;
  rowVersion: number;
}
interface Meeting {
  id: string;
  meetingNo: string;
  title: string;
  status: string;
  rowVersion: number;
  meetingAgenda: { id: string; topic: string; orderNum: number }[];
  meetingMinutes: Minutes | null;
}

let ctx: EntityTestContext;
let manager: string; // zhangwei: the seed's meeting buttons
let roomId: string;

const BASE = '/meeting/meeting';

beforeAll(async () => {
  ctx = await createEntityContext();
  manager = await ctx.login('zhangwei', DEMO_PASSWORD);
  const made = await ctx.send('POST', '/meeting/room/add', { name: '大会议室', capacity: 80, status: '1' });
  expect(made.success).toBe(true);
  const rooms = await ctx.get<Page<{ id: string; name: string }>>('/meeting/room/list?name=大会议室');
  roomId = rooms.result!.records[0].id;
});
afterAll(() => ctx.close());

const meeting = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  meetingType: '2',
  roomId,
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-01 10:30:00',
  host: 'zhangwei',
  attendees: 'chenjing,yangqiang',
  ...extra,
});
const agenda = (topic: string, orderNum: number) => ({
  topic,
  orderNum,
  presenter: 'chenjing',
  plannedMinutes: 20,
});

async function byTitle(title: string): Promise<Meeting | undefined> {
  const page = await ctx.get<Page<Meeting>>(`${BASE}/list?title=${encodeURIComponent(title)}`);
  const found = page.result?.records[0];
  if (!found) return undefined;
  return (await ctx.get<Meeting>(`${BASE}/queryById?id=${found.id}`)).result ?? undefined;
}

const count = async (table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(ctx.database.db))
      .rows[0].n,
  );

describe('add with a one-to-one child', () => {
  it('saves the meeting, its agenda and its minutes together and answers the minutes as an object', async () => {
    const answer = await ctx.send(
      'POST',
      `${BASE}/add`,
      {
        ...meeting('展厅方案评审会'),
        meetingAgenda: { added: [agenda('方案讲解', 1), agenda('讨论', 2)] },
        meetingMinutes: { recorder: 'chenjing', summary: '方案通过', decisions: '下周实施' },
      },
      manager,
    );
    expect(answer).toMatchObject({ success: true, message: '添加成功！' });
    const saved = await byTitle('展厅方案评审会');
    expect(saved?.meetingNo).toMatch(/^HY\d{8}-\d{3}$/);
    expect(saved?.status).toBe('0');
    expect(saved?.meetingAgenda.map((a) => [a.orderNum, a.topic])).toEqual([
      [1, '方案讲解'],
      [2, '讨论'],
    ]);
    expect(saved?.meetingMinutes).toMatchObject({
      meetingId: saved?.id,
      recorder: 'chenjing',
      summary: '方案通过',
      decisions: '下周实施',
    });
  });

  it('a bad section saves nothing and names the section and the field', async () => {
    const before = await Promise.all(['biz_meeting', 'biz_meeting_agenda', 'biz_meeting_minutes'].map(count));
    const answer = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('未写摘要的会'),
      meetingAgenda: { added: [agenda('议题一', 1)] },
      meetingMinutes: { recorder: 'chenjing', decisions: '无' },
    });
    expect(answer).toMatchObject({ success: false, message: '会议纪要：请输入会议摘要!' });
    const tooLong = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('摘要太长的会'),
      meetingMinutes: { summary: 'x'.repeat(2001) },
    });
    expect(tooLong.success).toBe(false);
    expect(tooLong.message).toBe('会议纪要：会议摘要：最大长度2000位字符');
    expect(
      await Promise.all(['biz_meeting', 'biz_meeting_agenda', 'biz_meeting_minutes'].map(count)),
    ).toEqual(before);
  });

  it('refuses an id in a new section, unknown fields, and a section that is not an object', async () => {
    const withId = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('带id的纪要'),
      meetingMinutes: { id: 'a'.repeat(32), summary: '摘要' },
    });
    expect(withId).toMatchObject({ success: false, message: '会议纪要：未找到对应数据' });
    const unknown = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('多余字段的纪要'),
      meetingMinutes: { summary: '摘要', secret: 1 },
    });
    expect(unknown).toMatchObject({ success: false, message: '会议纪要：未知字段：secret' });
    const notObject = await ctx.send('POST', `${BASE}/add`, { ...meeting('数组纪要'), meetingMinutes: [] });
    expect(notObject.success).toBe(false);
    expect(await byTitle('带id的纪要')).toBeUndefined();
  });

  it("checks the parent's rules as before: the end must be after the start", async () => {
    const answer = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('时间倒置的会', { endTime: '2026-12-01 08:00:00' }),
      meetingMinutes: { summary: '摘要' },
    });
    expect(answer).toMatchObject({ success: false, message: '结束时间必须晚于开始时间' });
  });
});

describe('edit with a one-to-one child', () => {
  it('adds the section when there is none, edits it when there is one, and null removes it', async () => {
    expect((await ctx.send('POST', `${BASE}/add`, meeting('纪要后补的会'))).success).toBe(true);
    let saved = (await byTitle('纪要后补的会'))!;
    expect(saved.meetingMinutes).toBeNull();
    const first = await ctx.send('PUT', `${BASE}/edit`, {
      id: saved.id,
      rowVersion: saved.rowVersion,
      meetingMinutes: { summary: '第一版摘要' },
    });
    expect(first).toMatchObject({ success: true });
    saved = (await byTitle('纪要后补的会'))!;
    const minutes = saved.meetingMinutes!;
    expect(minutes.summary).toBe('第一版摘要');
    // The form sends the loaded section back, with its id and version.
    const second = await ctx.send('PUT', `${BASE}/edit`, {
      id: saved.id,
      rowVersion: saved.rowVersion,
      meetingMinutes: { id: minutes.id, rowVersion: minutes.rowVersion, summary: '第二版摘要' },
    });
    expect(second).toMatchObject({ success: true });
    saved = (await byTitle('纪要后补的会'))!;
    expect(saved.meetingMinutes).toMatchObject({ id: minutes.id, summary: '第二版摘要' });
    // A stale section (someone saved it since) refuses the whole save.
    const stale = await ctx.send('PUT', `${BASE}/edit`, {
      id: saved.id,
      title: '改了标题',
      meetingMinutes: { id: minutes.id, rowVersion: minutes.rowVersion, summary: '第三版' },
    });
    expect(stale).toMatchObject({ success: false, message: '会议纪要：该记录已被他人修改，请刷新后重试' });
    expect((await byTitle('纪要后补的会'))?.meetingMinutes?.summary).toBe('第二版摘要');
    // Another meeting's minutes cannot be named.
    const other = (await byTitle('展厅方案评审会'))!;
    const foreign = await ctx.send('PUT', `${BASE}/edit`, {
      id: saved.id,
      meetingMinutes: { id: other.meetingMinutes!.id, summary: '越权' },
    });
    expect(foreign).toMatchObject({ success: false, message: '会议纪要：未找到对应数据' });
    const removed = await ctx.send('PUT', `${BASE}/edit`, { id: saved.id, meetingMinutes: null });
    expect(removed).toMatchObject({ success: true });
    expect((await byTitle('纪要后补的会'))?.meetingMinutes).toBeNull();
  });

  it('a bad section rolls back the meeting and its agenda changes', async () => {
    const saved = (await byTitle('展厅方案评审会'))!;
    const answer = await ctx.send('PUT', `${BASE}/edit`, {
      id: saved.id,
      rowVersion: saved.rowVersion,
      title: '不应保存的标题',
      meetingAgenda: { added: [agenda('不应保存的议题', 3)], deletedIds: [saved.meetingAgenda[0].id] },
      meetingMinutes: { id: saved.meetingMinutes!.id, summary: '' },
    });
    expect(answer).toMatchObject({ success: false, message: '会议纪要：请输入会议摘要!' });
    const after = (await byTitle('展厅方案评审会'))!;
    expect(after.rowVersion).toBe(saved.rowVersion);
    expect(after.meetingAgenda.map((a) => a.topic)).toEqual(['方案讲解', '讨论']);
    expect(after.meetingMinutes?.summary).toBe('方案通过');
  });
});

describe('meeting rooms and evaluation templates', () => {
  it('offers the rooms as a table dictionary and refuses deleting a room that has meetings', async () => {
    const items = await ctx.get<{ value: string; text: string }[]>(
      `/sys/dict/getDictItems/${encodeURIComponent('biz_meeting_room,name,id')}`,
    );
    expect(items.result?.map((i) => i.text)).toContain('大会议室');
    const refused = await ctx.send('DELETE', `/meeting/room/delete?id=${roomId}`);
    expect(refused).toMatchObject({ success: false, message: '该会议室已有会议安排，不能删除，可将其停用' });
  });

  it('a copied template is an ordinary add: the loaded rows without ids, under a new name', async () => {
    interface Template {
      id: string;
      name: string;
      evalIndicator: { id: string; indicator: string; weight: number; maxScore: number }[];
    }
    const made = await ctx.send('POST', '/evaluation/template/add', {
      name: '员工月度考核模板',
      appliesTo: '1',
      evalIndicator: {
        added: [
          { indicator: '工作业绩', weight: 60, maxScore: 100, orderNum: 1 },
          { indicator: '工作态度', weight: 40, maxScore: 100, orderNum: 2 },
        ],
      },
    });
    expect(made).toMatchObject({ success: true });
    const page = await ctx.get<Page<Template>>(
      `/evaluation/template/list?name=${encodeURIComponent('员工月度考核模板')}`,
    );
    const source = (
      await ctx.get<Template>(`/evaluation/template/queryById?id=${page.result!.records[0].id}`)
    ).result!;
    expect(source.evalIndicator.reduce((sum, i) => sum + i.weight, 0)).toBe(100);
    const rows = source.evalIndicator.map(({ indicator, weight, maxScore }) => ({
      indicator,
      weight,
      maxScore,
    }));
    const body = { appliesTo: '1', totalScore: 100, status: '1', evalIndicator: { added: rows } };
    const same = await ctx.send('POST', '/evaluation/template/add', { ...body, name: source.name }, manager);
    expect(same).toMatchObject({ success: false, message: '模板名称：该值不可用，系统中已存在！' });
    const copied = await ctx.send(
      'POST',
      '/evaluation/template/add',
      { ...body, name: '员工月度考核模板（2027）' },
      manager,
    );
    expect(copied).toMatchObject({ success: true });
    const heavier = rows.map((r, i) => (i === 0 ? { ...r, weight: r.weight + 5 } : r));
    const wrongSum = await ctx.send('POST', '/evaluation/template/add', {
      ...body,
      name: '权重不对的模板',
      evalIndicator: { added: heavier },
    });
    expect(wrongSum).toMatchObject({ success: false, message: '考核指标的权重合计必须为100' });
  });
});

describe('export and import with the one-to-one sheet', () => {
  async function exportBook(url: string): Promise<Buffer> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { 'x-access-token': ctx.adminToken },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return res.rawPayload;
  }
  async function upload(data: Buffer) {
    const body = multipart([{ name: 'files[]', filename: 'meetings.xlsx', value: data }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api${BASE}/importExcel`,
      payload: body.payload,
      headers: { ...body.headers, 'x-access-token': ctx.adminToken },
    });
    return res.json() as { success: boolean; message: string };
  }

  it("writes each meeting's minutes as one row of the 会议纪要 sheet, and imports them back", async () => {
    const minutes = { recorder: 'chenjing', summary: '纪要摘要', decisions: '决议一' };
    const added = await ctx.send('POST', `${BASE}/add`, {
      ...meeting('纪要导出会'),
      meetingAgenda: { added: [agenda('议题一', 1)] },
      meetingMinutes: minutes,
    });
    expect(added.success).toBe(true);
    const sheets = await sheetsOf(
      await exportBook(`${BASE}/exportXls?title=${encodeURIComponent('纪要导出会')}`),
    );
    const [parentName] = [...sheets.keys()];
    expect([...sheets.keys()]).toEqual([parentName, '会议议程', '会议纪要', '会后跟进']);
    const link = `${parentName}行号`;
    expect(sheets.get('会议纪要')).toEqual([
      [link, '记录人', '会议摘要', '决议事项'],
      [2, '陈静', '纪要摘要', '决议一'],
    ]);

    // The same workbook under a new title comes back as a new meeting with its minutes.
    const parent = sheets.get(parentName)!.map((row) => [...row]);
    parent[1][parent[0].indexOf('会议主题')] = '纪要导入会';
    // The list (and so its export) leaves out 结束时间, which an add requires.
    if (!parent[0].includes('结束时间')) {
      parent[0].push('结束时间');
      parent[1].push('2026-12-01 10:30:00');
    }
    const data = await book({
      [parentName]: parent as Rows,
      会议纪要: sheets.get('会议纪要') as Rows,
    });
    const answer = await upload(data);
    expect(answer).toMatchObject({ success: true });
    expect(answer.message).toContain('会议纪要：1行');
    const imported = await byTitle('纪要导入会');
    expect(imported?.meetingMinutes).toMatchObject(minutes);

    // Two minutes for one meeting: refused, naming the row, and nothing is stored.
    const before = await count('biz_meeting');
    parent[1][parent[0].indexOf('会议主题')] = '纪要重复会';
    const twice = await upload(
      await book({
        [parentName]: parent as Rows,
        会议纪要: [...(sheets.get('会议纪要') as Rows), [2, '陈静', '另一份', '']],
      }),
    );
    expect(twice).toMatchObject({ success: false });
    expect(twice.message).toContain(`会议纪要第3行：${link}2已有一行会议纪要，每行只能有一条`);
    expect(await count('biz_meeting')).toBe(before);
  });
});
