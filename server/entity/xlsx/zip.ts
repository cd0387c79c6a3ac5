/**
 * The entries of an uploaded zip (an .xlsx, a .docx) held in memory, read through the central
 * directory and inflated through the one guard, ../zip-inflate.ts. The archive has passed checkZip
 * (declared sizes, ratio and count capped) before anything here runs; every entry read from one
 * directory shares one InflateBudget, which counts the bytes that really come out, so a directory
 * that lies about sizes is refused as soon as an entry passes what it declared.
 */
import {
  InflateBudget,
  InflateMessages,
  inflateChunks,
  inflateWhole,
  storedWhole,
  ZIP_LIMITS,
  type InflateLimits,
} from '../zip-inflate.js';
import { XlsxRejected } from './rejected.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
  encrypted: boolean;
  /** The running total of the archive it was read from (one per zipDirectory call). */
  budget: InflateBudget;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export const ZipMessages = {
  noDirectory: '文件已损坏：找不到压缩目录',
  brokenDirectory: '文件已损坏：压缩目录不完整',
  brokenEntry: '文件已损坏：压缩条目不完整',
  encrypted: '文件已加密，请先取消密码保护再导入',
  method: '文件使用了不支持的压缩方式',
  oversized: InflateMessages.oversized,
} as const;

export function findEndOfDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i -= 1) if (buf.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/**
 * Every entry of the central directory, in order (a repeated name counts every time), sharing one
 * budget of `limits`.
 */
export function zipDirectory(buf: Buffer, limits: InflateLimits = ZIP_LIMITS): ZipEntry[] {
  const budget = new InflateBudget(limits);
  const end = findEndOfDirectory(buf);
  if (end < 0) throw new XlsxRejected(ZipMessages.noDirectory);
  const count = buf.readUInt16LE(end + 10);
  let offset = buf.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL)
      throw new XlsxRejected(ZipMessages.brokenDirectory);
    const nameLength = buf.readUInt16LE(offset + 28);
    const flags = buf.readUInt16LE(offset + 8);
    // Bit 11: the name is UTF-8; OOXML part names are ASCII either way.
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', offset + 46, offset + 46 + nameLength);
    entries.push({
      name,
      method: buf.readUInt16LE(offset + 10),
      compressedSize: buf.readUInt32LE(offset + 20),
      size: buf.readUInt32LE(offset + 24),
      headerOffset: buf.readUInt32LE(offset + 42),
      encrypted: (flags & 1) === 1,
      budget,
    });
    offset += 46 + nameLength + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The entries by name (a leading slash dropped). */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  return new Map(zipDirectory(buf).map((entry) => [entry.name.replace(/^\/+/, ''), entry]));
}

/** The entry's stored bytes (still compressed when the method is deflate). */
export function rawBytes(buf: Buffer, entry: ZipEntry): Buffer {
  if (entry.encrypted) throw new XlsxRejected(ZipMessages.encrypted);
  if (entry.method !== STORED && entry.method !== DEFLATED) throw new XlsxRejected(ZipMessages.method);
  const at = entry.headerOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new XlsxRejected(ZipMessages.brokenEntry);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > buf.length) throw new XlsxRejected(ZipMessages.brokenEntry);
  return buf.subarray(start, stop);
}

/** A small entry (workbook, relationships, styles), inflated at once. */
export function entryBytes(buf: Buffer, entry: ZipEntry): Buffer {
  const raw = rawBytes(buf, entry);
  if (entry.method === STORED) return storedWhole(raw, entry, entry.budget);
  return inflateWhole(raw, entry, entry.budget);
}

const SLICE = 64 * 1024;

/** A large entry (a sheet, the shared strings) as inflated chunks, pulled one at a time. */
export async function* entryChunks(buf: Buffer, entry: ZipEntry): AsyncGenerator<Buffer, void, undefined> {
  const raw = rawBytes(buf, entry);
  if (entry.method !== STORED) {
    yield* inflateChunks(raw, entry, entry.budget);
    return;
  }
  storedWhole(raw, entry, entry.budget);
  for (let i = 0; i < raw.length; i += SLICE) yield raw.subarray(i, i + SLICE);
}
