/**
 * Classifications and position rights (docs/modules/documents.md): the name and code checks, the
 * tree a caller may view, deleting, saving a position's rights, and the rights on list, queryById,
 * records, files, add, edit, delete and new versions, on one database (document-helpers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../server/db/seed/ids.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';

let f: DocumentFixture;
let ids: DocumentFixture['ids'];
let token: DocumentFixture['token'];
let ctx: DocumentFixture['ctx'];
const as: DocumentFixture['as'] = (...a) => f.as(...a);
const get: DocumentFixture['get'] = (...a) => f.get(...a);
const post: DocumentFixture['post'] = (...a) => f.post(...a);
const put: DocumentFixture['put'] = (...a) => f.put(...a);
const upload: DocumentFixture['upload'] = (...a) => f.upload(...a);
const classify: DocumentFixture['classify'] = (...a) => f.classify(...a);
const addDocument: DocumentFixture['addDocument'] = (...a) => f.addDocument(...a);
const documentId: DocumentFixture['documentId'] = (...a) => f.documentId(...a);

beforeAll(async () => {
  f = await documentFixture();
  ({ ids, token, ctx } = f);
});
afterAll(async () => {
  await f?.close();
});

describe('classifications', () => {
  it('checks names and codes, and refuses a clash', async () => {
    expect((await get('admin', '/sys/documentClassify/classifyNameCheck?name=测试制度')).body).toMatchObject({
      success: false,
      message: '分类名称已存在',
    });
    expect(
      (await get('admin', `/sys/documentClassify/classifyNameCheck?name=测试制度&id=${ids.A}`)).body.success,
    ).toBe(true);
    expect((await get('admin', '/sys/documentClassify/classifyCodeCheck?code=T-B')).body.message).toBe(
      '分类编码已存在',
    );
    expect((await get('admin', '/sys/documentClassify/classifyCodeCheck?code=NEW')).body.success).toBe(true);
    const clash = await post('admin', '/sys/documentClassify/add', {
      name: '测试制度',
      code: 'T-X',
      parentId: '0',
    });
    expect(clash.body.success).toBe(false);
    expect(clash.body.message).toContain('已存在');
  });

  it('answers the tree a caller may view, the departments, and refuses deleting one with documents', async () => {
    const all = await get('admin', '/sys/documentClassify/getTreeClassify');
    expect(JSON.stringify(all.body.result)).toContain('测试子类');
    const mine = JSON.stringify((await get('zhangwei', '/sys/documentClassify/getTreeClassify')).body.result);
    expect(mine).toContain('测试制度');
    expect(mine).toContain('测试子类'); // inherited from 测试制度 (document-inheritance.test.ts)
    expect((await get('hugang', '/sys/documentClassify/getTreeClassify')).body.result).toEqual([]);
    expect(
      (await get('admin', '/sys/documentClassify/getDepartmentList')).body.result.length,
    ).toBeGreaterThan(5);
    const del = (id: string) =>
      as('admin', { method: 'DELETE', url: `/api/sys/documentClassify/delete?id=${id}` });
    expect((await del(ids.A)).body.success).toBe(false); // it has a sub-classification
    expect((await del(ids.B)).body).toMatchObject({
      success: false,
      message: '该分类已授权给职务，请先取消授权',
    });
    expect((await del(await classify('空分类', 'T-Z'))).body.success).toBe(true);
  });
});

describe('position rights', () => {
  it("saves and answers a position's rights; only grant holders may", async () => {
    const rights = await get(
      'admin',
      `/sys/position/getDocumentPowerByPostId?postId=${seedId('position:dept_manager')}`,
    );
    expect(rights.body.result).toEqual(
      expect.arrayContaining([
        { classifyId: ids.A, view: true, download: false, edit: false },
        { classifyId: ids.B, view: true, download: false, edit: true },
      ]),
    );
    expect((await get('admin', '/sys/position/getPostList')).body.result.length).toBe(6);
    expect(JSON.stringify((await get('admin', '/sys/position/getDocumentPowerTree')).body.result)).toContain(
      '测试子类',
    );
    expect((await get('admin', '/sys/position/getTemplatePowerTree')).body.success).toBe(true);
    expect((await get('zhangwei', '/sys/position/getPostList')).body.code).toBe(510);
    const bad = await post('admin', '/sys/position/autTemplate', { postId: 'nope', powers: [] });
    expect(bad.body.success).toBe(false);
    const tpl = await post('admin', '/sys/position/autTemplate', {
      postId: seedId('position:dept_manager'),
      powers: [{ classifyId: ids.B, download: true }],
    });
    expect(tpl.body.success).toBe(true);
    const back = await get(
      'admin',
      `/sys/position/getTemplatePowerByPostId?postId=${seedId('position:dept_manager')}`,
    );
    expect(back.body.result).toEqual([{ classifyId: ids.B, view: true, download: true, edit: false }]);
  });

  it('limits list, queryById, records and files to what the position may view', async () => {
    const seen = await get('zhangwei', '/sys/document/list');
    expect(seen.body.result.records.map((r: Loose) => [r.name, r.power])).toEqual([['接待制度', 'view']]);
    expect((await get('zhangwei', `/sys/document/queryById?id=${ids.doc}`)).body.result.power).toBe('view');
    expect((await get('admin', `/sys/document/queryById?id=${ids.doc}`)).body.result.power).toBe(
      'view,download,edit',
    );
    expect((await get('hugang', '/sys/document/list')).body.result.records).toEqual([]);
    expect((await get('hugang', `/sys/document/queryById?id=${ids.doc}`)).body.success).toBe(false);
    expect(
      (await get('hugang', `/sys/documentRecord/queryByDocumentId?documentId=${ids.doc}`)).body.success,
    ).toBe(false);
    expect((await get('hugang', '/sys/documentRecord/list')).body.result.records).toEqual([]);
    expect((await get('hugang', '/sys/common/queryFile')).body.result.total).toBe(0);
    expect((await get('zhangwei', '/sys/common/queryFile')).body.result.total).toBe(1);
    const files = (await get('zhangwei', '/sys/documentRecord/list')).body.result.records;
    expect(files.map((r: Loose) => [r.documentId, r.fileName])).toEqual([[ids.doc, '接待制度.txt']]);
    const records = await get('zhangwei', `/sys/documentRecord/queryByDocumentId?documentId=${ids.doc}`);
    expect(records.body.result).toMatchObject([{ version: 'V1', fileName: '接待制度.txt', fileSize: 15 }]);
  });

  it('downloads and previews only with the right, and leaks nothing otherwise', async () => {
    const url = `/api/sys/download/queryFileByDocumentId?documentId=${ids.doc}`;
    const refused = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'x-access-token': token.zhangwei },
    });
    expect(refused.json()).toMatchObject({ success: false, message: '您没有下载该文档的权限' });
    const hidden = await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': token.hugang } });
    expect(hidden.json()).toMatchObject({ success: false, message: '未找到对应数据' });
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `${url}&preview=1`,
      headers: { 'x-access-token': token.zhangwei },
    });
    expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect(preview.body).toBe('第一版内容');
    const file = await ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': token.chenjing } });
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body).toBe('第一版内容');
  });

  it('needs the edit right to add, edit, delete or upload a version', async () => {
    expect((await addDocument('zhangwei', '越权文档', ids.A, 'x')).body.message).toBe(
      '您没有编辑该文档分类的权限',
    );
    const edit = await put('zhangwei', '/sys/document/edit', {
      id: ids.doc,
      name: '改名',
      classifyId: ids.A,
    });
    expect(edit.body.success).toBe(false);
    expect(edit.body.message).toBe('您没有编辑该文档分类的权限');
    const rename = await put('zhangwei', '/sys/document/edit', { id: ids.doc, name: '改名' });
    expect(rename.body.message).toBe('未找到对应数据'); // the row is outside what they may edit
    const del = await as('zhangwei', { method: 'DELETE', url: `/api/sys/document/delete?id=${ids.doc}` });
    expect(del.body.code).toBe(510); // deleting is the admin's (document:delete)
    const file = await upload('zhangwei', 'b.txt', Buffer.from('x'));
    const version = await post('zhangwei', '/sys/document/uploadVersion', {
      id: ids.doc,
      filePath: file.body.message,
    });
    expect(version.body.message).toBe('您没有编辑该文档分类的权限');
    expect((await addDocument('zhangwei', '采购合同', ids.B, '合同正文')).body.success).toBe(true);
    const moved = await put('zhangwei', '/sys/document/edit', {
      id: await documentId('采购合同'),
      name: '采购合同',
      classifyId: ids.A,
    });
    expect(moved.body.message).toBe('您没有编辑该文档分类的权限');
  });
});
