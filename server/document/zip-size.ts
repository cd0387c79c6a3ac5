/**
 * What a zip (a .docx or .xlsx) would take once unpacked, read from its central directory without
 * unpacking anything: a small file can claim gigabytes (a zip bomb), so a preview checks the sum
 * before it lets a parser open the file. Zip64 archives and archives whose directory cannot be read
 * answer null: the caller refuses them.
 */
const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;

function endOfDirectory(zip: Buffer): number {
  const from = Math.max(0, zip.length - END_SIZE - MAX_COMMENT);
  for (let at = zip.length - END_SIZE; at >= from; at--)
    if (zip.readUInt32LE(at) === END_SIGNATURE) return at;
  return -1;
}

/** The sum of the entries' unpacked sizes in bytes, or null for an archive this cannot read. */
export function unpackedSize(zip: Buffer): number | null {
  if (zip.length < END_SIZE) return null;
  const end = endOfDirectory(zip);
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) return null; // zip64
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null; // zip64
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}
