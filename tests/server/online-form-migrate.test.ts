/**
 * Confirmed migrations of a designed declaration's table (docs/modules/online-forms.md): a drop,
 * rename, retype or narrower string is refused with its reason and a named migration; once the
 * admin confirms it, the server performs it in the save's transaction: a rename adds and copies
 * (dropping the old column only when that is confirmed too), a retype and a narrowing first check
 * every existing value and refuse naming the first row that does not convert.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';
import { designer, type SaveAnswer } from './online-form-helpers.js';
import type { Result } from '../../server/result.js';
import { copyOfFile } from '../../screens/online/cgform/copy-file.js';
import position from '../../schemas/system/position.json';

let ctx: EntityTestContext;
let api: ReturnType<typeof designer>;
let id = '';

type Field = Record<string, unknown>;
const NAME: Field = { name: 'guestName', title: '姓名', type: 'string', length: 40 };
const CODE: Field = { name: 'code', title: '编号', type: 'string', length: 20 };
const AMOUNT: Field = { name: 'amount', title: '金额', type: 'string', length: 20 };
const NOTE: Field = { name: 'note', title: '备注', type: 'string', length: 100 };

const form = (fields: Field[]) => ({
  schemaVersion: 3,
  name: 'guestBook',
  title: '来宾簿',
  table: 'onl_guest_book',
  basePath: '/online/data/guestBook',
  kind: 'list',
  permissionPrefix: 'guestBook',
  fields,
});

interface Refused extends SaveAnswer {
  migrations?: { name: string; title: string; optional?: boolean }[];
}

async function save(fields: Field[], confirm: string[] = []): Promise<Result<Refused>> {
  const head = await api.head(id);
  return ctx.send<Refused>('PUT', '/online/cgform/head/edit', {
    id,
    rowVersion: head.rowVersion,
    declaration: JSON.stringify(form(fields)),
    confirm,
  });
}

async function columns(): Promise<Record<string, string>> {
  const rows = await sql<{ columnName: string; dataType: string; characterMaximumLength: number | null }>`
    select column_name, data_type, character_maximum_length from information_schema.columns
    where table_schema = current_schema() and table_name = 'onl_guest_book'`.execute(ctx.database.db);
  return Object.fromEntries(
    rows.rows.map((r) => [
      r.columnName,
      `${r.dataType}${r.characterMaximumLength ? `(${r.characterMaximumLength})` : ''}`,
    ]),
  );
}

async function values(column: string): Promise<unknown[]> {
  const rows = await sql<{
    v: unknown;
  }>`select ${sql.id(column)} as v from onl_guest_book order by id`.execute(ctx.database.db);
  return rows.rows.map((r) => r.v);
}

const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createEntityContext();
  api = designer(ctx);
  const saved = await api.add(form([NAME, CODE, AMOUNT, NOTE]));
  expect(saved.success).toBe(true);
  id = saved.result!.id;
  for (const [rowId, name, code, amount, note] of [
    ['g1', '张三', 'A-1', '12.50', '常客'],
    ['g2', '欧阳娜娜', 'A-2', 'abc', null],
    ['g3', '李四', 'A-3', '8', '新客'],
  ])
    await sql`insert into onl_guest_book (id, guest_name, code, amount, note)
      values (${rowId}, ${name}, ${code}, ${amount}, ${note})`.execute(db());
});
afterAll(() => ctx.close());

describe('confirmed migrations', () => {
  it('refuses a drop with its migration named, refuses a stray confirmation, then drops when confirmed', async () => {
    const refused = await save([NAME, CODE, AMOUNT]);
    expect(refused.success).toBe(false);
    expect(refused.result!.reasons).toEqual([
      '字段“备注”(note)不能删除：该列已有 2 条数据，删除会丢失数据（确认迁移 drop:note 后删除该列）',
    ]);
    expect(refused.result!.migrations).toEqual([{ name: 'drop:note', title: '删除列 “备注”(note)' }]);
    const stray = await save([NAME, CODE, AMOUNT], ['drop:code']);
    expect(stray.message).toBe('确认的迁移 drop:code 与本次修改不符，请重新保存后再确认');
    expect(await columns()).toHaveProperty('note');
    const done = await save([NAME, CODE, AMOUNT], ['drop:note']);
    expect(done).toMatchObject({ success: true, message: '保存成功，当前为版本 2' });
    expect(await columns()).not.toHaveProperty('note');
  });

  it('renames as add + copy, keeps the old column unless its drop is confirmed, and does not ask again', async () => {
    const serial = { ...CODE, name: 'serial', title: '序号' };
    const refused = await save([NAME, serial, AMOUNT]);
    expect(refused.result!.reasons![0]).toContain(
      '字段“编号”(code)改名为“序号”(serial)会丢失原列的数据：确认迁移 rename:code>serial',
    );
    expect(refused.result!.migrations).toEqual([
      { name: 'rename:code>serial', title: '改名（新增列并复制数据） “编号”(code) → “序号”(serial)' },
      { name: 'drop:code', title: '同时删除原列“编号”(code)', optional: true },
    ]);
    expect((await save([NAME, serial, AMOUNT], ['rename:code>serial'])).success).toBe(true);
    expect(await values('serial')).toEqual(['A-1', 'A-2', 'A-3']);
    expect(await values('code')).toEqual(['A-1', 'A-2', 'A-3']);
    const next = await save([
      NAME,
      serial,
      AMOUNT,
      { name: 'phone', title: '电话', type: 'string', length: 20 },
    ]);
    expect(next).toMatchObject({ success: true, message: '保存成功，当前为版本 4' });
    const serialNo = { ...serial, name: 'serialNo' };
    const both = await save(
      [NAME, serialNo, AMOUNT, { name: 'phone', title: '电话', type: 'string', length: 20 }],
      ['rename:serial>serial_no', 'drop:serial'],
    );
    expect(both.success).toBe(true);
    expect(await values('serial_no')).toEqual(['A-1', 'A-2', 'A-3']);
    expect(await columns()).not.toHaveProperty('serial');
  });

  it('retypes only after every value converts, naming the first row that does not', async () => {
    const rest = [
      NAME,
      { ...CODE, name: 'serialNo', title: '序号' },
      { name: 'phone', title: '电话', type: 'string', length: 20 },
    ];
    const money = { ...AMOUNT, type: 'money', length: undefined };
    const refused = await save([...rest, money]);
    expect(refused.result!.reasons).toEqual([
      '字段“金额”(amount)不能从 字符串(20) 改为 金额：改类型可能改写已有数据（确认迁移 retype:amount 会先检查每一行能否转换）',
    ]);
    const bad = await save([...rest, money], ['retype:amount']);
    expect(bad.result!.reasons).toEqual([
      '字段“金额”(amount)的已有数据不能转换为 金额：第一条不能转换的记录 id=g2，值“abc”；请先修改该数据，迁移未执行',
    ]);
    expect(await columns()).toMatchObject({ amount: 'character varying(20)' });
    await sql`update onl_guest_book set amount = '0' where id = 'g2'`.execute(db());
    expect((await save([...rest, money], ['retype:amount'])).success).toBe(true);
    expect(await columns()).toMatchObject({ amount: 'numeric' });
    expect((await values('amount')).map(Number)).toEqual([12.5, 0, 8]);
  });

  it('narrows a string only when every value fits, naming the first that does not', async () => {
    const rest = [
      { ...CODE, name: 'serialNo', title: '序号' },
      { name: 'phone', title: '电话', type: 'string', length: 20 },
      { ...AMOUNT, type: 'money', length: undefined },
    ];
    const short = { ...NAME, length: 3 };
    const refused = await save([short, ...rest], ['narrow:guest_name']);
    expect(refused.result!.reasons).toEqual([
      '字段“姓名”(guestName)的已有数据超过 3 个字符：第一条超长的记录 id=g2，值“欧阳娜娜”；请先修改该数据，迁移未执行',
    ]);
    await sql`update onl_guest_book set guest_name = '欧阳娜' where id = 'g2'`.execute(db());
    expect((await save([short, ...rest], ['narrow:guest_name'])).success).toBe(true);
    expect(await columns()).toMatchObject({ guest_name: 'character varying(3)' });
    expect(await values('guest_name')).toEqual(['张三', '欧阳娜', '李四']);
  });
});

describe('save as copy', () => {
  it('saves a copy of a file declaration under its own name and table; the file stays as it was', async () => {
    const copy = copyOfFile(position as never, 'positionCopy');
    const saved = await api.add(copy, '复制职务');
    expect(saved).toMatchObject({ success: true, message: '保存成功，当前为版本 1' });
    expect((await api.head(saved.result!.id)).declaration).toContain('"table": "onl_position_copy"');
    const served = await ctx.get<{ source: string; declaration: { table: string } }>(
      '/online/cgform/api/declaration/position',
    );
    expect(served.result).toMatchObject({ source: 'file', declaration: { table: 'sys_position' } });
  });
});
