/**
 * Uploads are bound to their uploader (issue 31, migration 0049): every upload route records who
 * made it, and a save that names an upload path may name only one its caller made, or one the
 * record already holds - a document's file (add, 上传新版本, a template's add), a declared file or
 * image field (add and edit), an avatar. Before, any path the caller could name was taken: a
 * colleague's fresh upload could be claimed into one's own document, moving it away from them.
 * (A work-order note's attachments: workorder-transitions.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadOwners } from '../../server/db/migrations/0049_upload_owners.js';
import { UploadOwnerMessages } from '../../server/sys/upload-owner.js';
import { documentFixture, type DocumentFixture, type Loose } from './document-helpers.js';
import { newUserBody } from './sys-user-support.js';

let f: DocumentFixture;
beforeAll(async () => {
  f = await documentFixture();
});
afterAll(async () => {
  await f?.close();
});

const NOT_YOURS = { success: false, message: UploadOwnerMessages.notYours };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);

async function uploaded(user: string, name = 'a.txt', data = Buffer.from('内容')): Promise<string> {
  const res = await f.upload(user, name, data);
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.message as string;
}

/** A big-file upload (POST /sys/common/uploadFile), `biz` first as the browser sends it. */
async function uploadedLarge(user: string): Promise<string> {
  const boundary = '----zjown' + Math.random().toString(16).slice(2);
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ndocument\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n大文件\r\n` +
      `--${boundary}--\r\n`,
  );
  const res = await f.as(user, {
    method: 'POST',
    url: '/api/sys/common/uploadFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.message as string;
}

const uploadsDir = () => path.join(f.dataDir, 'uploads');

describe('documents', () => {
  it('take only their caller’s upload; a colleague’s stays theirs to save', async () => {
    const hers = await uploaded('zhangwei');
    const add = (user: string, filePath: string, name: string) =>
      f.post(user, '/sys/document/add', { name, classifyId: f.ids.B, filePath });
    expect((await add('admin', hers, '抢先保存')).body).toMatchObject(NOT_YOURS);
    expect(fs.existsSync(path.join(uploadsDir(), hers))).toBe(true);
    expect((await add('zhangwei', hers, '她的文档')).body).toMatchObject({ success: true });
    // A path nobody uploaded reads the same: no answer tells whose a path is.
    expect((await add('admin', 'document/1700000000000_0123456789abcdef.txt', '编造')).body).toMatchObject(
      NOT_YOURS,
    );
    const large = await uploadedLarge('zhangwei');
    expect((await add('admin', large, '大文件')).body).toMatchObject(NOT_YOURS);
    expect((await add('zhangwei', large, '她的大文件')).body).toMatchObject({ success: true });
  });

  it('take a new version and a template only from the caller’s upload', async () => {
    const hers = await uploaded('zhangwei');
    const version = await f.post('admin', '/sys/document/uploadVersion', { id: f.ids.doc, filePath: hers });
    expect(version.body).toMatchObject(NOT_YOURS);
    const template = await f.post('admin', '/sys/template/add', {
      name: '借来的模板',
      classifyId: f.ids.B,
      filePath: hers,
    });
    expect(template.body).toMatchObject(NOT_YOURS);
    const own = await uploaded('admin');
    expect(
      (await f.post('admin', '/sys/document/uploadVersion', { id: f.ids.doc, filePath: own })).body,
    ).toMatchObject({ success: true });
  });
});

describe('declared file and image fields', () => {
  it('name only the caller’s uploads on add, and on edit also what the record holds', async () => {
    const hers = await uploaded('zhangwei', 'logo.png', PNG);
    const mine = await uploaded('admin', 'logo.png', PNG);
    const customer = (extra: Loose) => ({ name: '西湖国宾接待中心', code: 'XHGB', level: 'M', ...extra });
    expect(
      (await f.post('admin', '/sys/customer/add', customer({ logo: `${mine},${hers}` }))).body,
    ).toMatchObject(NOT_YOURS);
    expect(
      (await f.post('admin', '/sys/customer/add', customer({ attachment: 'http://x.cn/a.pdf' }))).body,
    ).toMatchObject(NOT_YOURS);
    expect((await f.post('admin', '/sys/customer/add', customer({ logo: mine }))).body).toMatchObject({
      success: true,
    });
    const id = (await f.get('admin', '/sys/customer/list?code=XHGB')).body.result.records[0].id as string;
    // A file the row already holds stays, whoever uploaded it (here: nobody, a row from before).
    await sql`update biz_customer set attachment = 'customer/1700000000000_00000000000000aa.pdf'
      where id = ${id}`.execute(f.ctx.database.db);
    const row = (await f.get('admin', `/sys/customer/queryById?id=${id}`)).body.result;
    // The form sends the record back whole: its files unchanged unless the user changed them.
    const edit = (extra: Loose) =>
      f.put('admin', '/sys/customer/edit', { id, logo: row.logo, attachment: row.attachment, ...extra });
    expect((await edit({ name: '西湖国宾馆' })).body).toMatchObject({ success: true });
    expect((await edit({ logo: `${mine},${hers}` })).body).toMatchObject(NOT_YOURS);
    expect((await edit({ logo: '' })).body).toMatchObject({ success: true });
  });

  it('an avatar names only the caller’s upload', async () => {
    const hers = await uploaded('zhangwei', 'me.png', PNG);
    const mine = await uploaded('admin', 'me.png', PNG);
    expect((await f.post('admin', '/sys/user/add', newUserBody('71', { avatar: hers }))).body).toMatchObject(
      NOT_YOURS,
    );
    expect((await f.post('admin', '/sys/user/add', newUserBody('72', { avatar: mine }))).body).toMatchObject({
      success: true,
    });
  });
});

describe('the registry', () => {
  it('records every upload with its uploader, and migration 0049 runs twice', async () => {
    const stored = await uploaded('hugang');
    const rows = await sql<{
      uploadedBy: string;
    }>`select uploaded_by from sys_upload where path = ${stored}`.execute(f.ctx.database.db);
    const hugang = await sql<{ id: string }>`select id from sys_user where username = 'hugang'`.execute(
      f.ctx.database.db,
    );
    expect(rows.rows).toEqual([{ uploadedBy: hugang.rows[0]!.id }]);
    await uploadOwners.up(f.ctx.database.db);
    expect(
      (await sql`select 1 from sys_upload where path = ${stored}`.execute(f.ctx.database.db)).rows,
    ).toHaveLength(1);
  });
});
