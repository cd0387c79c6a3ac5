/**
 * The inflate guard (server/entity/zip-inflate.ts, issue 31): a zip whose directory lies about what
 * a part unpacks to is refused by the import's reader and by the preview's rebuild once that part
 * passes its declared size, and no more than that (and one chunk) is ever unpacked: measured by
 * the guard's byte count, not by a clock or the process's memory. The rebuild hands the parsers a
 * zip of stored parts with the same bytes.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { PREVIEW_ZIP_LIMITS } from '../../server/document/office-preview.js';
import { openFirstSheet } from '../../server/entity/import-read.js';
import { XlsxRejected } from '../../server/entity/xlsx/rejected.js';
import { zipDirectory } from '../../server/entity/xlsx/zip.js';
import { InflateBudget, inflateStats, RATIO_FREE_BYTES } from '../../server/entity/zip-inflate.js';
import { inflatedZip } from '../../server/entity/zip-rebuild.js';
import { lyingDocx, lyingXlsx, makeDocx, makeXlsx } from '../server/office-files.js';

const MiB = 1024 * 1024;
/** What zlib may hand over past an allowance before the guard sees it: a chunk or two of 16 KiB. */
const SLACK = 64 * 1024;

/** Bytes the guard let out while `work` ran, and how it ended. */
async function inflatedBy(work: () => Promise<unknown>): Promise<{ bytes: number; error: unknown }> {
  const before = inflateStats.bytes;
  let error: unknown = null;
  try {
    await work();
  } catch (e) {
    error = e;
  }
  return { bytes: inflateStats.bytes - before, error };
}

describe('the inflate guard', () => {
  it('stops an import whose sheet unpacks past the 4 KB it declared (64 MiB of zeros)', async () => {
    const bomb = await lyingXlsx(64 * MiB);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const { bytes, error } = await inflatedBy(async () => {
      const sheet = await openFirstSheet('a.xlsx', bomb);
      for await (const row of sheet.rows) void row;
    });
    expect((error as Error).message).toBe('文件解压后过大，疑似压缩炸弹：a.xlsx');
    expect(bytes).toBeGreaterThan(4096);
    expect(bytes).toBeLessThan(4096 + SLACK);
  });

  it('stops the preview’s rebuild of a .docx whose document part lies the same way', async () => {
    const bomb = await lyingDocx(64 * MiB);
    const { bytes, error } = await inflatedBy(() => inflatedZip(bomb, PREVIEW_ZIP_LIMITS));
    expect(error).toBeInstanceOf(XlsxRejected);
    expect((error as Error).message).toBe('文件解压后过大，疑似压缩炸弹');
    expect(bytes).toBeLessThan(4096 + SLACK);
  });

  it('rebuilds a real .docx and .xlsx with every part stored and byte for byte the same', async () => {
    const docx = await makeDocx({
      heading: '标题',
      paragraphs: ['正文'.repeat(2000)],
      link: { text: '链接', target: 'https://example.cn' },
      table: [['a', 'b']],
    });
    for (const original of [docx, await makeXlsx({ 表: [['部门', 1]] })]) {
      const rebuilt = await inflatedZip(original, PREVIEW_ZIP_LIMITS);
      expect(zipDirectory(rebuilt).every((entry) => entry.method === 0)).toBe(true);
      const [before, after] = await Promise.all([JSZip.loadAsync(original), JSZip.loadAsync(rebuilt)]);
      expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
      for (const name of Object.keys(before.files))
        expect(await after.file(name)?.async('nodebuffer')).toEqual(
          await before.file(name)?.async('nodebuffer'),
        );
    }
  });

  it('allows each entry its declared size, its ratio past the first MiB and what is left of the total', () => {
    const budget = new InflateBudget({ maxTotalBytes: 10 * MiB, maxRatio: 200 });
    expect(budget.allowance({ compressedSize: 1000, size: 5 * MiB })).toBe(RATIO_FREE_BYTES);
    expect(budget.allowance({ compressedSize: 10_000, size: 1000 })).toBe(1000);
    expect(budget.allowance({ compressedSize: 100 * 1024, size: 50 * MiB })).toBe(10 * MiB);
    budget.take(8 * MiB, 10 * MiB, 8 * MiB);
    expect(budget.allowance({ compressedSize: 100 * 1024, size: 50 * MiB })).toBe(2 * MiB);
    expect(() => budget.take(3 * MiB, 2 * MiB, 3 * MiB)).toThrow(XlsxRejected);
    expect(budget.allowance({ compressedSize: 100 * 1024, size: 50 * MiB })).toBe(0);
  });
});
