/**
 * The one way a zip entry is inflated (issue 31): imports (./xlsx/), the Word and Excel preview
 * (./zip-rebuild.ts) and anything else that opens an uploaded zip. The directory's sizes are
 * checked first (zip-guard.ts), but a directory can lie: a .docx whose word/document.xml declared
 * 4 KB inflated to 300 MB before anything noticed. So every entry is inflated here, counting the
 * bytes that really come out, and stops as soon as they pass the entry's allowance: its declared
 * size, at most `maxRatio` times its compressed size (past the first MiB), and what is left of the
 * archive's `maxTotalBytes`. zlib's stream honours back-pressure inside one input chunk, so at
 * most a chunk or two (16 KiB each) more than the allowance is ever produced.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { XlsxRejected } from './xlsx/rejected.js';

/** What an archive may inflate to (imports: ZIP_LIMITS in zip-guard.ts; the preview: smaller). */
export interface InflateLimits {
  maxTotalBytes: number;
  /** Ratio of inflated to compressed bytes an entry may reach past RATIO_FREE_BYTES. */
  maxRatio: number;
}

/**
 * What an import's archive may hold: entries, each entry's and all entries' declared sizes (checked
 * by zip-guard.ts before anything is inflated) and the same total and ratio for what really comes
 * out (counted here). The preview has smaller ones (server/document/office-preview.ts).
 */
export const ZIP_LIMITS = {
  maxEntries: 500,
  maxEntryBytes: 200 * 1024 * 1024,
  maxTotalBytes: 300 * 1024 * 1024,
  /** Ratio above which an entry is refused (text compresses well, ~100x is already extreme). */
  maxRatio: 200,
} as const;

export type ZipLimits = { [K in keyof typeof ZIP_LIMITS]: number };

/** Bytes any entry may inflate to whatever its ratio (a small part of zeros compresses 1000x). */
export const RATIO_FREE_BYTES = 1024 * 1024;

export const InflateMessages = {
  oversized: '文件解压后过大，疑似压缩炸弹',
  broken: '文件已损坏：压缩条目不完整',
} as const;

/** Every byte inflated through this module since the process started: tests read it around a call. */
export const inflateStats = { bytes: 0 };

/** The sizes of an entry the allowance is worked out from (a central directory record's). */
export interface EntrySizes {
  compressedSize: number;
  size: number;
}

/** One archive's running total: every entry inflated from it counts against the same limits. */
export class InflateBudget {
  private inflated = 0;

  constructor(readonly limits: InflateLimits) {}

  /** The most this entry may still inflate to. */
  allowance(entry: EntrySizes): number {
    const byRatio = Math.max(RATIO_FREE_BYTES, entry.compressedSize * this.limits.maxRatio);
    return Math.max(0, Math.min(entry.size, byRatio, this.limits.maxTotalBytes - this.inflated));
  }

  /** Counts bytes that came out; refuses once they pass `allowance`. */
  take(bytes: number, allowance: number, soFar: number): void {
    this.inflated += bytes;
    inflateStats.bytes += bytes;
    if (soFar > allowance) throw new XlsxRejected(InflateMessages.oversized);
  }
}

/** A small entry (a workbook's parts) inflated at once: zlib stops at the allowance itself. */
export function inflateWhole(raw: Buffer, entry: EntrySizes, budget: InflateBudget): Buffer {
  const allowance = budget.allowance(entry);
  let out: Buffer;
  try {
    out = inflateRawSync(raw, { maxOutputLength: Math.max(allowance, 1) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE')
      throw new XlsxRejected(InflateMessages.broken);
    // zlib gave up within one chunk past the allowance; count the allowance.
    budget.take(allowance, allowance, allowance);
    throw new XlsxRejected(InflateMessages.oversized);
  }
  budget.take(out.length, allowance, out.length);
  return out;
}

/** A stored (not compressed) entry is its bytes: the same allowance applies. */
export function storedWhole(raw: Buffer, entry: EntrySizes, budget: InflateBudget): Buffer {
  const allowance = budget.allowance(entry);
  budget.take(raw.length, allowance, raw.length);
  return raw;
}

const SLICE = 64 * 1024;

/** An entry as inflated chunks, pulled one at a time; refused as soon as it passes its allowance. */
export async function* inflateChunks(
  raw: Buffer,
  entry: EntrySizes,
  budget: InflateBudget,
): AsyncGenerator<Buffer, void, undefined> {
  const allowance = budget.allowance(entry);
  const inflate = createInflateRaw();
  const feed = async () => {
    for (let i = 0; i < raw.length && !inflate.destroyed; i += SLICE)
      if (!inflate.write(raw.subarray(i, i + SLICE)))
        await new Promise<void>((ok) => {
          const go = () => {
            inflate.off('drain', go);
            inflate.off('close', go);
            ok();
          };
          inflate.on('drain', go);
          inflate.on('close', go); // the reader stopped early
        });
    if (!inflate.destroyed) inflate.end();
  };
  const fed = feed().catch((error: unknown) => inflate.destroy(error as Error));
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      budget.take(chunk.length, allowance, total);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof XlsxRejected) throw error;
    throw new XlsxRejected(InflateMessages.broken);
  } finally {
    inflate.destroy();
    await fed;
  }
}
