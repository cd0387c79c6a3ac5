/**
 * Rights inherited down the classification tree (docs/modules/documents.md "Rights"): a grant on a
 * classification reaches its descendants until one has its own grant (which may be "nothing"), on
 * list, queryById, records and download; several positions add up; migration 0041 keeps the rights
 * of a database granted before inheritance, once. Set-up: document-helpers.ts (测试制度 > 测试子类,
 * 部门经理 view 测试制度, 项目经理 download 测试制度), plus 测试孙类 under 测试子类 here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedId } from '../../server/db/seed/ids.js';
import { documentPowerInheritance } from '../../server/db/migrations/0041_document_power_inheritance.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';

let f: DocumentFixture;
let ids: DocumentFixture['ids'];
const names = (user: string) =>
  f.get(user, '/sys/document/list?pageSize=100').then((r) => r.body.result.records.map((d: Loose) => d.name));
const grant = (post: string, powers: object[]) =>
  f.post('admin', '/sys/position/authorization', { postId: seedId(`position:${post}`), powers });
const download = (user: string, id: string) =>
  f.fetchAs(user, `/api/sys/download/queryFileByDocumentId?documentId=${id}`);

beforeAll(async () => {
  f = await documentFixture();
  ids = f.ids;
  ids.A2 = await f.classify('测试孙类', 'T-A2', ids.A1);
  expect((await f.addDocument('admin', '子类文档', ids.A1, '子类内容')).body.success).toBe(true);
  expect((await f.addDocument('admin', '孙类文档', ids.A2, '孙类内容')).body.success).toBe(true);
  ids.child = await f.documentId('子类文档');
  ids.grandchild = await f.documentId('孙类文档');
});
afterAll(async () => {
  await f?.close();
});

describe('inherited rights', () => {
  it('a grant on a parent reaches its children and grandchildren', async () => {
    expect(await names('zhangwei')).toEqual(expect.arrayContaining(['接待制度', '子类文档', '孙类文档']));
    const row = await f.get('zhangwei', `/sys/document/queryById?id=${ids.grandchild}`);
    expect(row.body.result).toMatchObject({ name: '孙类文档', power: 'view' });
    const records = await f.get('zhangwei', `/sys/documentRecord/queryByDocumentId?documentId=${ids.child}`);
    expect(records.body.result).toMatchObject([{ version: 'V1' }]);
    // view only: the download is refused, while 项目经理 (download on 测试制度) gets the bytes.
    expect((await download('zhangwei', ids.grandchild)).json()).toMatchObject({
      success: false,
      message: '您没有下载该文档的权限',
    });
    expect((await download('chenjing', ids.grandchild)).body).toBe('孙类内容');
    const tree = JSON.stringify(
      (await f.get('chenjing', '/sys/documentClassify/getTreeClassify')).body.result,
    );
    expect(tree).toContain('测试孙类');
  });

  it("a child's own grant of nothing stops it for that child and below", async () => {
    const saved = await grant('project_manager', [
      { classifyId: ids.A, download: true },
      { classifyId: ids.A1, view: false, download: false, edit: false },
    ]);
    expect(saved.body).toMatchObject({ success: true, message: '授权成功！' });
    const back = await f.get(
      'admin',
      `/sys/position/getDocumentPowerByPostId?postId=${seedId('position:project_manager')}`,
    );
    expect(back.body.result).toEqual(
      expect.arrayContaining([{ classifyId: ids.A1, view: false, download: false, edit: false }]),
    );
    const seen = await names('chenjing');
    expect(seen).toContain('接待制度');
    expect(seen).not.toContain('子类文档');
    expect(seen).not.toContain('孙类文档');
    for (const id of [ids.child, ids.grandchild]) {
      expect((await f.get('chenjing', `/sys/document/queryById?id=${id}`)).body.success).toBe(false);
      expect((await download('chenjing', id)).json()).toMatchObject({
        success: false,
        message: '未找到对应数据',
      });
    }
    expect(
      JSON.stringify((await f.get('chenjing', '/sys/documentClassify/getTreeClassify')).body.result),
    ).not.toContain('测试子类');
  });

  it("a child's own wider grant applies to it and below, the parent's stays as it was", async () => {
    expect(
      (
        await grant('dept_manager', [
          { classifyId: ids.A, view: true },
          { classifyId: ids.B, edit: true },
          { classifyId: ids.A1, edit: true },
        ])
      ).body.success,
    ).toBe(true);
    const rows = (await f.get('zhangwei', '/sys/document/list?pageSize=100')).body.result.records as Loose[];
    const power = Object.fromEntries(rows.map((r) => [r.name, r.power]));
    expect(power).toMatchObject({ 接待制度: 'view', 子类文档: 'view,edit', 孙类文档: 'view,edit' });
    const edited = await f.put('zhangwei', '/sys/document/edit', {
      id: ids.grandchild,
      name: '孙类文档',
      classifyId: ids.A2,
      description: '已改',
    });
    expect(edited.body.success, edited.body.message).toBe(true);
    const refused = await f.put('zhangwei', '/sys/document/edit', {
      id: ids.doc,
      name: '接待制度',
      classifyId: ids.A,
      description: '不该改',
    });
    expect(refused.body.success).toBe(false);
  });

  it('several positions add up: a user with two positions gets the wider right', async () => {
    await sql`update sys_user set post = 'receptionist,project_manager' where username = 'hugang'`.execute(
      f.ctx.database.db,
    );
    try {
      const seen = await names('hugang');
      expect(seen).toContain('接待制度'); // from 项目经理
      expect(seen).not.toContain('子类文档'); // 项目经理's own nothing, and 接待员 has nothing here
    } finally {
      await sql`update sys_user set post = 'receptionist' where username = 'hugang'`.execute(
        f.ctx.database.db,
      );
    }
  });
});

describe('migration 0041', () => {
  it('keeps the rights granted before inheritance, once', async () => {
    const db = f.ctx.database.db;
    // As granted before: 接待员 view on 测试制度 only (its children were not granted, so not seen).
    expect((await grant('receptionist', [{ classifyId: ids.A, view: true }])).body.success).toBe(true);
    expect(await names('hugang')).toEqual(expect.arrayContaining(['接待制度', '子类文档', '孙类文档']));
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from biz_document_power`.execute(db)).rows[0]?.n ?? 0,
      );
    const before = await count();
    await documentPowerInheritance.up(db as never);
    const after = await count();
    expect(after).toBeGreaterThan(before);
    await documentPowerInheritance.up(db as never);
    expect(await count()).toBe(after);
    const seen = await names('hugang');
    expect(seen).toContain('接待制度');
    expect(seen).not.toContain('子类文档');
    expect(seen).not.toContain('孙类文档');
    // 部门经理's own grant on 测试子类 keeps, and 测试孙类 below it is closed again, as before.
    const manager = await names('zhangwei');
    expect(manager).toContain('子类文档');
    expect(manager).not.toContain('孙类文档');
  });
});
