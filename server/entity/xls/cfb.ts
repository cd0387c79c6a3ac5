/**
 * A read-only reader of OLE2 compound files (the container of a legacy .xls), written defensively
 * for uploads: every offset is checked against the file, every sector chain is walked with a visited
 * map and a length cap, counts taken from the file are capped by what the file's size allows, and
 * nothing is allocated by a count the file claims (only by sizes already checked against the file).
 * Anything that does not add up throws XlsRejected('文件已损坏：…').
 */

/** A refused .xls; the message is for the user (the file name is appended by the caller). */
export class XlsRejected extends Error {}

export const damaged = (reason: string) => new XlsRejected(`文件已损坏：${reason}`);

const MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const HEADER_BYTES = 512;
const DIFAT_IN_HEADER = 109;
const DIR_ENTRY_BYTES = 128;
const MINI_SECTOR_BYTES = 64;

const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;
const NOSTREAM = 0xffffffff;

const TYPE_STREAM = 2;
const TYPE_ROOT = 5;

interface DirEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

export class CompoundFile {
  private readonly sectorBytes: number;
  /** Sectors the file holds (a last, partial sector counts; reading it pads nothing, see readChain). */
  private readonly sectorCount: number;
  private readonly fatSectors: number[];
  private readonly entries: DirEntry[];
  private readonly miniCutoff: number;
  private readonly miniFatStart: number;
  private miniStream: Buffer | undefined;
  private miniFatSectors: number[] | undefined;

