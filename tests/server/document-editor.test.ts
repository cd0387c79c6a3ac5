/**
 * The document editor hook (docs/modules/documents.md "Editor") against a local stand-in for an
 * ONLYOFFICE document server (a tiny HTTP server on 127.0.0.1 that serves edited bytes): the signed
 * config, the signed file link, and the save callback over real HTTP — a new record on a signed
 * status 2 or 6, and refusals for a bad signature, a URL off the document server (SSRF), a redirect
 * away from it, a file of another type, and a caller without the edit right.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/document/jwt.js';
import { routeTable } from '../../server/http/access.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';

const SECRET = 'test-document-server-secret';
const ORIGINAL = Buffer.from('PK\x03\x04 original docx bytes');
const EDITED: Record<string, Buffer> = {
  '/edited-2.docx': Buffer.from('PK\x03\x04 edited version two'),
  '/edited-3.docx': Buffer.from('PK\x03\x04 edited version three'),
  '/text.docx': Buffer.from('plain text, not a docx'),
};

/** A tiny HTTP server; `hits` counts the requests it answered. */
async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin };
}

let f: DocumentFixture;
let docServer: Awaited<ReturnType<typeof serve>>;
let elsewhere: Awaited<ReturnType<typeof serve>>;
let elsewhereHits = 0;
let appOrigin: string;
let docId: string;

const records = async () =>
  (await f.get('admin', `/sys/documentRecord/queryByDocumentId?documentId=${docId}`)).body.result as Loose[];
/** The editor config as the browser asks for it, over HTTP: its addresses name the app's origin. */
async function openEditor(user = 'zhangwei'): Promise<Loose> {
  const res = await fetch(`${appOrigin}/api/sys/document/editorConfig?documentId=${docId}`, {
    headers: { 'x-access-token': f.token[user] },
  });
  return res.json();
}

/** What the document server does on save: POST the callback with a body signed by the shared secret. */
async function callBack(
  callbackUrl: string,
  body: Record<string, unknown>,
  secret = SECRET,
  inHeader = false,
) {
  const signed = inHeader ? body : { ...body, token: signJwt(body, secret) };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (inHeader) headers.authorization = `Bearer ${signJwt({ payload: body }, secret)}`;
  const res = await fetch(callbackUrl, { method: 'POST', headers, body: JSON.stringify(signed) });
  return { status: res.status, body: (await res.json()) as { error: number; message?: string } };
}

beforeAll(async () => {
  elsewhere = await serve((_req, res) => {
    elsewhereHits += 1;
    res.end('PK\x03\x04 not from the document server');
  });
  docServer = await serve((req, res) => {
    if (req.url === '/redirect.docx') {
      res.writeHead(302, { location: `${elsewhere.origin}/x.docx` });
      return res.end();
    }
    const data = EDITED[req.url ?? ''];
    if (!data) return res.writeHead(404).end();
    res.end(data);
  });
  f = await documentFixture({
    documentServer: { url: docServer.origin, secret: SECRET, appUrl: '', fileOrigins: [docServer.origin] },
  });
  await f.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  appOrigin = `http://127.0.0.1:${(f.ctx.app.server.address() as AddressInfo).port}`;
  // 部门经理 (zhangwei) may edit 测试合同 (ids.B); the document is a .docx there.
  const file = await f.upload('zhangwei', 'a.docx', ORIGINAL);
  expect(file.body.success, file.body.message).toBe(true);
  const added = await f.post('zhangwei', '/sys/document/add', {
    name: '合同草稿',
    classifyId: f.ids.B,
    filePath: file.body.message,
  });
  expect(added.body.success, added.body.message).toBe(true);
  docId = await f.documentId('合同草稿');
});
afterAll(async () => {
  await f?.close();
  docServer?.server.close();
  elsewhere?.server.close();
});

