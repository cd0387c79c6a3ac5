/**
 * The shared set-up of the document server tests (docs/modules/documents.md): a server on its own
 * database copy and data directory, tokens, three classifications (测试制度 with 测试子类, 测试合同),
 * rights (部门经理: view 测试制度, edit 测试合同; 项目经理: download 测试制度) and one document
 * 接待制度 in 测试制度. zhangwei is a 部门经理 (role manager: document:add/edit), chenjing a 项目经理,
 * hugang a 接待员 with no rights at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { ServerConfig } from '../../server/config.js';
import { seedId } from '../../server/db/seed/ids.js';
import { createTestContext, type TestContext } from './helpers.js';
import { tokenFor } from './sys-session.js';

// Answers are read loosely here; the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

function multipart(fileName: string, data: Buffer) {
  const boundary = '----zjdoc' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ndocument\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function documentFixture(overrides: Partial<ServerConfig> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-doc-'));
  const ctx: TestContext = await createTestContext({ dataDir, ...overrides });
  const token: Record<string, string> = {};
  for (const user of ['admin', 'zhangwei', 'chenjing', 'hugang']) token[user] = await tokenFor(ctx, user);
  const as = (user: string, options: InjectOptions) =>
    ctx.call<Loose>({ ...options, headers: { ...options.headers, 'x-access-token': token[user] } });
  const get = (user: string, url: string) => as(user, { method: 'GET', url: `/api${url}` });
  const post = (user: string, url: string, payload: object) =>
    as(user, { method: 'POST', url: `/api${url}`, payload });
  const put = (user: string, url: string, payload: object) =>
    as(user, { method: 'PUT', url: `/api${url}`, payload });
  const upload = (user: string, fileName: string, data: Buffer) =>
    as(user, { method: 'POST', url: '/api/sys/common/upload', ...multipart(fileName, data) });
  /** A raw GET (a file answer) as the user. */
  const fetchAs = (user: string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'x-access-token': token[user] } });

  async function classify(name: string, code: string, parentId = '0') {
    const res = await post('admin', '/sys/documentClassify/add', { name, code, parentId, orderNum: 1 });
    expect(res.body.success, res.body.message).toBe(true);
    const list = await get('admin', `/sys/documentClassify/queryAll`);
    return (list.body.result as { id: string; code: string }[]).find((c) => c.code === code)!.id;
  }
  async function addDocument(user: string, name: string, classifyId: string, text: string) {
    const file = await upload(user, 'a.txt', Buffer.from(text));
    expect(file.body.success, file.body.message).toBe(true);
    return post(user, '/sys/document/add', { name, classifyId, filePath: file.body.message, link: '设计' });
  }
  async function documentId(name: string) {
    const list = await get('admin', `/sys/document/list?name=${encodeURIComponent(name)}`);
    return (list.body.result.records as { id: string }[])[0].id;
  }

  const ids: Record<string, string> = {};
  ids.A = await classify('测试制度', 'T-A');
  ids.A1 = await classify('测试子类', 'T-A1', ids.A);
  ids.B = await classify('测试合同', 'T-B');
  const granted = await post('admin', '/sys/position/authorization', {
    postId: seedId('position:dept_manager'),
    powers: [
      { classifyId: ids.A, view: true },
      { classifyId: ids.B, edit: true },
    ],
  });
  expect(granted.body.success, granted.body.message).toBe(true);
  await post('admin', '/sys/position/authorization', {
    postId: seedId('position:project_manager'),
    powers: [{ classifyId: ids.A, download: true }],
  });
  expect((await addDocument('admin', '接待制度', ids.A, '第一版内容')).body.success).toBe(true);
  ids.doc = await documentId('接待制度');

  return {
    ctx,
    /** The server's data directory (its uploads folder and private store). */
    dataDir,
    ids,
    token,
    as,
    get,
    post,
    put,
    upload,
    fetchAs,
    classify,
    addDocument,
    documentId,
    async close() {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type DocumentFixture = Awaited<ReturnType<typeof documentFixture>>;
