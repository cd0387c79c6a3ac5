/**
 * Word and Excel previews (docs/modules/documents.md, "Preview"): a .docx as clean HTML, an .xlsx
 * as its sheets' cells, with the view right; a zip that claims too much, one that claims little and
 * inflates hugely (issue 31), a broken file and a type without a preview are refused with their
 * messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateStats } from '../../server/entity/zip-inflate.js';
import { documentFixture, type DocumentFixture } from './document-helpers.js';
import { claimUnpacked, lyingDocx, makeDocx, makeXlsx } from './office-files.js';

let f: DocumentFixture;

beforeAll(async () => {
  f = await documentFixture();
});
afterAll(async () => {
  await f?.close();
});

async function addFile(name: string, fileName: string, data: Buffer): Promise<string> {
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

const preview = (user: string, id: string) => f.get(user, `/sys/download/previewOffice?documentId=${id}`);

describe('office previews', () => {
  it('shows a Word document as clean HTML: headings, text, tables; no script, no javascript: link', async () => {
    const docx = await makeDocx({
      heading: '接待服务规范',
      paragraphs: ['第一条 来访登记须在前台完成。', '<script>alert(1)</script>'],
      link: { text: '点我', target: 'javascript:alert(document.cookie)' },
      table: [
        ['项目', '标准'],
        ['茶歇', '每人30元'],
      ],
    });
    const id = await addFile('接待服务规范', '规范.docx', docx);
    // zhangwei (部门经理) may view 测试制度: a preview needs only the view right.
    const res = await preview('zhangwei', id);
    expect(res.body.success, res.body.message).toBe(true);
    const html = res.body.result.html as string;
    expect(res.body.result.kind).toBe('docx');
    expect(html).toContain('<h1>接待服务规范</h1>');
    expect(html).toContain('第一条 来访登记须在前台完成。');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/<table>.*<td><p>茶歇<\/p><\/td>.*每人30元/s);
    expect(html).not.toMatch(/<script|javascript:/i);
    // Someone without the view right on the classification learns nothing of it.
    expect((await preview('hugang', id)).body.success).toBe(false);
  });

  it('shows each sheet of a workbook as its cell texts', async () => {
    const xlsx = await makeXlsx({
      一月: [
        ['部门', '接待次数', '费用'],
        ['综合办', 12, 3600.5],
        ['市场部', 7, 2100],
      ],
      二月: [['部门', '接待次数']],
    });
    const id = await addFile('接待统计表', '统计.xlsx', xlsx);
    const res = await preview('admin', id);
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toMatchObject({
      kind: 'xlsx',
      sheets: [
        {
          name: '一月',
          rows: [
            ['部门', '接待次数', '费用'],
            ['综合办', '12', '3600.5'],
            ['市场部', '7', '2100'],
          ],
          truncated: false,
        },
        { name: '二月', rows: [['部门', '接待次数']] },
      ],
    });
  });

  it('refuses a zip that claims too much once unpacked, a broken file, and a type without a preview', async () => {
    const xlsx = await makeXlsx({ 表: [['a']] });
    const bomb = await addFile('膨胀文件', 'bomb.xlsx', claimUnpacked(xlsx, 0x7fffffff));
    expect((await preview('admin', bomb)).body.message).toBe('文件解压后过大，疑似压缩炸弹');
    const broken = Buffer.concat([xlsx.subarray(0, 4), Buffer.alloc(200, 7)]);
    const brokenId = await addFile('损坏文件', 'broken.docx', broken);
    expect((await preview('admin', brokenId)).body.message).toBe('文件已损坏：找不到压缩目录');
    expect((await preview('admin', f.ids.doc)).body.message).toBe('该类型文件暂不支持在线预览，请下载后查看');
  });

  it('refuses a .docx whose document part declares 4 KB and inflates to 64 MiB, having inflated 4 KB', async () => {
    const bomb = await lyingDocx(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(256 * 1024); // an upload like any other
    const id = await addFile('说明很短的文档', 'short.docx', bomb);
    const before = inflateStats.bytes;
    const res = await preview('admin', id);
    expect(res.body).toMatchObject({ success: false, message: '文件解压后过大，疑似压缩炸弹' });
    // Stopped at the part's declared 4 KB (and a zlib chunk or two), not after the 64 MiB.
    expect(inflateStats.bytes - before).toBeLessThan(4096 + 64 * 1024);
  });
});