  constructor(private readonly buf: Buffer) {
    if (buf.length < HEADER_BYTES || !buf.subarray(0, 8).equals(MAGIC)) throw damaged('文件头无效');
    const major = buf.readUInt16LE(0x1a);
    const shift = buf.readUInt16LE(0x1e);
    if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)))
      throw damaged('不支持的复合文档版本');
    if (buf.readUInt16LE(0x1c) !== 0xfffe) throw damaged('字节序标记无效');
    if (buf.readUInt16LE(0x20) !== 6) throw damaged('迷你扇区大小无效');
    this.sectorBytes = 1 << shift;
    if (buf.length < this.sectorBytes) throw damaged('文件过短');
    this.sectorCount = Math.ceil((buf.length - this.sectorBytes) / this.sectorBytes);
    this.miniCutoff = buf.readUInt32LE(0x38);
    this.miniFatStart = buf.readUInt32LE(0x3c);
    this.fatSectors = this.readDifat(buf.readUInt32LE(0x2c), buf.readUInt32LE(0x44));
    this.entries = this.readDirectory(buf.readUInt32LE(0x30));
  }

  /** Byte offset of a sector, after checking it lies (at least partly) in the file. */
  private sectorOffset(sector: number): number {
    if (sector >= this.sectorCount) throw damaged('扇区编号超出文件范围');
    return (sector + 1) * this.sectorBytes;
  }

  /** A whole sector's 32-bit entries (FAT, DIFAT); a sector cut short by the file's end is damage. */
  private u32Sector(sector: number): number {
    const offset = this.sectorOffset(sector);
    if (offset + this.sectorBytes > this.buf.length) throw damaged('文件被截断');
    return offset;
  }

  /** The FAT's sector numbers: the header's 109, then the DIFAT sector chain. */
  private readDifat(fatCount: number, difatStart: number): number[] {
    if (fatCount > this.sectorCount) throw damaged('分配表扇区数超出文件范围');
    const fat: number[] = [];
    const take = (sector: number) => {
      if (fat.length < fatCount && sector !== FREESECT && sector !== ENDOFCHAIN) {
        this.sectorOffset(sector);
        fat.push(sector);
      }
    };
    for (let i = 0; i < DIFAT_IN_HEADER; i++) take(this.buf.readUInt32LE(0x4c + i * 4));
    const perSector = this.sectorBytes / 4 - 1;
    const seen = new Set<number>();
    let sector = difatStart;
    while (fat.length < fatCount && sector !== ENDOFCHAIN && sector !== FREESECT) {
      if (seen.has(sector)) throw damaged('扇区链循环');
      seen.add(sector);
      const offset = this.u32Sector(sector);
      for (let i = 0; i < perSector; i++) take(this.buf.readUInt32LE(offset + i * 4));
      sector = this.buf.readUInt32LE(offset + perSector * 4);
    }
    if (fat.length === 0) throw damaged('缺少分配表');
    return fat;
  }

  private fatNext(sector: number): number {
    const perSector = this.sectorBytes / 4;
    const fatSector = this.fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) throw damaged('扇区编号超出分配表范围');
    return this.buf.readUInt32LE(this.u32Sector(fatSector) + (sector % perSector) * 4);
  }

  /**
   * The sectors of a chain, at most `max` of them (the chain may go on; a stream's size says how
   * many it needs). A repeated sector or one beyond the file is damage.
   */
  private chain(start: number, max: number, next: (s: number) => number, limit: number): number[] {
    const out: number[] = [];
    const seen = new Set<number>();
    let sector = start;
    while (out.length < max && sector !== ENDOFCHAIN) {
      if (sector >= limit) throw damaged('扇区编号超出文件范围');
      if (seen.has(sector)) throw damaged('扇区链循环');
      seen.add(sector);
      out.push(sector);
      sector = next(sector);
    }
    return out;
  }

  /** `size` bytes from a chain of regular sectors; a chain too short for the size is damage. */
  private readChain(start: number, size: number): Buffer {
    if (size > this.buf.length) throw damaged('数据流长度超出文件范围');
    const out = Buffer.alloc(size);
    const sectors = this.chain(
      start,
      Math.ceil(size / this.sectorBytes),
      (s) => this.fatNext(s),
      this.sectorCount,
    );
    let at = 0;
    for (const sector of sectors) {
      const offset = this.sectorOffset(sector);
      const n = Math.min(this.sectorBytes, size - at, this.buf.length - offset);
      this.buf.copy(out, at, offset, offset + n);
      at += n;
    }
    if (at < size) throw damaged('数据流不完整');
    return out;
  }

  /** Every directory entry, in order (an entry's siblings and child are indices into this list). */
  private readDirectory(start: number): DirEntry[] {
    const sectors = this.chain(start, this.sectorCount, (s) => this.fatNext(s), this.sectorCount);
    const entries: DirEntry[] = [];
    for (const sector of sectors) {
      const base = this.u32Sector(sector);
      for (let at = base; at < base + this.sectorBytes; at += DIR_ENTRY_BYTES) {
        const nameBytes = Math.min(this.buf.readUInt16LE(at + 0x40), 64);
        const name = this.buf.toString('utf16le', at, at + Math.max(nameBytes - 2, 0));
        // Version 3 files may leave garbage in the size's high half; version 4 sizes above 4 GiB
        // are refused below with every other size beyond the file.
        const high = this.sectorBytes === 512 ? 0 : this.buf.readUInt32LE(at + 0x7c);
        entries.push({
          name,
          type: this.buf[at + 0x42],
          left: this.buf.readUInt32LE(at + 0x44),
          right: this.buf.readUInt32LE(at + 0x48),
          child: this.buf.readUInt32LE(at + 0x4c),
          start: this.buf.readUInt32LE(at + 0x74),
          size: high ? Number.MAX_SAFE_INTEGER : this.buf.readUInt32LE(at + 0x78),
        });
      }
    }
    if (entries[0]?.type !== TYPE_ROOT) throw damaged('缺少根目录');
    return entries;
  }

  /** The streams directly under the root storage, by name (a red-black tree, walked with a visited set). */
  private rootChildren(): DirEntry[] {
    const out: DirEntry[] = [];
    const seen = new Set<number>();
    const stack = [this.entries[0].child];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id === NOSTREAM) continue;
      const entry = this.entries[id];
      if (!entry) throw damaged('目录项编号超出范围');
      if (seen.has(id)) throw damaged('目录循环');
      seen.add(id);
      out.push(entry);
      stack.push(entry.left, entry.right);
    }
    return out;
  }

  private readMini(start: number, size: number): Buffer {
    if (!this.miniStream) {
      const root = this.entries[0];
      this.miniStream = this.readChain(root.start, root.size);
      const miniSectors = Math.ceil(this.miniStream.length / MINI_SECTOR_BYTES);
      this.miniFatSectors = this.chain(
        this.miniFatStart,
        Math.ceil((miniSectors * 4) / this.sectorBytes),
        (s) => this.fatNext(s),
        this.sectorCount,
      );
    }
    const mini = this.miniStream;
    const fatSectors = this.miniFatSectors!;
    const perSector = this.sectorBytes / 4;
    const next = (s: number) => {
      const fatSector = fatSectors[Math.floor(s / perSector)];
      if (fatSector === undefined) throw damaged('迷你扇区编号超出分配表范围');
      return this.buf.readUInt32LE(this.u32Sector(fatSector) + (s % perSector) * 4);
    };
    const miniCount = Math.ceil(mini.length / MINI_SECTOR_BYTES);
    const sectors = this.chain(start, Math.ceil(size / MINI_SECTOR_BYTES), next, miniCount);
    const out = Buffer.alloc(size);
    let at = 0;
    for (const sector of sectors) {
      const offset = sector * MINI_SECTOR_BYTES;
      const n = Math.min(MINI_SECTOR_BYTES, size - at, mini.length - offset);
      mini.copy(out, at, offset, offset + n);
      at += n;
    }
    if (at < size) throw damaged('数据流不完整');
    return out;
  }

  /** Whether the root storage holds a stream of this name (compared case-insensitively, as OLE2 does). */
  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  private find(name: string): DirEntry | undefined {
    const wanted = name.toUpperCase();
    return this.rootChildren().find((e) => e.type === TYPE_STREAM && e.name.toUpperCase() === wanted);
  }

  /** The bytes of a stream directly under the root storage, or undefined when there is none. */
  stream(name: string): Buffer | undefined {
    const entry = this.find(name);
    if (!entry) return undefined;
    if (entry.size > this.buf.length) throw damaged('数据流长度超出文件范围');
    return entry.size < this.miniCutoff
      ? this.readMini(entry.start, entry.size)
      : this.readChain(entry.start, entry.size);
  }
}
