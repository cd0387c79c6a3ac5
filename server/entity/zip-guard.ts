/**
 * A look at a zip's central directory before anything is inflated: an .xlsx is a zip, and a small
 * upload can claim gigabytes once decompressed (a zip bomb). The entry count, every declared size
 * and the total are capped; ZIP64 archives and a missing directory are refused. The reader
 * (./xlsx/) then inflates at most what was declared here.
 */
import { findEndOfDirectory } from './xlsx/zip.js';

export const ZIP_LIMITS = {
  maxEntries: 500,
  maxEntryBytes: 200 * 1024 * 1024,
  maxTotalBytes: 300 * 1024 * 1024,
  /** Ratio above which an entry is refused (text compresses well, ~100x is already extreme). */
  maxRatio: 200,
} as const;

export class ZipRejected extends Error {}

const CENTRAL = 0x02014b50;

export function isZip(buf: Buffer): boolean {
  return buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
}

/** Legacy BIFF .xls (an OLE2 compound file). */
export function isOle2(buf: Buffer): boolean {
  return buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'));
}

/** Throws ZipRejected when the archive is malformed or would inflate beyond the limits. */
export function checkZip(buf: Buffer, limits = ZIP_LIMITS): void {
  const end = findEndOfDirectory(buf);
  if (end < 0) throw new ZipRejected('文件已损坏：找不到压缩目录');
  const entries = buf.readUInt16LE(end + 10);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff) throw new ZipRejected('不支持ZIP64格式的文件');
  if (entries > limits.maxEntries) throw new ZipRejected(`文件内部条目过多（超过${limits.maxEntries}个）`);
  let offset = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL)
      throw new ZipRejected('文件已损坏：压缩目录不完整');
    const compressed = buf.readUInt32LE(offset + 20);
    const size = buf.readUInt32LE(offset + 24);
    if (compressed === 0xffffffff || size === 0xffffffff) throw new ZipRejected('不支持ZIP64格式的文件');
    if (
      size > limits.maxEntryBytes ||
      (size > 1024 * 1024 && size / Math.max(compressed, 1) > limits.maxRatio)
    )
      throw new ZipRejected('文件解压后过大，疑似压缩炸弹');
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipRejected('文件解压后过大，疑似压缩炸弹');
    offset +=
      46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
}
