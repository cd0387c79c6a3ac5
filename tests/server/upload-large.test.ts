/**
 * POST /sys/common/uploadFile and GET /sys/common/download (docs/modules/documents.md, "Big files"):
 * a file past the usual 10 MB streams to disk and becomes a document; one past 200 MB, a lying type
 * or an image with markup far inside is refused and leaves nothing behind; download needs a session.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_UPLOAD_TOO_LARGE } from '../../server/sys/upload-policy.js';
import { documentFixture, type DocumentFixture } from './document-helpers.js';

let f: DocumentFixture;
const MB = 1024 * 1024;

beforeAll(async () => {
  f = await documentFixture();
});
afterAll(async () => {
  await f?.close();
});

/** A multipart body of `biz` and one file whose bytes come from `body` as the request is read. */
function streamed(fileName: string, biz: string, body: () => AsyncGenerator<Buffer>) {
  const boundary = `----zj${Math.random().toString(36).slice(2)}`;
  async function* all() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n`);
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    yield* body();
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(all()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `head`, then zeros up to `size` bytes, in 1 MB chunks (never all in memory). */
function bytes(head: Buffer, size: number, tail = Buffer.alloc(0)) {
  return async function* () {
    yield head;
    let left = size - head.length - tail.length;
    const zeros = Buffer.alloc(MB);
    while (left > 0) {
      const n = Math.min(left, MB);
      yield n === MB ? zeros : zeros.subarray(0, n);
      left -= n;
    }
    yield tail;
  };
}

const PDF_HEAD = Buffer.from('%PDF-1.4\n');
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const upload = (user: string, fileName: string, biz: string, body: () => AsyncGenerator<Buffer>) =>
  f.as(user, { method: 'POST', url: '/api/sys/common/uploadFile', ...streamed(fileName, biz, body) });

const uploadsIn = (biz: string) => {
  const dir = path.join(f.dataDir, 'uploads', biz);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('big files', () => {
  it('streams a 25 MB drawing to disk; it becomes a document that downloads whole', async () => {
    const before = uploadsIn('document').length;
    const res = await upload('admin', '展厅施工图.pdf', 'document', bytes(PDF_HEAD, 25 * MB));
    expect(res.body, res.body.message).toMatchObject({ success: true });
    const stored = res.body.message;
    expect(stored).toMatch(/^document\/\d+_[0-9a-f]{16}\.pdf$/);
    expect(uploadsIn('document')).toHaveLength(before + 1);
    expect(fs.statSync(path.join(f.dataDir, 'uploads', stored)).size).toBe(25 * MB);
    // The usual upload refuses the same size.
    const usual = await f.upload('admin', 'big.pdf', Buffer.concat([PDF_HEAD, Buffer.alloc(11 * MB)]));
    expect(usual.body.message).toBe('文件大小超出10MB限制');

    const added = await f.post('admin', '/sys/document/add', {
      name: '展厅施工图',
      classifyId: f.ids.A,
      filePath: stored,
    });
    expect(added.body, added.body.message).toMatchObject({ success: true });
    const id = await f.documentId('展厅施工图');
    const file = await f.fetchAs('admin', `/api/sys/download/queryFileByDocumentId?documentId=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(25 * MB);
    expect(file.rawPayload.subarray(0, PDF_HEAD.length).equals(PDF_HEAD)).toBe(true);
  });

  it('refuses a file past 200 MB, a lying type and markup deep inside an image, keeping nothing', async () => {
    const before = uploadsIn('temp').length;
    const huge = await upload('admin', '录像.pdf', 'temp', bytes(PDF_HEAD, 200 * MB + 1));
    expect(huge.body).toMatchObject({ success: false, message: LARGE_UPLOAD_TOO_LARGE });
    const lying = await upload('admin', '合同.pdf', 'temp', bytes(Buffer.from('MZ not a pdf'), 2 * MB));
    expect(lying.body).toMatchObject({ success: false, message: '文件内容与类型不符' });
    // The markup sits 3 MB in: the first bytes alone look like a clean picture.
    const sneaky = await upload(
      'admin',
      '照片.png',
      'temp',
      bytes(PNG_HEAD, 4 * MB, Buffer.from('<script>alert(1)</script>')),
    );
    expect(sneaky.body).toMatchObject({ success: false, message: '文件内容与类型不符' });
    expect((await upload('admin', 'x.html', 'temp', bytes(Buffer.from('<p>'), 10))).body.message).toBe(
      '不支持的文件类型',
    );
    expect((await upload('admin', 'a.pdf', '../etc', bytes(PDF_HEAD, 10))).body.message).toBe(
      '上传目录bizPath，格式非法！',
    );
    expect(uploadsIn('temp')).toHaveLength(before);
  });

  it('downloads a stored upload for a signed-in user only, by its exact stored path', async () => {
    const res = await upload('chenjing', '议程.pdf', 'temp', bytes(PDF_HEAD, 1000));
    const stored = res.body.message;
    const got = await f.fetchAs('chenjing', `/api/sys/common/download?path=${encodeURIComponent(stored)}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.rawPayload.length).toBe(1000);
    const anonymous = await f.ctx.app.inject({
      method: 'GET',
      url: `/api/sys/common/download?path=${stored}`,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const bad of ['../../secrets.pdf', 'temp/../../x.pdf', `${stored}x`])
      expect(
        (await f.fetchAs('chenjing', `/api/sys/common/download?path=${encodeURIComponent(bad)}`)).statusCode,
      ).toBe(404);
  });

  it("a product's own upload (/{product}/file/uploadFile) lands in its folder unless the form names one", async () => {
    const as = (url: string, biz: string, user = 'chenjing') =>
      f.as(user, { method: 'POST', url, ...streamed('方案.pdf', biz, bytes(PDF_HEAD, 2 * MB)) });
    const own = await as('/api/project/file/uploadFile', '');
    expect(own.body, own.body.message).toMatchObject({ success: true });
    expect(own.body.message).toMatch(/^project\/\d+_[0-9a-f]{16}\.pdf$/);
    expect(fs.statSync(path.join(f.dataDir, 'uploads', own.body.message)).size).toBe(2 * MB);
    const named = await as('/api/project/file/uploadFile', 'document');
    expect(named.body.message).toMatch(/^document\//);
    const lying = await f.as('chenjing', {
      method: 'POST',
      url: '/api/workOrder/file/uploadFile',
      ...streamed('报告.pdf', '', bytes(Buffer.from('MZ'), 100)),
    });
    expect(lying.body).toMatchObject({ success: false, message: '文件内容与类型不符' });
    expect(uploadsIn('workOrder')).toHaveLength(0);
    const anonymous = await f.ctx.app.inject({
      method: 'POST',
      url: '/api/project/file/uploadFile',
      ...streamed('方案.pdf', '', bytes(PDF_HEAD, 10)),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
