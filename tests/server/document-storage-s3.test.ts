/**
 * Documents on S3-compatible storage (docs/modules/documents.md, "Storage"): the server configured
 * with S3 against a real S3 REST server (document-storage-s3-server.ts: s3rver on 127.0.0.1, or
 * S3_TEST_ENDPOINT), through the same routes a user's browser calls: the bucket made at start,
 * uploads claimed into it (nothing left in the data directory), a version of a few MB sent in parts
 * and downloaded byte for byte, previews, a template copied inside the store, deletes removing the
 * object, a lost object answering 文件不存在, and a wrong key stopping the start with a clear error.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageConfig } from '../../server/document/storage-config.js';
import { objectKey, PART_BYTES, S3DocumentStorage } from '../../server/document/storage-s3.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';
import { makeDocx } from './office-files.js';
import { startTestS3, type TestS3 } from './document-storage-s3-server.js';

let s3: TestS3;
let f: DocumentFixture;
let bucketAtStart: boolean;
let inspect: Client;

function clientOf(config: S3StorageConfig): Client {
  const url = new URL(config.endpoint);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    useSSL: url.protocol === 'https:',
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
    pathStyle: true,
  });
}

beforeAll(async () => {
  s3 = await startTestS3();
  inspect = clientOf(s3.config);
  bucketAtStart = await inspect.bucketExists(s3.config.bucket);
  f = await documentFixture({ documentStorage: s3.config });
});
afterAll(async () => {
  await f?.close();
  await s3?.close();
});

const nameOf = (stored: string) => stored.slice('doc/'.length);
const sha = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const objectOf = (stored: string) => inspect.statObject(s3.config.bucket, objectKey(nameOf(stored)));
const headOf = async (id: string) =>
  (await f.get('admin', `/sys/document/queryById?id=${id}`)).body.result as Loose;
const download = (id: string, query = '') =>
  f.fetchAs('admin', `/api/sys/download/queryFileByDocumentId?documentId=${id}${query}`);

/** A PDF by its first bytes, then `size` random bytes: what the big-file upload accepts. */
function pdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(size)]);
}

