/**
 * A workbook's shared strings (every distinct text of its sheets, referenced by index from the
 * cells), kept as UTF-8 in one growing buffer. The whole table must stay in memory while a sheet
 * is read; as JavaScript strings the 500,000 texts of a 100,000-row sheet took ~48 MiB (most were
 * slices still holding the XML chunks they were cut from), as UTF-8 here they take ~8 MiB.
 */
export class SharedStrings {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  /** ends[i] is where text i ends in `bytes`; it starts where text i - 1 ends. */
  private ends = new Uint32Array(1 << 12);
  private used = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(text: string): void {
    const need = this.used + Buffer.byteLength(text, 'utf8');
    if (need > this.bytes.length) this.bytes = grown(this.bytes, need, this.used);
    this.used += this.bytes.write(text, this.used, 'utf8');
    if (this.count === this.ends.length) {
      const ends = new Uint32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.count++] = this.used;
  }

  /** Text number `index`, or undefined past the end (a cell naming a text the table lacks). */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    const start = index === 0 ? 0 : this.ends[index - 1];
    return this.bytes.toString('utf8', start, this.ends[index]);
  }
}

function grown(bytes: Buffer, need: number, used: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(need, bytes.length * 2));
  bytes.copy(next, 0, 0, used);
  return next;
}
