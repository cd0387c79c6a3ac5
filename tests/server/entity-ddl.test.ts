/**
 * Start-up of the engine: an invalid declaration stops the server with file, path and rule; tables
 * are created and then only ever extended; a table the declaration does not own is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { ensureEntityTables, DdlError } from '../../server/entity/ddl.js';
import { DeclarationLoadError, loadDeclarationFiles } from '../../server/entity/load.js';
import { StartRefused } from '../../server/start-refused.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
let tmp: string;
beforeAll(async () => {
  database = await openTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-decl-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Writes declarations into a fresh directory and returns it. */
function dirWith(name: string, files: Record<string, unknown>): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, json] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, file), typeof json === 'string' ? json : JSON.stringify(json));
  }
  return dir;
}

const note = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 2,
  name: 'note',
  title: '便签',
  table: 'demo_note',
  basePath: '/demo/note',
  kind: 'list',
  permissionPrefix: 'note',
  fields,
  ...extra,
});

const columns = async (table: string) =>
  (
    await sql<{ columnName: string; dataType: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
      database.db,
    )
  ).rows.map((r) => `${r.columnName} ${r.dataType}`);

describe('loading', () => {
  it('names the file, the JSON path and the rule of every problem', () => {
    const dir = dirWith('bad', {
      'a.json': note([{ name: 'title', title: '标题', type: 'string', pattern: '([' }]),
      'b.json': '{ not json',
      'c.json': { ...note([{ name: 'x', title: 'x', type: 'string' }]), name: 'other', table: 'Bad Table' },
    });
    let error: unknown;
    try {
      loadDeclarationFiles([dir]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DeclarationLoadError);
    const lines = (error as DeclarationLoadError).message.split('\n');
    const rel = (f: string) => path.relative(process.cwd(), path.join(dir, f));
    expect(lines[0]).toBe('Invalid declarations:');
    expect(lines).toContain(
      `  ${rel('a.json')}: /fields/0/pattern: must be a built-in format code or a valid regular expression`,
    );
    expect(lines).toContain(
      `  ${rel('b.json')}: /: not valid JSON at line 1, column 3: Expected property name or '}'`,
    );
    expect(lines).toContain(`  ${rel('c.json')}: /table: must match pattern "^[a-z][a-z0-9_]{0,62}$"`);
  });

  it('refuses a table dictionary that is not allow-listed', () => {
    const dir = dirWith('dict', {
      'a.json': note([{ name: 'who', title: '人', type: 'string', dict: 'sys_user,password_hash,id' }]),
    });
    expect(() => loadDeclarationFiles([dir])).toThrow(
      '/fields/0/dict: table dictionary "sys_user,password_hash,id" is not allow-listed',
    );
  });

  it('the server does not start on an invalid declaration', async () => {
    const dir = dirWith('server', { 'a.json': note([{ name: 'title', title: '标题', type: 'varchar' }]) });
    const saved = process.env.SCHEMAS_DIR;
    process.env.SCHEMAS_DIR = dir;
    try {
      const config = { ...loadConfig({}), apiBase: '/api', webDir: '/nonexistent' };
      await expect(
        buildApp({ config, database, sms: new LogSmsProvider(() => {}), logger: false }),
      ).rejects.toThrow(/\/fields\/0\/type: must be one of "string"/);
    } finally {
      if (saved === undefined) delete process.env.SCHEMAS_DIR;
      else process.env.SCHEMAS_DIR = saved;
    }
  });
});

describe('additive DDL', () => {
  it('creates the table with id, the fields, the audit columns and the indexes', async () => {
    const v1 = loadDeclarationFiles([
      dirWith('v1', {
        'a.json': note([{ name: 'title', title: '标题', type: 'string', maxLength: 40, unique: true }], {
          softDelete: true,
        }),
      }),
    ]);
    await ensureEntityTables(database.db, v1);
    expect(await columns('demo_note')).toEqual([
      'id character varying',
      'title character varying',
      'create_by character varying',
      'create_time timestamp with time zone',
      'update_by character varying',
      'update_time timestamp with time zone',
      'sys_org_code character varying',
      'row_version integer',
      'del_flag integer',
    ]);
    await sql`insert into demo_note (id, title) values ('n1', 'kept')`.execute(database.db);
    const indexes = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where tablename = 'demo_note' order by 1`.execute(database.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'demo_note_create_time_idx',
      'demo_note_pkey',
      'demo_note_title_uq',
    ]);
  });

  it('adds new columns and indexes, never drops or changes, and keeps the rows', async () => {
    const v2 = loadDeclarationFiles([
      dirWith('v2', {
        'a.json': note(
          [
            { name: 'body', title: '内容', type: 'text' },
            { name: 'pinned', title: '置顶', type: 'boolean', index: true },
            { name: 'dueDate', title: '到期', type: 'date' },
          ],
          { softDelete: true, tenantScoped: true, schemaVersion: 2 },
        ),
      }),
    ]);
    await ensureEntityTables(database.db, v2);
    await ensureEntityTables(database.db, v2); // idempotent
    expect(await columns('demo_note')).toEqual([
      'id character varying',
      'title character varying',
      'create_by character varying',
      'create_time timestamp with time zone',
      'update_by character varying',
      'update_time timestamp with time zone',
      'sys_org_code character varying',
      'row_version integer',
      'del_flag integer',
      'body text',
      'pinned character varying',
      'due_date date',
      'tenant_id integer',
    ]);
    const rows = await sql<{ title: string }>`select title from demo_note`.execute(database.db);
    expect(rows.rows).toEqual([{ title: 'kept' }]);
    const owner = await sql<{
      name: string;
      schemaVersion: number;
    }>`select name, schema_version from sys_declaration where table_name = 'demo_note'`.execute(database.db);
    expect(owner.rows).toEqual([{ name: 'note', schemaVersion: 3 }]);
  });

  it('refuses a table it does not own (a platform table, a hand-made one, another declaration)', async () => {
    const foreign = loadDeclarationFiles([
      dirWith('foreign', {
        'a.json': {
          ...note([{ name: 'nickname', title: '昵称', type: 'string' }]),
          name: 'intruder',
          table: 'sys_user',
        },
      }),
    ]);
    await expect(ensureEntityTables(database.db, foreign)).rejects.toThrow(StartRefused);
    await expect(ensureEntityTables(database.db, foreign)).rejects.toThrow(
      `${foreign[0].file}: /table: table "sys_user" is one of the platform's own tables (made by a migration); choose another table`,
    );
    expect(await columns('sys_user')).not.toContain('nickname character varying');
    await sql`create table demo_handmade (id varchar(32) primary key)`.execute(database.db);
    const handmade = loadDeclarationFiles([
      dirWith('handmade', {
        'a.json': {
          ...note([{ name: 'x', title: 'x', type: 'string' }]),
          name: 'handmade',
          table: 'demo_handmade',
        },
      }),
    ]);
    await expect(ensureEntityTables(database.db, handmade)).rejects.toThrow(DdlError);
    await expect(ensureEntityTables(database.db, handmade)).rejects.toThrow(
      ': /table: table "demo_handmade" exists and is not managed by declaration "handmade"',
    );
    const other = loadDeclarationFiles([
      dirWith('other', {
        'a.json': { ...note([{ name: 'x', title: 'x', type: 'string' }]), name: 'notes2' },
      }),
    ]);
    await expect(ensureEntityTables(database.db, other)).rejects.toThrow(
      'not managed by declaration "notes2"',
    );
  });

  it('adopts an unowned table when declared: adds only what is missing, then owns it', async () => {
    await sql`create table demo_legacy (id varchar(32) primary key, title varchar(10) not null, kept integer)`.execute(
      database.db,
    );
    await sql`insert into demo_legacy (id, title, kept) values ('a', 'old', 7)`.execute(database.db);
    const fields = [
      { name: 'title', title: '标题', type: 'string', maxLength: 10 },
      { name: 'extra', title: '附加', type: 'string' },
    ];
    const legacy = { table: 'demo_legacy', name: 'legacy', basePath: '/demo/legacy' };
    const plain = loadDeclarationFiles([dirWith('legacy0', { 'a.json': note(fields, legacy) })]);
    await expect(ensureEntityTables(database.db, plain)).rejects.toThrow(
      'not managed by declaration "legacy"',
    );
    const adopt = loadDeclarationFiles([
      dirWith('legacy1', { 'a.json': note(fields, { ...legacy, adoptTable: true }) }),
    ]);
    // Only a table the operator lists in ADOPTABLE_TABLES.
    await expect(ensureEntityTables(database.db, adopt)).rejects.toThrow(
      '/adoptTable: table "demo_legacy" exists and is not managed by declaration "legacy"; it may be adopted only when ADOPTABLE_TABLES lists it',
    );
    const listed = new Set(['demo_legacy']);
    await ensureEntityTables(database.db, adopt, listed);
    await ensureEntityTables(database.db, adopt); // idempotent once owned, listed or not
    expect(await columns('demo_legacy')).toEqual([
      'id character varying',
      'title character varying',
      'kept integer',
      'extra character varying',
      'create_by character varying',
      'create_time timestamp with time zone',
      'update_by character varying',
      'update_time timestamp with time zone',
      'sys_org_code character varying',
      'row_version integer',
    ]);
    const rows = await sql`select id, title, kept from demo_legacy`.execute(database.db);
    expect(rows.rows).toEqual([{ id: 'a', title: 'old', kept: 7 }]);
    // Once owned, another declaration cannot adopt it.
    const thief = loadDeclarationFiles([
      dirWith('legacy2', {
        'a.json': note(fields, { ...legacy, name: 'thief', basePath: '/demo/thief', adoptTable: true }),
      }),
    ]);
    await expect(ensureEntityTables(database.db, thief, listed)).rejects.toThrow(
      'not managed by declaration "thief" (it belongs to "legacy")',
    );
  });

  it('a statement the database refuses names the file, the path, the table and the reason', async () => {
    await sql`create table demo_numbered (code integer primary key, title varchar(10))`.execute(database.db);
    await sql`insert into demo_numbered (code, title) values (1, 'a')`.execute(database.db);
    const numbered = {
      table: 'demo_numbered',
      name: 'numbered',
      basePath: '/demo/numbered',
      adoptTable: true,
    };
    const loaded = loadDeclarationFiles([
      dirWith('numbered', {
        'a.json': note([{ name: 'title', title: '标题', type: 'string', maxLength: 10 }], numbered),
      }),
    ]);
    const before = await columns('demo_numbered');
    await expect(ensureEntityTables(database.db, loaded, new Set(['demo_numbered']))).rejects.toThrow(
      new RegExp(
        `^${loaded[0].file}: /table: the database refused to add column "id" to table "demo_numbered": .*primary key`,
      ),
    );
    expect(await columns('demo_numbered')).toEqual(before);
  });
});