/** POST /sys/common/uploadFile (the big-file upload, streamed to disk) into the document folder. */
async function uploadLarge(fileName: string, data: Buffer): Promise<string> {
  const boundary = '----zjs3' + crypto.randomBytes(8).toString('hex');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ndocument\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await f.as('admin', {
    method: 'POST',
    url: '/api/sys/common/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.message as string;
}

async function addDocument(name: string, fileName: string, data: Buffer): Promise<string> {
  const file = await f.upload('admin', fileName, data);
  expect(file.body.success, file.body.message).toBe(true);
  const added = await f.post('admin', '/sys/document/add', {
    name,
    classifyId: f.ids.A,
    filePath: file.body.message,
  });
  expect(added.body.success, added.body.message).toBe(true);
  return f.documentId(name);
}

describe('documents on S3-compatible storage', () => {
  it('creates the missing bucket at start and keeps claimed files there, not in the data directory', async () => {
    expect(bucketAtStart).toBe(false);
    expect(await inspect.bucketExists(s3.config.bucket)).toBe(true);
    const head = await headOf(f.ids.doc);
    expect((await objectOf(head.filePath)).size).toBe(Buffer.byteLength('第一版内容'));
    // Claimed: the public upload is gone and the data directory holds no document file.
    expect(fs.readdirSync(path.join(f.dataDir, 'uploads', 'document'))).toEqual([]);
    const local = path.join(f.dataDir, 'documents');
    expect(fs.existsSync(local) ? fs.readdirSync(local).filter((n) => !n.startsWith('.')) : []).toEqual([]);
  });

  it('uploads a new version of a few MB in parts and downloads it back byte for byte', async () => {
    const data = pdf(2 * PART_BYTES + 12_345); // three parts
    const uploaded = await uploadLarge('方案.pdf', data);
    const res = await f.post('admin', '/sys/document/uploadVersion', {
      id: f.ids.doc,
      filePath: uploaded,
      remark: '大文件',
    });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.message).toBe('上传成功！');
    const head = await headOf(f.ids.doc);
    expect((await objectOf(head.filePath)).size).toBe(data.length);

    const file = await download(f.ids.doc);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(Number(file.headers['content-length'])).toBe(data.length);
    expect(sha(file.rawPayload)).toBe(sha(data));

    // The first version is still there, and its preview (text shown inline) still works.
    const records = (await f.get('admin', `/sys/documentRecord/queryByDocumentId?documentId=${f.ids.doc}`))
      .body.result as Loose[];
    expect(records.map((r) => r.fileSize)).toEqual([data.length, Buffer.byteLength('第一版内容')]);
    const first = await download(f.ids.doc, `&recordId=${records[1].id}&preview=1`);
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.body).toBe('第一版内容');
  });

  it('previews a Word document read from the store', async () => {
    const docx = await makeDocx({
      heading: '存储规范',
      paragraphs: ['文件保存在对象存储中。'],
      link: { text: '说明', target: 'https://example.com/' },
      table: [['位置', '对象存储']],
    });
    const id = await addDocument('存储规范', '存储规范.docx', docx);
    const res = await f.get('admin', `/sys/download/previewOffice?documentId=${id}`);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.html).toContain('<h1>存储规范</h1>');
    expect(res.body.result.html).toContain('文件保存在对象存储中。');
  });

  it('removes the objects of a deleted document', async () => {
    const id = await addDocument('待删除文档', 'gone.txt', Buffer.from('删除我'));
    const stored = (await headOf(id)).filePath as string;
    expect((await objectOf(stored)).size).toBe(Buffer.byteLength('删除我'));
    const del = await f.as('admin', { method: 'DELETE', url: `/api/sys/document/delete?id=${id}` });
    expect(del.body.success, del.body.message).toBe(true);
    await expect(objectOf(stored)).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('answers 文件不存在 for a document whose object was lost, as the data directory does', async () => {
    const id = await addDocument('丢失文件', 'lost.txt', Buffer.from('会丢失'));
    await inspect.removeObject(s3.config.bucket, objectKey(nameOf((await headOf(id)).filePath)));
    const res = await download(id);
    expect(res.json()).toMatchObject({ success: false, message: '文件不存在' });
    const preview = await f.get('admin', `/sys/download/queryFileByDocumentId?documentId=${id}&preview=1`);
    expect(preview.body).toMatchObject({ success: false, message: '文件不存在' });
  });

  it('turns a template into a document by a copy inside the store', async () => {
    const res = await f.post('admin', '/sys/template/add', {
      name: '存储模板',
      classifyId: f.ids.A,
      filePath: (await f.upload('admin', 't.txt', Buffer.from('模板正文'))).body.message,
    });
    expect(res.body.success, res.body.message).toBe(true);
    const list = await f.get('admin', `/sys/template/list?name=${encodeURIComponent('存储模板')}`);
    const template = list.body.result.records[0] as Loose;
    const made = await f.post('admin', '/sys/template/toDocument', {
      id: template.id,
      name: '由模板生成',
      classifyId: f.ids.A,
    });
    expect(made.body.success, made.body.message).toBe(true);
    const doc = await headOf(made.body.result.id);
    expect(doc.filePath).not.toBe(template.filePath);
    expect((await download(made.body.result.id)).body).toBe('模板正文');
  });
});

describe('the S3 store itself', () => {
  const store = () => new S3DocumentStorage(f.dataDir, s3.config);

  async function* chunks(count: number, size: number): AsyncGenerator<Uint8Array> {
    yield Buffer.from('%PDF-1.7\n');
    for (let i = 0; i < count; i++) yield crypto.randomBytes(size);
  }

  it('stores a stream of unknown length in parts and refuses one past the cap, keeping nothing', async () => {
    const before = await objectNames();
    const stored = await store().store('pdf', chunks(12, 1024 * 1024), 20 * 1024 * 1024);
    if (stored === 'tooLarge') throw new Error('refused a file under the cap');
    expect(stored.size).toBe(9 + 12 * 1024 * 1024);
    expect((await store().head(stored.path, 8)).toString()).toBe('%PDF-1.7');
    const opened = await store().open(stored.path);
    expect(opened?.size).toBe(stored.size);
    opened?.stream.destroy();

    expect(await store().store('pdf', chunks(8, 1024 * 1024), 6 * 1024 * 1024)).toBe('tooLarge');
    expect(await store().store('pdf', chunks(1, 1024), 100)).toBe('tooLarge');
    expect(await objectNames()).toEqual([...before, objectKey(nameOf(stored.path))].sort());
    await store().remove(stored.path);
    expect(await store().open(stored.path)).toBeNull();
    expect(await store().copy(stored.path)).toBeNull();
  });

  it('stops the start with a clear error when the bucket cannot be reached or created', async () => {
    const refused = await new S3DocumentStorage(f.dataDir, s3.wrongKey).prepare().catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    const { endpoint, bucket } = s3.config;
    expect((refused as Error).message).toContain(
      `Document storage: S3-compatible storage at ${endpoint}, bucket ${bucket} cannot be reached or the bucket cannot be created (AccessDenied`,
    );
    expect((refused as Error).message).toContain(
      'Check S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY',
    );
    const closed = { ...s3.config, endpoint: 'http://127.0.0.1:9' };
    await expect(new S3DocumentStorage(f.dataDir, closed).prepare()).rejects.toThrow(/ECONNREFUSED/);
  });

  async function objectNames(): Promise<string[]> {
    const names: string[] = [];
    for await (const item of inspect.listObjectsV2(s3.config.bucket, 'documents/', true))
      if (item.name) names.push(item.name);
    return names.sort();
  }
});
