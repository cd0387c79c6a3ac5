/**
 * Issue 31: designed forms, bundles and the table import never touch the platform's own tables
 * (every table a migration made, whatever its prefix); an existing table is adopted only when the
 * operator lists it in ADOPTABLE_TABLES; a change the database refuses names the table and why.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { PLATFORM_TABLES } from '../../server/db/platform-tables.js';
import type { ImportableTable, ImportedTable } from '../../server/online/table-import.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { designer, visitLog, VISITOR, type SaveAnswer } from './online-form-helpers.js';

let ctx: EntityTestContext;
beforeAll(async () => {
  // Through the setting itself, as an operator writes it.
  const { adoptableTables } = loadConfig({ ADOPTABLE_TABLES: 'legacy_visitors, legacy_numbered' });
  ctx = await createEntityContext({ config: { adoptableTables } });
  const db = ctx.database.db;
  await sql`create table legacy_visitors (id varchar(32) primary key, visitor varchar(20) not null)`.execute(
    db,
  );
  await sql`insert into legacy_visitors (id, visitor) values ('v1', '周芷若')`.execute(db);
  // Allowed, but keyed by a number: the engine's string id cannot be added beside that key.
  await sql`create table legacy_numbered (code integer primary key, visitor varchar(20))`.execute(db);
  await sql`insert into legacy_numbered (code, visitor) values (1, '殷离')`.execute(db);
  // Not on the list.
  await sql`create table legacy_hidden (id varchar(32) primary key, visitor varchar(20))`.execute(db);
});
afterAll(() => ctx.close());

const PLATFORM = ['wf_task', 'sys_sms_code', 'onl_cgform_version'];

/** A designed form over `table` (adopting it unless told otherwise). */
const over = (table: string, adoptTable = true) =>
  visitLog([VISITOR], {
    name: 'grab',
    basePath: '/online/data/grab',
    permissionPrefix: 'grab',
    table,
    adoptTable,
  });

