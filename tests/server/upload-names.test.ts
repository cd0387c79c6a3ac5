/**
 * Issue 33, item 3: an uploaded file keeps the name it had (migration 0051, server/sys/upload-names.ts).
 * Here the parts without HTTP: the name a client sends, cleaned; the Content-Disposition it is sent
 * under; and a list's export, which writes the names of a file column, not its stored paths, while
 * the 全部字段 export (read back by the import) keeps the paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { sheetWriter } from '../../server/entity/export-fields.js';
import { OPEN_ACCESS } from '../../server/entity/field-permissions.js';
import { cleanUploadName, dispositionHeader, uploadNames } from '../../server/sys/upload-names.js';
import { recordUpload } from '../../server/sys/upload-owner.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('the uploaded name', () => {
  it('keeps the last segment, without control or direction characters, at most 255 characters', () => {
    expect(cleanUploadName('维修记录.txt')).toBe('维修记录.txt');
    expect(cleanUploadName('C:\\fakepath\\维修记录.txt')).toBe('维修记录.txt');
    expect(cleanUploadName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadName(' a\u0000b\r\n\u202ec.txt ')).toBe('abc.txt');
    expect(cleanUploadName('')).toBeNull();
    expect(cleanUploadName(42)).toBeNull();
    const long = cleanUploadName(`${'长'.repeat(300)}.pdf`)!;
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('is sent as an ASCII fallback and an RFC 5987 filename*', () => {
    expect(dispositionHeader('attachment', '维修记录.txt')).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''%E7%BB%B4%E4%BF%AE%E8%AE%B0%E5%BD%95.txt`,
    );
    expect(dispositionHeader('inline', `a"b\\c'(1)*.png`)).toBe(
      `inline; filename="a_b_c'(1)*.png"; filename*=UTF-8''a%22b%5Cc%27%281%29%2A.png`,
    );
  });
});

describe('a list export', () => {
  const decl = {
    schemaVersion: 3,
    name: 'repairLog',
    title: '维修记录',
    table: 'biz_repair_log',
    basePath: '/sys/repairLog',
    kind: 'list',
    fields: [
      { name: 'title', title: '标题', type: 'string' },
      { name: 'files', title: '附件', type: 'text', widget: 'file' },
    ],
  } as unknown as Declaration;

  it('writes the names of a file column; the 全部字段 export keeps the stored paths', async () => {
    const db = ctx.database.db;
    const a = 'workOrder/1796156737742_19013110a52a7d2a.txt';
    const b = 'workOrder/1796156737743_29013110a52a7d2a.pdf';
    const old = 'workOrder/1796156737744_39013110a52a7d2a.txt';
    await recordUpload(db, a, 'u1', '维修记录.txt');
    await recordUpload(db, b, 'u1', '=报价单.pdf');
    await recordUpload(db, old, 'u1');
    expect(await uploadNames(db, [a, b, old])).toEqual(
      new Map([
        [a, '维修记录.txt'],
        [b, '=报价单.pdf'],
      ]),
    );
    const model = buildEntityModel(decl);
    const rows = [
      { id: '1', title: '空调检修', files: `${a},${b},${old}` },
      { id: '2', title: '无附件', files: null },
    ];
    const date = (d: Date) => d.toISOString();
    const list = sheetWriter(db, model, OPEN_ACCESS, date, false);
    expect(list.headers).toEqual(['标题', '附件']);
    expect(await list.cells(rows)).toEqual([
      ['空调检修', `维修记录.txt, =报价单.pdf, 1796156737744_39013110a52a7d2a.txt`],
      ['无附件', null],
    ]);
    const all = sheetWriter(db, model, OPEN_ACCESS, date, true);
    expect((await all.cells(rows))[0]).toContain(`${a},${b},${old}`);
  });
});
