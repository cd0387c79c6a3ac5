/**
 * An uploaded zip made safe for a library that inflates on its own (mammoth and exceljs read
 * through JSZip, which trusts the directory and inflates an entry whole): every entry is inflated
 * here first, through the counting guard (zip-inflate.ts), and written into a new zip whose entries
 * are stored, not compressed. The library then inflates nothing, and what it holds is at most the
 * limits' total, whatever the upload's directory claimed. Only plain zips are read: ZIP64,
 * encrypted entries and compression methods other than stored and deflate are refused.
 */
import { crc32 } from 'node:zlib';
import { checkZip, type ZipLimits } from './zip-guard.js';
import { InflateMessages } from './zip-inflate.js';
import { XlsxRejected } from './xlsx/rejected.js';
import { entryChunks, zipDirectory } from './xlsx/zip.js';

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x800;
/** 1980-01-01, the first date a zip can say (a date of 0 is not a day). */
const DOS_DATE = (1 << 5) | 1;

function localHeader(name: Buffer, crc: number, size: number): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  return header;
}

function centralHeader(name: Buffer, crc: number, size: number, offset: number): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10); // stored
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(size, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return header;
}

/**
 * The archive with every entry inflated and stored; throws ZipRejected (a directory beyond the
 * limits) or XlsxRejected (an entry that inflates past its allowance, or cannot be read).
 */
export async function inflatedZip(buf: Buffer, limits: ZipLimits): Promise<Buffer> {
  checkZip(buf, limits);
  const entries = zipDirectory(buf, limits);
  const names = entries.map((entry) => Buffer.from(entry.name, 'utf8'));
  // Room for what the entries declared: what comes out never passes that (the guard stops it).
  let capacity = END_RECORD;
  entries.forEach(
    (entry, i) => (capacity += LOCAL_HEADER + CENTRAL_HEADER + 2 * names[i]!.length + entry.size),
  );
  const out = Buffer.allocUnsafe(capacity);
  const central: Buffer[] = [];
  let at = 0;
  for (const [i, entry] of entries.entries()) {
    const name = names[i]!;
    const offset = at;
    at += LOCAL_HEADER + name.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of entryChunks(buf, entry)) {
      if (at + chunk.length > capacity) throw new XlsxRejected(InflateMessages.oversized);
      chunk.copy(out, at);
      at += chunk.length;
      size += chunk.length;
      crc = crc32(chunk, crc);
    }
    localHeader(name, crc, size).copy(out, offset);
    name.copy(out, offset + LOCAL_HEADER);
    central.push(centralHeader(name, crc, size, offset), name);
  }
  const directoryAt = at;
  for (const part of central) {
    part.copy(out, at);
    at += part.length;
  }
  const end = out.subarray(at, at + END_RECORD).fill(0);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(at - directoryAt, 12);
  end.writeUInt32LE(directoryAt, 16);
  return out.subarray(0, at + END_RECORD);
}
