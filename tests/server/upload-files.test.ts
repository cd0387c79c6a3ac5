import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { tokenFor } from './sys-session.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

let ctx: TestContext;
let token: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-upload-'));
  ctx = await createTestContext({ dataDir });
  token = await tokenFor(ctx, 'chenjing');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A hand-built multipart body, so a test can send any file name and Content-Type it likes. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----zjtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    const type = part.fileName ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(parts: Part[], as: string | null = token) {
  const body = multipart(parts);
  return ctx.call<null>({
    method: 'POST',
    url: '/api/sys/common/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(as ? { 'x-access-token': as } : {}) },
  });
}

const file = (fileName: string, value: string | Buffer, type?: string): Part => ({
  name: 'file',
  fileName,
  value,
  type,
});

describe('POST /sys/common/upload', () => {
  it('stores an image under the default folder temp with a generated name (code 0, path in message)', async () => {
    const res = await upload([file('头像 photo.png', PNG, 'image/png')]);
    expect(res.body).toMatchObject({ success: true, code: 0 });
    expect(res.body.message).toMatch(/^temp\/\d+_[0-9a-f]{16}\.png$/);
    const stored = path.join(dataDir, 'uploads', res.body.message);
    expect(fs.readFileSync(stored)).toEqual(PNG);
  });

  it('uses the biz folder, before or after the file part', async () => {
    const before = await upload([{ name: 'biz', value: 'customer' }, file('a.txt', 'hello')]);
    expect(before.body.message).toMatch(/^customer\/\d+_[0-9a-f]{16}\.txt$/);
    const after = await upload([file('a.pdf', '%PDF-1.4 x'), { name: 'biz', value: 'notice/files' }]);
    expect(after.body.message).toMatch(/^notice\/files\/\d+_[0-9a-f]{16}\.pdf$/);
  });

  it('refuses a biz folder that could leave the upload root', async () => {
    for (const biz of ['..', '../../x', 'a/../../x', '%2e%2e', '..\\x', '/tmp', 'a\u0000b', 'a/b/c', '.']) {
      const res = await upload([{ name: 'biz', value: biz }, file('a.png', PNG)]);
      expect(res.body, biz).toMatchObject({ success: false, message: '上传目录bizPath，格式非法！' });
    }
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).sort()).not.toContain('x');
    expect(fs.existsSync(path.join(dataDir, 'x'))).toBe(false);
  });

  it('never uses the client file name as a path', async () => {
    const res = await upload([file('../../evil.png', PNG)]);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/^temp\/\d+_[0-9a-f]{16}\.png$/);
    expect(fs.existsSync(path.join(dataDir, 'evil.png'))).toBe(false);
  });

  it('refuses types off the allow-list, whatever the Content-Type says', async () => {
    for (const name of ['a.html', 'a.HTML', 'a.svg', 'a.jpg.html', 'a.html.', 'a.sh', 'a.js', 'noext']) {
      const res = await upload([file(name, PNG, 'image/png')]);
      expect(res.body, name).toMatchObject({ success: false, message: '不支持的文件类型' });
    }
  });

  it('refuses bytes that do not fit the extension', async () => {
    const cases: [string, string | Buffer][] = [
      ['a.png', '<html><script>alert(1)</script></html>'],
      ['a.jpg', PNG],
      ['a.png', Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')])],
      ['a.txt', '<!DOCTYPE html><p>x</p>'],
      ['a.csv', 'a,b\n<svg onload=alert(1)>'],
      ['a.pdf', 'not a pdf'],
      ['a.docx', 'PK but not really'],
    ];
    for (const [name, value] of cases) {
      const res = await upload([file(name, value)]);
      expect(res.body, name).toMatchObject({ success: false, message: '文件内容与类型不符' });
    }
  });

  it('caps the size at 10 MB and needs a file and a signed-in user', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x41);
    const res = await upload([file('big.txt', big)]);
    expect(res.body).toMatchObject({ success: false, message: '文件大小超出10MB限制' });
    const none = await upload([{ name: 'biz', value: 'temp' }]);
    expect(none.body).toMatchObject({ success: false, message: '请选择要上传的文件' });
    const anonymous = await upload([file('a.png', PNG)], null);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /sys/common/static/**', () => {
  it('serves an image inline and other files as attachments, never sniffed', async () => {
    const image = await upload([file('a.png', PNG)]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${image.body.message}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Under the name it was uploaded with (the stored name stays random: the path above).
    expect(image.body.message).toMatch(/^temp\/\d+_[0-9a-f]{16}\.png$/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload).toEqual(PNG);

    const text = await upload([file('a.txt', 'hello')]);
    const doc = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${text.body.message},` });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/octet-stream');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; /);
    expect(doc.body).toBe('hello');
  });

  it('refuses traversal shapes and unknown files with 404', async () => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'secret');
    const shapes = [
      '../secret.txt',
      '..%2fsecret.txt',
      '..%252fsecret.txt',
      '%2e%2e/secret.txt',
      'temp/..%2f..%2fsecret.txt',
      '....//....//secret.txt',
      '..\\secret.txt',
      '/etc/passwd',
      'temp/x%00.png',
      'temp/1_0123456789abcdef.png',
      'temp',
      '',
    ];
    for (const shape of shapes) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${shape}` });
      expect(res.statusCode, shape).toBe(404);
      expect(res.body, shape).not.toContain('secret');
    }
  });

  it('does not follow a link out of the upload root', async () => {
    const folder = path.join(dataDir, 'uploads', 'temp');
    fs.mkdirSync(folder, { recursive: true });
    const link = path.join(folder, '1_0123456789abcdef.txt');
    fs.symlinkSync(path.join(dataDir, 'secret.txt'), link);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/sys/common/static/temp/1_0123456789abcdef.txt',
    });
    expect(res.statusCode).toBe(404);
  });
});

/** Issue 33, item 3: files keep the name they were uploaded with (migration 0051, upload-names.ts). */
describe('uploaded names', () => {
  const names = (paths: string[], as: string | null = token) =>
    ctx.call<Record<string, string>>({
      method: 'GET',
      url: `/api/sys/common/fileNames?paths=${encodeURIComponent(paths.join(','))}`,
      headers: as ? { 'x-access-token': as } : {},
    });

  it('downloads under the uploaded name, with an RFC 5987 filename* for Chinese', async () => {
    const up = await upload([file('维修记录.txt', '风机轴承磨损')]);
    const stored = up.body.message;
    expect(stored).toMatch(/^temp\/\d+_[0-9a-f]{16}\.txt$/);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${stored}` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''%E7%BB%B4%E4%BF%AE%E8%AE%B0%E5%BD%95.txt`,
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/sys/common/download?path=${encodeURIComponent(stored)}`,
      headers: { 'x-access-token': token },
    });
    expect(download.headers['content-disposition']).toBe(res.headers['content-disposition']);
    expect(download.body).toBe('风机轴承磨损');
  });

  it('tells signed-in users the names of stored paths, and nothing for others', async () => {
    const a = (await upload([file('合同 (终稿).pdf', '%PDF-1.4')])).body.message;
    const b = (await upload([file('C:\\fakepath\\照片.png', PNG)])).body.message;
    const answer = await names([a, b, 'temp/1_0123456789abcdef.txt', '../etc/passwd']);
    expect(answer.body).toMatchObject({ success: true });
    expect(answer.body.result).toEqual({ [a]: '合同 (终稿).pdf', [b]: '照片.png' });
    expect((await names([a], null)).status).toBe(401);
    // Quotes and parentheses are escaped in filename* (RFC 5987 attr-chars), the fallback stays ASCII.
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${a}` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ (__).pdf"; filename*=UTF-8''${encodeURIComponent('合同 ')}%28${encodeURIComponent('终稿')}%29.pdf`,
    );
  });

  it('keeps the stored name for an upload that has no recorded name', async () => {
    const stored = (await upload([file('旧文件.txt', 'old')])).body.message;
    await sql`update sys_upload set file_name = null where path = ${stored}`.execute(ctx.database.db);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/sys/common/static/${stored}` });
    const base = stored.slice(stored.lastIndexOf('/') + 1);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${base}"; filename*=UTF-8''${base}`,
    );
    expect((await names([stored])).body.result).toEqual({});
  });
});
