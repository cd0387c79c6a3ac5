/**
 * Document files, versions, links, templates and migration 0021 (docs/modules/documents.md): bad
 * uploads, the private store, a record per version, each version served, a template becoming a
 * document, deletes with their records (document-helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedId } from '../../server/db/seed/ids.js';
import { documents } from '../../server/db/migrations/0021_documents.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';

let f: DocumentFixture;
let ids: DocumentFixture['ids'];
let token: DocumentFixture['token'];
let ctx: DocumentFixture['ctx'];
const as: DocumentFixture['as'] = (...a) => f.as(...a);
const get: DocumentFixture['get'] = (...a) => f.get(...a);
const post: DocumentFixture['post'] = (...a) => f.post(...a);
const upload: DocumentFixture['upload'] = (...a) => f.upload(...a);
const documentId: DocumentFixture['documentId'] = (...a) => f.documentId(...a);

beforeAll(async () => {
  f = await documentFixture();
  ({ ids, token, ctx } = f);
});
afterAll(async () => {
  await f?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('files and versions', () => {
  it('refuses a bad type and an unknown file; the static route never serves a claimed file', async () => {
    expect((await upload('admin', 'x.html', Buffer.from('<p>x</p>'))).body.message).toBe('不支持的文件类型');
    expect((await upload('admin', 'x.pdf', Buffer.from('not a pdf'))).body.message).toBe(
      '文件内容与类型不符',
    );
    const gone = await post('admin', '/sys/document/add', {
      name: '无文件',
      classifyId: ids.A,
      filePath: 'document/1700000000000_0123456789abcdef.txt',
    });
    // Nobody's upload reads as another's would (issue 31): 文件不存在或不是您上传的.
    expect(gone.body.message).toBe('文件不存在或不是您上传的');
    const file = await upload('admin', 'c.pdf', PDF);
    const path = file.body.message as string;
    expect(
      (await post('admin', '/sys/document/add', { name: '方案', classifyId: ids.A, filePath: path })).body
        .success,
    ).toBe(true);
    const stat = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${path}` });
    expect(stat.statusCode).toBe(404);
  });

  it('adds a record per new version and serves each version', async () => {
    const file = await upload('admin', 'v2.txt', Buffer.from('第二版'));
    const res = await post('admin', '/sys/document/uploadVersion', {
      id: ids.doc,
      filePath: file.body.message,
      remark: '修订',
    });
    expect(res.body).toMatchObject({ success: true, result: { version: 'V2' } });
    const records = (await get('admin', `/sys/documentRecord/queryByDocumentId?documentId=${ids.doc}`)).body
      .result;
    expect(records.map((r: Loose) => [r.version, r.remark, r.createBy_dictText])).toEqual([
      ['V2', '修订', '管理员'],
      ['V1', '首次上传', '管理员'],
    ]);
    const v1 = records[1].id;
    const url = `/api/sys/download/queryFileByDocumentId?documentId=${ids.doc}`;
    const old = await ctx.app.inject({
      method: 'GET',
      url: `${url}&recordId=${v1}`,
      headers: { 'x-access-token': token.chenjing },
    });
    expect(old.body).toBe('第一版内容');
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': token.chenjing } })).body,
    ).toBe('第二版');
    expect((await get('admin', `/sys/document/queryById?id=${ids.doc}`)).body.result.version).toBe('V2');
  });

  it('has no editor when no document server is configured: no 编辑, no editor routes', async () => {
    expect((await get('zhangwei', '/sys/document/editorConfig')).body.result).toEqual({
      enabled: false,
      types: [],
    });
    expect((await get('admin', `/sys/document/editorConfig?documentId=${ids.doc}`)).body).toMatchObject({
      success: false,
      message: '未配置文档服务器，无法在线编辑',
    });
    const callback = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/document/editorCallback',
      payload: {},
    });
    expect(callback.statusCode).toBe(404);
  });

  it('answers the project links', async () => {
    expect((await get('admin', '/sys/document/getLinkSelectList')).body.result).toEqual([
      { value: '设计', text: '设计' },
    ]);
    expect((await get('admin', '/sys/document/getLinkList')).body.result).toEqual([
      { link: '设计', total: 1 },
    ]);
    const names = (await get('zhangwei', '/sys/document/getDocumentNameList?link=设计')).body.result;
    expect(names.map((d: Loose) => d.name)).toEqual(['接待制度']);
    expect((await get('hugang', '/sys/document/getDocumentNameList')).body.result).toEqual([]);
  });
});

describe('templates', () => {
  it('keeps template records and makes a document from a template', async () => {
    const file = await upload('admin', 't.txt', Buffer.from('模板正文'));
    const add = await post('admin', '/sys/template/add', {
      name: '合同模板',
      classifyId: ids.B,
      filePath: file.body.message,
    });
    expect(add.body.success, add.body.message).toBe(true);
    const granted = await post('admin', '/sys/position/autTemplate', {
      postId: seedId('position:dept_manager'),
      powers: [{ classifyId: ids.B, download: true }],
    });
    expect(granted.body.success).toBe(true);
    const list = await get('zhangwei', '/sys/template/list');
    const tpl = list.body.result.records[0];
    expect([tpl.name, tpl.power]).toEqual(['合同模板', 'view,download']);
    // 模板 is the managers' screen: staff are not given its read code.
    expect((await get('hugang', '/sys/template/list')).body).toMatchObject({ success: false, code: 510 });
    const records = await get('zhangwei', `/sys/templateRecord/queryByTemplateId?templateId=${tpl.id}`);
    expect(records.body.result).toMatchObject([{ version: 'V1', fileName: '合同模板.txt' }]);
    const refused = await post('zhangwei', '/sys/template/toDocument', {
      id: tpl.id,
      name: '新合同',
      classifyId: ids.A,
    });
    expect(refused.body.message).toBe('您没有编辑该文档分类的权限');
    const made = await post('zhangwei', '/sys/template/toDocument', {
      id: tpl.id,
      name: '新合同',
      classifyId: ids.B,
    });
    expect(made.body.success, made.body.message).toBe(true);
    const doc = (await get('zhangwei', `/sys/document/queryById?id=${made.body.result.id}`)).body.result;
    expect([doc.name, doc.version, doc.fileName]).toEqual(['新合同', 'V1', '新合同.txt']);
    expect(doc.filePath).not.toBe(tpl.filePath);
    const del = await as('admin', { method: 'DELETE', url: `/api/sys/documentClassify/delete?id=${ids.B}` });
    expect(del.body).toMatchObject({ success: false, message: '该分类下还有文档，不能删除' });
  });

  it('deletes a document with its records', async () => {
    const id = await documentId('方案');
    expect(
      (await as('admin', { method: 'DELETE', url: `/api/sys/document/delete?id=${id}` })).body.success,
    ).toBe(true);
    const left = await ctx.database.db
      .selectFrom('bizDocumentRecord' as never)
      .selectAll()
      .execute();
    expect((left as { documentId: string }[]).some((r) => r.documentId === id)).toBe(false);
  });
});

describe('migration 0021', () => {
  it('points a database seeded before at the screens and adds what is missing, once', async () => {
    const db = ctx.database.db;
    await sql`update sys_permission set component = 'modules/document/FileList' where url = '/document/files'`.execute(
      db,
    );
    await sql`delete from sys_permission where url = '/document/power'`.execute(db);
    await sql`delete from sys_dict_item where dict_id = ${seedId('dict:document_power_type')}`.execute(db);
    await sql`delete from sys_dict where dict_code = 'document_power_type'`.execute(db);
    await documents.up(db as never);
    await documents.up(db as never);
    const menus = await sql<{ url: string; component: string }>`select url, component from sys_permission
      where url in ('/document/files', '/document/power') order by url`.execute(db);
    expect(menus.rows).toEqual([
      { url: '/document/files', component: 'declared/documentRecord' },
      { url: '/document/power', component: 'declared/documentPower' },
    ]);
    const items =
      await sql`select item_value from sys_dict_item where dict_id = ${seedId('dict:document_power_type')}`.execute(
        db,
      );
    expect(items.rows.length).toBe(2);
  });
});
