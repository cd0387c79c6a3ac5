/**
 * Online forms, slice 1 (docs/modules/online-forms.md): a designed declaration is validated like a
 * file next to the files (which win), saved as versions, synced to its table at once (additive
 * changes only, the rest refused naming the field), served with an ETag, and its generated routes
 * answer at once, denied until a role is granted its codes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleId } from '../../server/db/seed/organisation.js';
import { buildApp } from '../../server/app.js';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import { createEntityContext, type EntityTestContext, type Page } from './entity-helpers.js';
import { designer, visitLog, VISITOR, VISITS, type HeadAnswer } from './online-form-helpers.js';

let ctx: EntityTestContext;
let api: ReturnType<typeof designer>;
let id = '';
beforeAll(async () => {
  ctx = await createEntityContext();
  api = designer(ctx);
});
afterAll(() => ctx.close());

async function columns(table: string): Promise<Record<string, string>> {
  const rows = await sql<{ columnName: string; dataType: string; characterMaximumLength: number | null }>`
    select column_name, data_type, character_maximum_length from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(ctx.database.db);
  return Object.fromEntries(
    rows.rows.map((r) => [
      r.columnName,
      `${r.dataType}${r.characterMaximumLength ? `(${r.characterMaximumLength})` : ''}`,
    ]),
  );
}

const REMARK = { name: 'remark', title: '备注', type: 'string', length: 200, index: true };

describe('saving a designed declaration', () => {
  it("refuses a file declaration's name, and lists problems by JSON path; nothing is stored", async () => {
    const clash = await api.add(visitLog(undefined, { name: 'customer' }));
    expect(clash.success).toBe(false);
    expect(clash.result!.issues).toEqual([
      { path: '/name', message: expect.stringContaining('schemas/system/customer.json') },
    ]);
    const bad = await api.add(
      visitLog([VISITOR, { name: 'code', title: '编码', type: 'string', pattern: '(' }]),
    );
    expect(bad.message).toContain('处问题');
    expect(bad.result!.issues!.map((i) => i.path)).toEqual(['/fields/1/pattern']);
    const notJson = await api.add('{"name": ');
    expect(notJson.message).toContain('表单声明不是有效的 JSON');
    const list = await ctx.get<Page<HeadAnswer>>('/online/cgform/head/list');
    expect(list.result!.total).toBe(0);
  });

  it('refuses a field whose column would exceed 63 bytes (PostgreSQL would cut it); nothing is stored', async () => {
    // 43 characters, 64 bytes once snake_cased (a_bc_bc…): PostgreSQL would keep 63 and read back null.
    const long = { name: `a${'Bc'.repeat(21)}`, title: '长字段', type: 'string' };
    const refused = await api.add(visitLog([VISITOR, long]));
    expect(refused.success).toBe(false);
    expect(refused.result!.issues).toEqual([
      {
        path: '/fields/1/name',
        message: expect.stringMatching(
          /^column "a(_bc){21}" is 64 bytes; PostgreSQL keeps only the first 63/,
        ),
      },
    ]);
    const list = await ctx.get<Page<HeadAnswer>>('/online/cgform/head/list');
    expect(list.result!.total).toBe(0);
    expect(await columns('onl_visit_log')).toEqual({});
  });

  it('saves version 1: the table exists at once and the list shows it', async () => {
    const saved = await api.add(visitLog());
    expect(saved).toMatchObject({ success: true, message: '保存成功，当前为版本 1' });
    id = saved.result!.id;
    expect(await columns('onl_visit_log')).toMatchObject({
      visitor: 'character varying(20)',
      visits: 'integer',
      row_version: 'integer',
    });
    const list = await ctx.get<Page<HeadAnswer>>(
      `/online/cgform/head/list?title=${encodeURIComponent('*来访*')}`,
    );
    expect(list.result!.records).toEqual([
      expect.objectContaining({ name: 'visitLog', title: '来访登记', currentVersion: 1, updateBy: 'admin' }),
    ]);
    expect((await api.add(visitLog())).result!.issues).toEqual([
      { path: '/name', message: '名称“visitLog”已存在，请换一个名称' },
    ]);
  });

  it('serves the normalised declaration with an ETag, 304 on a match, a new tag after a save', async () => {
    const url = '/api/online/cgform/api/declaration/visitLog';
    const headers = { 'x-access-token': ctx.staffToken };
    const first = await ctx.app.inject({ method: 'GET', url, headers });
    expect(first.json()).toMatchObject({ success: true, result: { version: '1', source: 'database' } });
    const etag = first.headers.etag as string;
    expect(etag).toBe('"visitLog@1"');
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/online/cgform/api/declaration/customer',
      headers,
    });
    expect(file.json()).toMatchObject({ result: { source: 'file', declaration: { name: 'customer' } } });
    expect((await ctx.get('/online/cgform/api/declaration/noSuchForm')).message).toBe(
      '没有名为“noSuchForm”的表单',
    );
  });

  it('the generated routes deny without the permission and allow after a role grant, with no restart', async () => {
    const record = { visitor: '赵敏', visits: 2 };
    const denied = await ctx.send('POST', '/online/data/visitLog/add', record, ctx.staffToken);
    expect(denied).toMatchObject({ success: false, code: 510 });
    // Reads too are denied by default; the admin who designed it reads at once (its codes hang
    // under Online表单开发 until it has a menu entry of its own).
    expect(await ctx.get('/online/data/visitLog/list', ctx.staffToken)).toMatchObject({ code: 510 });
    expect((await ctx.get('/online/data/visitLog/list')).success).toBe(true);
    const online = await ctx.database.db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/online')
      .executeTakeFirstOrThrow();
    const menu = await ctx.send('POST', '/online/cgform/head/addMenu', {
      id,
      parentId: online.id,
      name: '来访登记',
    });
    expect(menu).toMatchObject({ success: true, message: '菜单已生成，请在角色管理中授权' });
    const rows = await ctx.database.db
      .selectFrom('sysPermission')
      .select(['id', 'perms', 'component', 'url'])
      .where((eb) => eb.or([eb('component', '=', 'declared/visitLog'), eb('perms', 'like', 'visitLog:%')]))
      .execute();
    expect(rows.find((r) => r.component)).toMatchObject({ url: '/online/cgformList/visitLog' });
    expect(rows.map((r) => r.perms).filter(Boolean)).toEqual(
      expect.arrayContaining(['visitLog:add', 'visitLog:edit', 'visitLog:delete']),
    );
    const staff = roleId('staff');
    const before = (await ctx.get<string[]>(`/sys/permission/queryRolePermission?roleId=${staff}`)).result!;
    const granted = await ctx.send('POST', '/sys/permission/saveRolePermission', {
      roleId: staff,
      permissionIds: [...before, ...rows.map((r) => r.id)].join(','),
      lastpermissionIds: before.join(','),
    });
    expect(granted.success).toBe(true);
    const added = await ctx.send('POST', '/online/data/visitLog/add', record, ctx.staffToken);
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const list = await ctx.get<Page<Record<string, unknown>>>('/online/data/visitLog/list', ctx.staffToken);
    expect(list.result!.records).toEqual([
      expect.objectContaining({ visitor: '赵敏', visits: 2, createBy: 'chenjing' }),
    ]);
    const unknown = await ctx.call({
      method: 'GET',
      url: '/api/online/data/visitLog/nothing',
      headers: { 'x-access-token': ctx.staffToken },
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { success: false, message: '路径不存在，请检查路径是否正确' },
    });
    const anonymous = await ctx.call({ method: 'GET', url: '/api/online/data/visitLog/list' });
    expect(anonymous.status).toBe(401);
    const invalid = await ctx.send('POST', '/online/data/visitLog/add', { visits: 1 }, ctx.staffToken);
    expect(invalid).toMatchObject({ success: false, message: expect.stringContaining('来访人') });
  });
});

describe('a designed form saved before reads had their code', () => {
  it('gets its read code at the next start, for the admin', async () => {
    await sql`delete from sys_role_permission where permission_id in
      (select id from sys_permission where perms = 'visitLog:list')`.execute(ctx.database.db);
    await sql`delete from sys_permission where perms = 'visitLog:list'`.execute(ctx.database.db);
    await permissionsChanged(ctx.database.db, null);
    expect(await ctx.get('/online/data/visitLog/list')).toMatchObject({ code: 510 });
    // A server starting on this database (the registry's first load) makes the missing code.
    const again = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await again.ready();
    await again.close();
    await permissionsChanged(ctx.database.db, null);
    expect((await ctx.get('/online/data/visitLog/list')).success).toBe(true);
  });
});

describe('database sync on save', () => {
  it('adds a column and an index and widens a string at once (version 2)', async () => {
    const saved = await api.edit(id, visitLog([{ ...VISITOR, length: 40 }, VISITS, REMARK]));
    expect(saved).toMatchObject({ success: true, message: '保存成功，当前为版本 2' });
    expect(await columns('onl_visit_log')).toMatchObject({
      visitor: 'character varying(40)',
      remark: 'character varying(200)',
    });
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'onl_visit_log'`.execute(ctx.database.db);
    expect(indexes.rows.map((r) => r.indexname)).toContain('onl_visit_log_remark_idx');
    const long = '欧阳'.repeat(15);
    const added = await ctx.send(
      'POST',
      '/online/data/visitLog/add',
      { visitor: long, remark: '送货' },
      ctx.staffToken,
    );
    expect(added.success).toBe(true);
    const served = await ctx.get<{ declaration: { fields: { name: string }[] } }>(
      '/online/cgform/api/declaration/visitLog',
      ctx.staffToken,
    );
    expect(served.result!.declaration.fields.map((f) => f.name)).toEqual(['visitor', 'visits', 'remark']);
  });

  it('refuses a drop, a rename, a narrower string, another type and another table, naming the field', async () => {
    const drop = await api.edit(id, visitLog([{ ...VISITOR, length: 40 }, REMARK]));
    expect(drop).toMatchObject({
      success: false,
      message: expect.stringContaining('字段“来访次数”(visits)不能删除：该列已有 1 条数据'),
    });
    const rename = await api.edit(
      id,
      visitLog([{ ...VISITOR, length: 40 }, { ...VISITS, name: 'visitCount' }, REMARK]),
    );
    expect(rename.message).toContain('字段“来访次数”(visits)改名为“来访次数”(visit_count)会丢失原列的数据');
    const narrow = await api.edit(id, visitLog([VISITOR, VISITS, REMARK]));
    expect(narrow.message).toContain('字段“来访人”(visitor)不能从 40 缩短到 20 个字符');
    const retype = await api.edit(
      id,
      visitLog([{ ...VISITOR, length: 40 }, { ...VISITS, type: 'string' }, REMARK]),
    );
    expect(retype.message).toContain('字段“来访次数”(visits)不能从 整数 改为 字符串(');
    const table = await api.edit(
      id,
      visitLog([{ ...VISITOR, length: 40 }, VISITS, REMARK], { table: 'onl_visit_two' }),
    );
    expect(table.message).toBe('表名不能从 onl_visit_log 改为 onl_visit_two：改表名需要确认迁移，暂不支持');
    expect((await api.head(id)).currentVersion).toBe(2);
    expect(await columns('onl_visit_log')).toHaveProperty('visits');
    expect(await columns('onl_visit_two')).toEqual({});
  });

  it('refuses a unique field over duplicate values and a table another module owns', async () => {
    await ctx.send('POST', '/online/data/visitLog/add', { visitor: '赵敏' }, ctx.staffToken);
    const unique = await api.edit(id, visitLog([{ ...VISITOR, length: 40, unique: true }, VISITS, REMARK]));
    expect(unique.message).toBe('字段“来访人”已有重复的数据，不能设为唯一');
    const taken = await api.add({
      ...visitLog(),
      name: 'visitCopy',
      basePath: '/online/data/visitCopy',
      table: 'onl_cgform_version',
    });
    expect(taken.message).toBe(
      '不能使用系统表：onl_cgform_version（该表由平台的数据库迁移创建），请换一个表名',
    );
    expect(taken.result!.issues).toEqual([{ path: '/table', message: taken.message }]);
  });
});

describe('versions', () => {
  it('lists versions, refuses a stale copy, and rolls back as a new version equal to the old one', async () => {
    const head = await api.head(id);
    const titled = await api.edit(id, { ...JSON.parse(head.declaration), title: '访客登记' }, '改标题');
    expect(titled.result!.version).toBe(3);
    const stale = await ctx.send('PUT', '/online/cgform/head/edit', {
      id,
      rowVersion: head.rowVersion,
      declaration: head.declaration,
    });
    expect(stale.message).toBe('该表单已被他人修改，请刷新后重试');
    const versions = await ctx.get<{ version: number; comment: string; createBy: string }[]>(
      `/online/cgform/head/versions?id=${id}`,
    );
    expect(versions.result!.map((v) => [v.version, v.comment, v.createBy])).toEqual([
      [3, '改标题', '管理员'],
      [2, '修改', '管理员'],
      [1, '首版', '管理员'],
    ]);
    const now = await api.head(id);
    const back = await ctx.send('POST', '/online/cgform/head/rollback', {
      id,
      rowVersion: now.rowVersion,
      version: 2,
    });
    expect(back).toMatchObject({ success: true, message: '已回滚到版本 2（新版本 4）' });
    const v2 = await ctx.get<{ declaration: string }>(`/online/cgform/head/version?id=${id}&version=2`);
    const v4 = await ctx.get<{ declaration: string }>(`/online/cgform/head/version?id=${id}&version=4`);
    expect(v4.result!.declaration).toBe(v2.result!.declaration);
    const after = await api.head(id);
    expect(after).toMatchObject({ title: '来访登记', currentVersion: 4 });
    const older = await ctx.send('POST', '/online/cgform/head/rollback', {
      id,
      rowVersion: after.rowVersion,
      version: 1,
    });
    expect(older.message).toContain('字段“备注”(remark)不能删除：该列已有 1 条数据');
  });

  it('keeps the designer to admins', async () => {
    expect(await ctx.get('/online/cgform/head/list', ctx.staffToken)).toMatchObject({ code: 510 });
    expect(
      await ctx.send('POST', '/online/cgform/head/add', { declaration: '{}' }, ctx.staffToken),
    ).toMatchObject({
      code: 510,
    });
  });
});
