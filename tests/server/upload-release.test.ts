/**
 * The streamed upload gives each written chunk's memory back at once (server/sys/chunk-release.ts,
 * docs/BENCHMARKS.md "A 100 MB file up and down"). Releasing a buffer too early would corrupt the
 * file, so this sends a body over a real socket whose bytes are full of runs that look like the
 * multipart boundary (the parser then hands out several slices of one socket chunk and keeps a
 * look-behind), in odd-sized writes, and checks the stored file byte for byte, read back both
 * injected and over a socket whose reader is slow at first (the download releasing what it sent); and the releaser's
 * rules on their own: only a buffer it has moved past, never a small one, never the current one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkReleaser } from '../../server/sys/chunk-release.js';
import { createTestContext, type TestContext } from './helpers.js';
import { tokenFor } from './sys-session.js';

let ctx: TestContext;
let dataDir: string;
let token: string;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-upload-release-'));
  ctx = await createTestContext({ dataDir });
  token = await tokenFor(ctx, 'admin');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----zjReleaseBoundary7MA4YWxkTrZu0gW';

/**
 * 6 MB: a PDF head, random bytes, and every 997 bytes a run that starts like the boundary (cut
 * short by a NUL, so that no random byte can ever complete it).
 */
function trickyFile(): Buffer {
  const data = crypto.randomBytes(6 * 1024 * 1024);
  data.write('%PDF-1.7\n', 0, 'latin1');
  for (let at = 4096, n = 1; at < data.length - 64; at += 997, n++)
    data.write(`\r\n--${BOUNDARY.slice(0, n % BOUNDARY.length)}\0`, at, 'latin1');
  // One run right across a 64 KiB socket read.
  data.write(`\r\n--${BOUNDARY.slice(0, 20)}\0`, 65_536 - 7, 'latin1');
  return data;
}

/** POSTs the multipart body over the socket in writes of uneven sizes; resolves with the answer. */
function send(file: Buffer): Promise<{ success: boolean; message: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ndocuments\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="tricky.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/sys/common/uploadFile',
        headers: {
          'x-access-token': token,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': body.length,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
      },
    );
    req.on('error', reject);
    const sizes = [70_001, 65_536, 13, 131_071, 4_099];
    let at = 0;
    for (let i = 0; at < body.length; i++) {
      const n = sizes[i % sizes.length];
      req.write(body.subarray(at, at + n));
      at += n;
    }
    req.end();
  });
}

/** GETs a stored upload over the socket, reading slowly at first so the server has to wait. */
function download(stored: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const url = `/api/sys/common/download?path=${encodeURIComponent(stored)}`;
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { 'x-access-token': token } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          parts.push(c);
          if (parts.length % 8 === 0 && parts.length < 64) {
            res.pause();
            setTimeout(() => res.resume(), 20);
          }
        });
        res.on('end', () => resolve(Buffer.concat(parts)));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('a streamed upload releasing its chunks', () => {
  it('stores a file full of boundary-like runs byte for byte, twice in a row', async () => {
    for (let round = 0; round < 2; round++) {
      const file = trickyFile();
      const answer = await send(file);
      expect(answer.success, answer.message).toBe(true);
      const down = await ctx.app.inject({
        method: 'GET',
        url: `/api/sys/common/download?path=${encodeURIComponent(answer.message)}`,
        headers: { 'x-access-token': token },
      });
      expect(down.statusCode).toBe(200);
      expect(down.rawPayload.length).toBe(file.length);
      expect(down.rawPayload.equals(file)).toBe(true);
      // Over a real socket the download releases each chunk once sent: still the same bytes.
      const viaSocket = await download(answer.message);
      expect(viaSocket.length).toBe(file.length);
      expect(viaSocket.equals(file)).toBe(true);
    }
  });

  it('releases a chunk only once the stream has moved to the next, and never a small buffer', () => {
    const releaser = new ChunkReleaser();
    // Larger than Node's Buffer pool (8 KiB on Node 20, 64 KiB on Node 24), whose slabs are never released.
    const size = Math.max(64 * 1024, Buffer.poolSize) * 2;
    const first = Buffer.alloc(size, 1);
    const second = Buffer.alloc(size, 2);
    const small = Buffer.from('look-behind');
    releaser.written(first.subarray(0, 100));
    releaser.written(small);
    releaser.written(first.subarray(100)); // a second slice of the same chunk
    expect(first.length).toBe(size);
    releaser.written(second);
    expect(first.length).toBe(0); // detached: its memory is freed
    expect(second.length).toBe(size); // the current one is kept
    expect(small.toString()).toBe('look-behind');
    const pooled = Buffer.from('x'); // Node's 8 KiB pool: never released
    releaser.written(pooled);
    releaser.written(Buffer.alloc(size));
    expect(pooled.toString()).toBe('x');
    expect(second.length).toBe(0);
  });
});