/** The table's columns as information_schema has them, to prove nothing was altered. */
async function shape(table: string): Promise<string[]> {
  const rows = await sql<{ columnName: string; dataType: string; isNullable: string }>`
    select column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
    ctx.database.db,
  );
  return rows.rows.map((r) => `${r.columnName} ${r.dataType} ${r.isNullable}`);
}

async function owner(table: string): Promise<string[]> {
  const rows = await sql<{
    name: string;
  }>`select name from sys_declaration where table_name = ${table}`.execute(ctx.database.db);
  return rows.rows.map((r) => r.name);
}

const check = async (declaration: unknown) =>
  (await ctx.send<{ path: string; message: string }[]>('POST', '/online/cgform/head/check', { declaration }))
    .result!;

describe('platform tables', () => {
  it('check reports them before a save, at /adoptTable or /table, naming the table', async () => {
    for (const table of PLATFORM) {
      expect(await check(over(table))).toEqual([
        { path: '/adoptTable', message: expect.stringMatching(new RegExp(`^不能接管系统表：${table}（`)) },
      ]);
      expect(await check(over(table, false))).toEqual([
        { path: '/table', message: expect.stringMatching(new RegExp(`^不能使用系统表：${table}（`)) },
      ]);
    }
  });

  it('a designed form is refused by the save and alters nothing', async () => {
    for (const table of PLATFORM) {
      const before = await shape(table);
      const saved = await designer(ctx).add(over(table));
      expect(saved).toMatchObject({
        success: false,
        message: expect.stringContaining(`不能接管系统表：${table}`),
        result: { issues: [{ path: '/adoptTable', message: expect.stringContaining(table) }] },
      });
      expect(await shape(table)).toEqual(before);
      expect(await owner(table)).toEqual([]);
    }
    const heads = await sql`select 1 from onl_cgform_head where name = 'grab'`.execute(ctx.database.db);
    expect(heads.rows).toEqual([]);
  });

  it('a bundle import is refused in the dry run and the import, and alters nothing', async () => {
    for (const table of PLATFORM) {
      const before = await shape(table);
      const bundle = {
        format: 'zj-online-bundle',
        version: 1,
        exportedAt: '2026-12-01 10:00:00',
        declarations: [{ name: 'grab', declaration: over(table) }],
        menus: [],
        permissions: [],
      };
      for (const dryRun of [true, false]) {
        const answer = await ctx.send<SaveAnswer>('POST', '/online/cgform/bundle/import', {
          bundle: JSON.stringify(bundle),
          dryRun,
        });
        expect(answer.success).toBe(false);
        expect(answer.result!.issues).toEqual([
          {
            path: '/declarations/0/declaration/adoptTable',
            message: expect.stringContaining(`不能接管系统表：${table}`),
          },
        ]);
      }
      expect(await shape(table)).toEqual(before);
      expect(await owner(table)).toEqual([]);
    }
  });

  it('the table import offers only the adoptable tables, never a migration-made one', async () => {
    const tables = (await ctx.get<ImportableTable[]>('/online/cgform/table/list')).result!;
    expect(tables.map((t) => t.name)).toEqual(['legacy_numbered', 'legacy_visitors']);
    for (const table of ['wf_task', 'wf_instance', 'biz_project_permission', 'legacy_hidden']) {
      const answer = await ctx.get(`/online/cgform/table/declaration?table=${table}`);
      expect(answer).toMatchObject({ success: false, message: expect.stringContaining('不能导入') });
    }
    expect(tables.filter((t) => PLATFORM_TABLES.has(t.name) || t.name.startsWith('wf_'))).toEqual([]);
  });
});

describe('other existing tables', () => {
  it('one not in ADOPTABLE_TABLES is refused by check and save', async () => {
    const declaration = over('legacy_hidden');
    const message =
      '不能接管表 legacy_hidden：它不在可接管的表清单中，请换一个表名，或请运维人员把它加入 ADOPTABLE_TABLES';
    expect(await check(declaration)).toEqual([{ path: '/adoptTable', message }]);
    const before = await shape('legacy_hidden');
    expect(await designer(ctx).add(declaration)).toMatchObject({ success: false, message });
    expect(await shape('legacy_hidden')).toEqual(before);
  });

  it('one in ADOPTABLE_TABLES is adopted: its rows are listed, then it is owned', async () => {
    const { declaration } = (
      await ctx.get<ImportedTable>('/online/cgform/table/declaration?table=legacy_visitors')
    ).result!;
    expect(await check(declaration)).toEqual([]);
    const saved = await designer(ctx).add(declaration, '接管老表');
    expect(saved, JSON.stringify(saved)).toMatchObject({ success: true });
    const list = await ctx.get<Page<Record<string, unknown>>>('/online/data/legacyVisitors/list');
    expect(list.result!.records).toEqual([expect.objectContaining({ id: 'v1', visitor: '周芷若' })]);
    expect(await owner('legacy_visitors')).toEqual(['legacyVisitors']);
    const tables = (await ctx.get<ImportableTable[]>('/online/cgform/table/list')).result!;
    expect(tables.map((t) => t.name)).toEqual(['legacy_numbered']);
    // Owned now: another form cannot have it, even though the setting still lists it.
    expect(await check(over('legacy_visitors'))).toEqual([
      { path: '/table', message: '表 legacy_visitors 已存在且不属于该表单，请换一个表名' },
    ]);
  });

  it('a change the database refuses is answered naming the table and the reason, nothing kept', async () => {
    const before = await shape('legacy_numbered');
    const saved = await designer(ctx).add(over('legacy_numbered'));
    expect(saved.success).toBe(false);
    expect(saved.message).toMatch(/^数据库拒绝了对表 legacy_numbered 的修改（新增列 id）：.*primary key/);
    expect(saved.message).not.toContain('操作失败');
    expect(saved.result!.issues).toEqual([{ path: '/table', message: saved.message }]);
    expect(await shape('legacy_numbered')).toEqual(before);
    expect(await owner('legacy_numbered')).toEqual([]);
  });
});
