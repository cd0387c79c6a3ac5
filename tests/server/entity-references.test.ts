/**
 * References between declarations (issue 32, server/entity/references.ts): designed forms that
 * point at each other's records and at a file declaration's. A reference is picked from the
 * target's rows the caller may read, shows its title in lists, refuses an id that names nothing
 * (未找到所选的X), is kept whole by a real foreign key, refuses deleting a target live rows refer to
 * (naming the screen) or takes the rows with it (cascade), and imports by title.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { designer } from './online-form-helpers.js';
import { multipart, workbook } from './entity-xlsx.js';

let ctx: EntityTestContext;

type Field = Record<string, unknown>;
const form = (name: string, title: string, table: string, fields: Field[]) => ({
  schemaVersion: 3,
  name,
  title,
  table,
  basePath: `/online/data/${name}`,
  kind: 'list',
  permissionPrefix: name,
  softDelete: true,
  fields,
});
const ROOM = form('refRoom', '场地', 'onl_ref_room', [
  { name: 'name', title: '场地名称', type: 'string', length: 40, required: true, unique: true },
]);
const BOOKING = form('refBooking', '场地预订', 'onl_ref_booking', [
  { name: 'subject', title: '主题', type: 'string', length: 40, required: true },
  {
    name: 'roomId',
    title: '场地',
    type: 'string',
    length: 32,
    required: true,
    reference: { entity: 'refRoom' },
  },
  {
    name: 'spareRooms',
    title: '备选场地',
    type: 'string',
    length: 200,
    reference: { entity: 'refRoom', multiple: true },
  },
  { name: 'hallId', title: '会议室', type: 'string', length: 32, reference: { entity: 'meetingRoom' } },
]);
const NOTE = form('refNote', '预订备注', 'onl_ref_note', [
  { name: 'body', title: '内容', type: 'string', length: 100, required: true },
  {
    name: 'bookingId',
    title: '预订',
    type: 'string',
    length: 32,
    required: true,
    reference: { entity: 'refBooking', text: 'subject', onDelete: 'cascade' },
  },
]);

const rooms: Record<string, string> = {};

async function ids(path: string): Promise<Record<string, unknown>[]> {
  return (await ctx.get<Page<Record<string, unknown>>>(`${path}/list?pageSize=50`)).result!.records;
}

beforeAll(async () => {
  ctx = await createEntityContext();
  for (const declaration of [ROOM, BOOKING, NOTE]) {
    const saved = await designer(ctx).add(declaration);
    expect(saved, JSON.stringify(saved)).toMatchObject({ success: true });
  }
  for (const name of ['一号厅', '二号厅', '三号厅'])
    expect(await ctx.send('POST', '/online/data/refRoom/add', { name })).toMatchObject({ success: true });
  for (const row of await ids('/online/data/refRoom')) rooms[String(row.name)] = String(row.id);
});
afterAll(() => ctx.close());

describe('a reference field', () => {
  it('refuses a declaration whose target or title field does not exist', async () => {
    const bad = form('refBad', '坏引用', 'onl_ref_bad', [
      { name: 'a', title: 'A', type: 'string', reference: { entity: 'noSuchForm' } },
      { name: 'b', title: 'B', type: 'string', reference: { entity: 'refRoom', text: 'nope' } },
    ]);
    const answer = await designer(ctx).add(bad);
    expect(answer.success).toBe(false);
    const paths = (answer.result?.issues ?? []).map((i) => i.path);
    expect(paths).toEqual(['/fields/0/reference/entity', '/fields/1/reference/text']);
    const both = form('refBad', '坏引用', 'onl_ref_bad', [
      { name: 'c', title: 'C', type: 'string', dict: 'sex', reference: { entity: 'refRoom' } },
      { name: 'd', title: 'D', type: 'int', reference: { entity: 'refRoom' } },
    ]);
    const twice = await designer(ctx).add(both);
    expect((twice.result?.issues ?? []).map((i) => i.path)).toEqual(['/fields/0/dict', '/fields/1/type']);
  });

  it('stores an id of the target and lists its title; refuses one that names no record', async () => {
    // A file declaration's record (会议室), made here: the test database may hold none.
    const made = await ctx.send('POST', '/meeting/room/add', { name: '引用测试厅', capacity: 12 });
    expect(made, JSON.stringify(made)).toMatchObject({ success: true });
    const hall = (
      await ctx.get<Page<{ id: string; name: string }>>(
        `/meeting/room/list?name=${encodeURIComponent('引用测试厅')}`,
      )
    ).result!.records[0];
    const ok = await ctx.send('POST', '/online/data/refBooking/add', {
      subject: '季度会',
      roomId: rooms['一号厅'],
      spareRooms: `${rooms['二号厅']},${rooms['三号厅']}`,
      hallId: hall.id,
    });
    expect(ok, JSON.stringify(ok)).toMatchObject({ success: true });
    const [row] = await ids('/online/data/refBooking');
    expect(row).toMatchObject({
      roomId_dictText: '一号厅',
      spareRooms_dictText: '二号厅,三号厅',
      hallId_dictText: hall.name,
    });
    for (const [body, message] of [
      [{ roomId: 'R999' }, '未找到所选的场地'],
      [{ roomId: rooms['一号厅'], spareRooms: `${rooms['二号厅']},nope` }, '未找到所选的备选场地'],
      [{ roomId: rooms['一号厅'], hallId: 'spaceship' }, '未找到所选的会议室'],
    ] as const) {
      const answer = await ctx.send('POST', '/online/data/refBooking/add', { subject: '坏', ...body });
      expect(answer).toMatchObject({ success: false, message });
    }
    // An empty optional reference is none, not an id the key would look for.
    const empty = await ctx.send('POST', '/online/data/refBooking/add', {
      subject: '无备选',
      roomId: rooms['二号厅'],
      hallId: '',
    });
    expect(empty, JSON.stringify(empty)).toMatchObject({ success: true });
  });

  it('is kept whole by a foreign key: an orphan written past the server is refused by the database', async () => {
    const keys = await sql<{ name: string }>`select conname as name from pg_constraint
      where contype = 'f' and conrelid in ('onl_ref_booking'::regclass, 'onl_ref_note'::regclass) order by 1`.execute(
      ctx.database.db,
    );
    expect(keys.rows.map((r) => r.name)).toEqual([
      'fk_onl_ref_booking_hall_id',
      'fk_onl_ref_booking_room_id',
      'fk_onl_ref_note_booking_id',
    ]);
    await expect(
      sql`insert into onl_ref_booking (id, subject, room_id) values ('orphan1', 'x', 'R999')`.execute(
        ctx.database.db,
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('offers the picker only the rows of a target the caller may read through a referring screen', async () => {
    const code = encodeURIComponent('@refRoom,name,id');
    const admin = await ctx.get<{ value: string; text: string }[]>(`/sys/dict/getDictItems/${code}`);
    expect(admin.result!.map((i) => i.text).sort()).toEqual(['一号厅', '三号厅', '二号厅']);
    // chenjing holds no code of these designed screens: nothing, not an error that names the table.
    const staff = await ctx.get<unknown[]>(`/sys/dict/getDictItems/${code}`, ctx.staffToken);
    expect(staff).toMatchObject({ success: true, result: [] });
    // A client cannot name another table or a field the declaration does not open.
    for (const other of ['@sysUser,password,id', '@refRoom,createBy,id', '@refRoom,name,name']) {
      const answer = await ctx.get(`/sys/dict/getDictItems/${encodeURIComponent(other)}`);
      expect(answer).toMatchObject({ success: false, message: '该字典表或字段未开放' });
    }
  });

  it('refuses deleting a target live rows refer to, naming the screen; cascades where declared', async () => {
    const refused = await ctx.send('DELETE', `/online/data/refRoom/delete?id=${rooms['一号厅']}`);
    expect(refused).toMatchObject({ success: false, message: '该记录已被「场地预订」引用，不能删除' });
    // Named only among the spare rooms (a multiple reference) counts too.
    const spare = await ctx.send('DELETE', `/online/data/refRoom/delete?id=${rooms['三号厅']}`);
    expect(spare).toMatchObject({ success: false, message: '该记录已被「场地预订」引用，不能删除' });

    const booking = (await ids('/online/data/refBooking')).find((r) => r.subject === '季度会')!;
    const note = await ctx.send('POST', '/online/data/refNote/add', {
      body: '带投影',
      bookingId: booking.id,
    });
    expect(note, JSON.stringify(note)).toMatchObject({ success: true });
    expect((await ids('/online/data/refNote'))[0]).toMatchObject({ bookingId_dictText: '季度会' });
    expect(await ctx.send('DELETE', `/online/data/refBooking/delete?id=${String(booking.id)}`)).toMatchObject(
      {
        success: true,
      },
    );
    expect(await ids('/online/data/refNote')).toEqual([]);
    // With the booking gone, 三号厅 is no longer named by a live row.
    expect(await ctx.send('DELETE', `/online/data/refRoom/delete?id=${rooms['三号厅']}`)).toMatchObject({
      success: true,
    });
  });

  it('imports by title and reports the row that names no record', async () => {
    const upload = async (rows: (string | null)[][]) => {
      const body = multipart([{ name: 'files[]', filename: 'b.xlsx', value: await workbook(rows) }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/online/data/refBooking/importExcel',
        payload: body.payload,
        headers: { ...body.headers, 'x-access-token': ctx.adminToken },
      });
      return res.json() as { success: boolean; message: string };
    };
    const good = await upload([
      ['主题', '场地'],
      ['导入会', '二号厅'],
    ]);
    expect(good, JSON.stringify(good)).toMatchObject({ success: true });
    const row = (await ids('/online/data/refBooking')).find((r) => r.subject === '导入会');
    expect(row).toMatchObject({ roomId: rooms['二号厅'] });
    const bad = await upload([
      ['主题', '场地'],
      ['错会', '不存在的厅'],
    ]);
    expect(JSON.stringify(bad)).toContain('不存在的厅');
    expect((await ids('/online/data/refBooking')).some((r) => r.subject === '错会')).toBe(false);
  });
});
