/**
 * Gives the memory of an upload's chunks back as soon as they are on disk, instead of when V8 next
 * collects. Each socket read of a request body is a fresh 64 KiB buffer outside the JS heap; once
 * written it is garbage, but V8 only runs a young collection for such buffers after 32 MiB of them
 * have piled up (twice the largest semi-space), so a 100 MB upload grew the process by ~34 MB.
 * The same holds for a download's file chunks once sent (ReleasingFileStream, below).
 *
 * A written chunk's ArrayBuffer is detached by transferring it to a closed MessagePort: Node
 * serialises the message (detaching the buffer, as transfers must) and drops it, which frees the
 * backing memory at once. Only a buffer this stream owns alone is released, and only after the
 * stream has moved on to the next one: the multipart parser may hand out several slices of one
 * socket chunk (a boundary-like run inside it), always in order and all before the next chunk's;
 * small buffers (the parser's own look-behind, Node's 8 KiB pool) are never touched. On Node 24 the
 * pool's slabs are 64 KiB (Buffer.poolSize), the size of a socket chunk: the two cannot be told
 * apart by size, so nothing of that size is released there and memory is as before (the goal's
 * figure is Node 20's, docs/BENCHMARKS.md).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/**
 * Smaller buffers are never released: Node's Buffer pool (one shared 8 KiB slab, or whatever
 * Buffer.poolSize says) and the parser's look-behind. A socket chunk is 64 KiB.
 */
const ownedMinBytes = () => Math.max(16 * 1024, Buffer.poolSize + 1);

let closed: MessagePort | null = null;

function closedPort(): MessagePort {
  if (!closed) {
    const channel = new MessageChannel();
    channel.port1.close();
    channel.port2.close();
    closed = channel.port1;
  }
  return closed;
}

/** Tracks the chunks of one stream; call `written` after each chunk is safely written. */
export class ChunkReleaser {
  private previous: ArrayBuffer | null = null;

  written(chunk: Buffer): void {
    const buffer = chunk.buffer;
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < ownedMinBytes()) return;
    if (buffer === this.previous) return;
    if (this.previous) release(this.previous);
    this.previous = buffer;
  }
}

function release(buffer: ArrayBuffer): void {
  try {
    closedPort().postMessage(null, [buffer]);
  } catch {
    // Not transferable (already detached, or marked as not detachable): left to the collector.
  }
}

/**
 * A file read for an answer, each chunk released once the answer's socket has sent it: a chunk the
 * pipe has taken from this stream (pushed minus still buffered) is done when the response has
 * nothing left to send (`writableLength` counts what is queued or still being written, so 0 means
 * every byte handed to it has reached the kernel). The chunks are this stream's own (a fresh buffer
 * per read), never a caller's.
 */
export class ReleasingFileStream extends Readable {
  private readonly source: fs.ReadStream;
  private readonly sent: { buffer: ArrayBuffer; end: number }[] = [];
  private pushed = 0;

  constructor(
    file: string,
    private readonly response: { readonly writableLength: number },
  ) {
    super();
    this.source = fs.createReadStream(file);
    this.source.on('data', (data: string | Buffer) => {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      this.releaseSent();
      this.pushed += chunk.length;
      if (chunk.buffer instanceof ArrayBuffer && chunk.buffer.byteLength >= ownedMinBytes())
        this.sent.push({ buffer: chunk.buffer, end: this.pushed });
      if (!this.push(chunk)) this.source.pause();
    });
    this.source.on('end', () => this.push(null));
    this.source.on('error', (error) => this.destroy(error));
    this.source.pause();
  }

  override _read(): void {
    this.releaseSent();
    this.source.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.source.destroy();
    callback(error);
  }

  private releaseSent(): void {
    if (this.response.writableLength !== 0) return;
    const taken = this.pushed - this.readableLength;
    // A buffer is shared by the chunks of one read only; keep the last one that may still be queued.
    while (this.sent.length > 1 && this.sent[0].end <= taken && this.sent[0].buffer !== this.sent[1].buffer)
      release(this.sent.shift()!.buffer);
  }
}
