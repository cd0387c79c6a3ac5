/**
 * A look at a zip's central directory before anything is inflated: an .xlsx is a zip, and a small
 * upload can claim gigabytes once decompressed (a zip bomb). The entry count, every declared size
 * and the total are capped; ZIP64 archives and a missing directory are refused. What the directory
 * declares can be a lie, so this is only the first half: every entry is then inflated through
 * zip-inflate.ts, which counts what really comes out against the same limits.
 */
import { XlsxRejected } from './xlsx/rejected.js';
import { findEndOfDirectory, zipDirectory, type ZipEntry } from './xlsx/zip.js';
import { ZIP_LIMITS, type ZipLimits } from './zip-inflate.js';

export { ZIP_LIMITS, type ZipLimits } from './zip-inflate.js';

export class ZipRejected extends Error {}

export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
}

/** Legacy BIFF .xls (an OLE2 compound file). */
export function isOle2(buf: Buffer): boolean {
  return buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));
}

/** Throws ZipRejected when the archive is malformed or would inflate beyond the limits. */
export function checkZip(buf: Buffer, limits: ZipLimits = ZIP_LIMITS): void {
  const end = findEndOfDirectory(buf);
  if (end < 0) throw new ZipRejected('文件已损坏：找不到压缩目录');
  const count = buf.readUInt16LE(end + 10);
  if (count === 0xffff || buf.readUInt32LE(end + 16) === 0xffffffff)
    throw new ZipRejected('不支持ZIP64格式的文件');
  if (count > limits.maxEntries) throw new ZipRejected(`文件内部条目过多（超过${limits.maxEntries}个）`);
  let entries: ZipEntry[];
  try {
    entries = zipDirectory(buf);
  } catch (error) {
    if (error instanceof XlsxRejected) throw new ZipRejected(error.message);
    throw error;
  }
  let total = 0;
  for (const { compressedSize, size } of entries) {
    if (compressedSize === 0xffffffff || size === 0xffffffff) throw new ZipRejected('不支持ZIP64格式的文件');
    if (
      size > limits.maxEntryBytes ||
      (size > 1024 * 1024 && size / Math.max(compressedSize, 1) > limits.maxRatio)
    )
      throw new ZipRejected('文件解压后过大，疑似压缩炸弹');
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipRejected('文件解压后过大，疑似压缩炸弹');
  }
}
