/**
 * Importing an existing table as a declaration (docs/modules/online-forms.md): only the tables the
 * operator lists in ADOPTABLE_TABLES that no declaration owns are offered; the columns become fields
 * with types and lengths; the answer adopts the table and, once saved, serves the rows already in it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportableTable, ImportedTable } from '../../server/online/table-import.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { designer } from './online-form-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  // biz_customer is listed too: a file declaration owns it, so it is still not offered.
  ctx = await createEntityContext({ config: { adoptableTables: ['legacy_guest', 'biz_customer'] } });
  // A table made outside the designer (by hand, or by an older system).
  await sql`create table legacy_guest (id varchar(32) primary key, guest_name varchar(40) not null,
    visit_count integer, fee numeric(10, 2), visit_date date, note text, "Odd" varchar(5), flags bytea)`.execute(
    ctx.database.db,
  );
  await sql`comment on table legacy_guest is '老系统来宾'`.execute(ctx.database.db);
  await sql`comment on column legacy_guest.guest_name is '来宾姓名'`.execute(ctx.database.db);
  await sql`insert into legacy_guest (id, guest_name, visit_count) values ('g1', '张无忌', 3)`.execute(
    ctx.database.db,
  );
});
afterAll(() => ctx.close());

describe('importing a table', () => {
  it('offers only the listed tables no declaration owns, never the system tables', async () => {
    const tables = (await ctx.get<ImportableTable[]>('/online/cgform/table/list')).result!;
    // Owned by a file declaration: biz_customer.
    expect(tables).toEqual([{ name: 'legacy_guest', comment: '老系统来宾' }]);
  });

  it('reads the columns into fields with types and lengths, adopting the table', async () => {
    const answer = await ctx.get<ImportedTable>('/online/cgform/table/declaration?table=legacy_guest');
    expect(answer.result!.declaration).toEqual({
      schemaVersion: 3,
      name: 'legacyGuest',
      title: '老系统来宾',
      table: 'legacy_guest',
      adoptTable: true,
      basePath: '/online/data/legacyGuest',
      kind: 'list',
      permissionPrefix: 'legacyGuest',
      fields: [
        { name: 'guestName', title: '来宾姓名', type: 'string', length: 40, required: true },
        { name: 'visitCount', title: 'visit_count', type: 'int' },
        { name: 'fee', title: 'fee', type: 'money' },
        { name: 'visitDate', title: 'visit_date', type: 'date' },
        { name: 'note', title: 'note', type: 'text' },
      ],
    });
    expect(answer.result!.skipped).toEqual(['Odd：列名不能作为字段名', 'flags：类型 bytea 暂不支持']);
  });

  it('refuses a table that is not on the list, whatever the name says', async () => {
    for (const table of ['sys_user', 'biz_customer', 'legacy_guest; drop table sys_user', 'nope']) {
      const answer = await ctx.get(`/online/cgform/table/declaration?table=${encodeURIComponent(table)}`);
      expect(answer).toMatchObject({ success: false, message: expect.stringContaining('不能导入') });
    }
  });

  it('saved, the declaration adopts the table and lists the rows already in it', async () => {
    const { declaration } = (
      await ctx.get<ImportedTable>('/online/cgform/table/declaration?table=legacy_guest')
    ).result!;
    const saved = await designer(ctx).add(declaration, '从表导入');
    expect(saved, JSON.stringify(saved)).toMatchObject({ success: true });
    const list = await ctx.get<Page<Record<string, unknown>>>('/online/data/legacyGuest/list');
    expect(list.result!.records).toEqual([
      expect.objectContaining({ id: 'g1', guestName: '张无忌', visitCount: 3 }),
    ]);
    const tables = (await ctx.get<ImportableTable[]>('/online/cgform/table/list')).result!;
    expect(tables.map((t) => t.name)).not.toContain('legacy_guest');
    // A later save adds a column and leaves the columns it did not import alone.
    const fields = [
      ...(declaration.fields as object[]),
      { name: 'phone', title: '电话', type: 'string', length: 20 },
    ];
    const edited = await designer(ctx).edit(saved.result!.id, { ...declaration, fields });
    expect(edited).toMatchObject({ success: true, message: '保存成功，当前为版本 2' });
    const kept = await sql<{ columnName: string }>`select column_name from information_schema.columns
      where table_name = 'legacy_guest' and column_name in ('Odd', 'flags', 'phone') order by column_name`.execute(
      ctx.database.db,
    );
    expect(kept.rows.map((r) => r.columnName)).toEqual(['Odd', 'flags', 'phone']);
  });

  it('is for the designer only', async () => {
    expect((await ctx.get('/online/cgform/table/list', ctx.staffToken)).success).toBe(false);
  });
});