describe('document editor config', () => {
  it('adds exactly two public routes, the signed file link and the save callback', () => {
    const open = routeTable(f.ctx.app)
      .filter((r) => r.access === 'public' && r.url.startsWith('/api/sys/document/'))
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([
      'GET /api/sys/document/editorFile',
      'HEAD /api/sys/document/editorFile',
      'POST /api/sys/document/editorCallback',
    ]);
  });

  it('says the editor is on, and refuses rows the caller may not edit or types it cannot edit', async () => {
    expect((await f.get('hugang', '/sys/document/editorConfig')).body.result).toEqual({
      enabled: true,
      types: ['docx', 'xlsx', 'pptx'],
    });
    expect((await f.get('admin', `/sys/document/editorConfig?documentId=${f.ids.doc}`)).body.message).toBe(
      '该类型文件暂不支持在线编辑',
    );
    expect((await f.get('chenjing', `/sys/document/editorConfig?documentId=${docId}`)).body.message).toBe(
      '未找到对应数据',
    );
  });

  it('answers a config signed with the secret, whose file link serves the file to the document server', async () => {
    const anonymous = await f.ctx.call({ method: 'GET', url: '/api/sys/document/editorConfig' });
    expect(anonymous.status).toBe(401);
    const { result } = await openEditor();
    expect(result).toMatchObject({
      enabled: true,
      type: 'w',
      apiUrl: `${docServer.origin}/web-apps/apps/api/documents/api.js`,
    });
    const { token, ...config } = result.config;
    expect(verifyJwt(token, SECRET)).toEqual(config);
    expect(verifyJwt(token, 'another-secret-entirely')).toBeNull();
    expect(config).toMatchObject({
      documentType: 'word',
      document: { fileType: 'docx', title: '合同草稿.docx', permissions: { edit: true, download: false } },
      editorConfig: { mode: 'edit', lang: 'zh-CN', user: { name: '张伟' } },
    });
    expect(config.editorConfig.callbackUrl).toMatch(`${appOrigin}/api/sys/document/editorCallback?token=`);
    const file = await fetch(config.document.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(ORIGINAL);
    const forged = await fetch(
      config.document.url.replace(
        /token=[^&]+/,
        `token=${signJwt({ t: 'file', p: 'doc/x', n: 'x' }, SECRET)}`,
      ),
    );
    expect(forged.status).toBe(404);
  });
});

describe('save callback', () => {
  it('stores a signed status 2 or 6 as a new version by the editing user', async () => {
    const { callbackUrl } = (await openEditor()).result.config.editorConfig;
    expect((await callBack(callbackUrl, { key: 'k', status: 1 })).body).toEqual({ error: 0 });
    expect(await records()).toHaveLength(1);
    const saved = await callBack(callbackUrl, {
      key: 'k',
      status: 2,
      url: `${docServer.origin}/edited-2.docx`,
      filetype: 'docx',
    });
    expect(saved).toEqual({ status: 200, body: { error: 0 } });
    expect((await records())[0]).toMatchObject({
      version: 'V2',
      remark: '在线编辑保存',
      createBy: 'zhangwei',
    });
    const current = await f.fetchAs('admin', `/api/sys/download/queryFileByDocumentId?documentId=${docId}`);
    expect(current.rawPayload).toEqual(EDITED['/edited-2.docx']);
    // ONLYOFFICE's other place for the token: the Authorization header, the body under `payload`.
    const forced = await callBack(
      callbackUrl,
      { key: 'k', status: 6, url: `${docServer.origin}/edited-3.docx` },
      SECRET,
      true,
    );
    expect(forced.body).toEqual({ error: 0 });
    expect((await records()).map((r) => r.version)).toEqual(['V3', 'V2', 'V1']);
    // The next editor session opens the saved version under a new key.
    expect((await openEditor()).result.config.document.key).not.toBe('k');
  });

  it('refuses a bad signature, a foreign URL, a redirect away and a file of another type; nothing stored', async () => {
    const { callbackUrl } = (await openEditor()).result.config.editorConfig;
    const before = (await records()).length;
    const good = { key: 'k', status: 2, url: `${docServer.origin}/edited-2.docx` };
    expect(await callBack(callbackUrl, good, 'not-the-shared-secret')).toEqual({
      status: 403,
      body: { error: 1, message: '文档服务器签名无效' },
    });
    const unsigned = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(good),
    });
    expect(unsigned.status).toBe(403);
    const forgedLink = callbackUrl.replace(
      /token=[^&]+/,
      'token=' + signJwt({ t: 'save', k: 'document', d: docId, u: 'x', p: 'x' }, SECRET),
    );
    expect((await callBack(forgedLink, good)).status).toBe(403);
    expect(await callBack(callbackUrl, { ...good, url: `${elsewhere.origin}/x.docx` })).toEqual({
      status: 400,
      body: { error: 1, message: '文件地址不在已配置的文档服务器上' },
    });
    expect((await callBack(callbackUrl, { ...good, url: 'file:///etc/passwd' })).status).toBe(400);
    expect(
      (await callBack(callbackUrl, { ...good, url: `${docServer.origin}/redirect.docx` })).body.message,
    ).toBe('从文档服务器取回文件失败');
    expect(elsewhereHits).toBe(0);
    expect(
      (await callBack(callbackUrl, { ...good, url: `${docServer.origin}/text.docx` })).body.message,
    ).toBe('文档服务器返回的文件类型与原文件不符');
    expect((await callBack(callbackUrl, { ...good, filetype: 'xlsx' })).status).toBe(400);
    expect(await records()).toHaveLength(before);
  });

  it('refuses the save of a user who lost the edit right since opening', async () => {
    const { callbackUrl } = (await openEditor()).result.config.editorConfig;
    const before = (await records()).length;
    const revoked = await f.post('admin', '/sys/position/authorization', {
      postId: (await f.get('admin', '/sys/position/getPostList')).body.result.find(
        (p: Loose) => p.code === 'dept_manager',
      ).id,
      powers: [{ classifyId: f.ids.B, view: true }],
    });
    expect(revoked.body.success).toBe(true);
    const refused = await callBack(callbackUrl, {
      key: 'k',
      status: 2,
      url: `${docServer.origin}/edited-2.docx`,
    });
    expect(refused).toEqual({ status: 403, body: { error: 1, message: '文档不存在或您已没有编辑权限' } });
    expect(await records()).toHaveLength(before);
  });
});
