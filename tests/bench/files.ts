/**
 * Upload and download of a 100 MB file (issue 17): `POST /sys/common/uploadFile` and
 * `GET /sys/common/download`, against the server run as `npm start` runs it (its own process, so its
 * memory is its own). Each time is a ratio to copying the same file on the same disk; the memory
 * figure is the growth of the server's peak resident size (VmHWM, reset before each transfer) over
 * its size before the transfer — streaming holds it under 32 MB.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_ADMIN_PASSWORD } from '../../server/config.js';
import { signInAt } from './in-process.js';
import { spawnBundled } from './node-process.js';
import { fmtMs, ratio, type BenchRow } from './stats.js';

const SIZE = 100 * 1024 * 1024;
const PORT = 18_496;

/** A PDF by its first bytes (the upload sniffs them), then 100 MB of incompressible bytes. */
async function writeSample(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  out.write('%PDF-1.7\n');
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 9; written < SIZE; written += block.length) {
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    if (!out.write(block.subarray(0, Math.min(block.length, SIZE - written))))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

const kib = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** Resets the process's peak resident size to its current size (Linux; root or the same user). */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function waitForServer(url: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (exited()) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${url}/api/sys/randomImage/1`)).status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not start');
}

async function timeCopy(from: string, to: string): Promise<number> {
  await fsp.rm(to, { force: true });
  const started = performance.now();
  await pipeline(fs.createReadStream(from), fs.createWriteStream(to));
  return performance.now() - started;
}

export async function benchFiles(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-files-'));
  const sample = path.join(dir, 'sample.pdf');
  await writeSample(sample);
  const url = `http://127.0.0.1:${PORT}`;
  const child = await spawnBundled('server/main.ts', {
    PORT: String(PORT),
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(dir, 'data'),
  });
  const pid = child.pid!;
  try {
    await waitForServer(url, () => child.exitCode !== null);
    const { token } = await signInAt(url, DEFAULT_ADMIN_PASSWORD);
    const copyUp = await timeCopy(sample, path.join(dir, 'copy-1.pdf'));

    resetPeak(pid);
    const rssBeforeUp = kib(pid, 'VmRSS');
    let started = performance.now();
    const form = new FormData();
    form.append('biz', 'documents');
    form.append('file', await fs.openAsBlob(sample, { type: 'application/pdf' }), 'sample.pdf');
    const res = await fetch(`${url}/api/sys/common/uploadFile`, {
      method: 'POST',
      headers: { 'X-Access-Token': token },
      body: form,
    });
    const answer = (await res.json()) as { success: boolean; message: string };
    const upload = performance.now() - started;
    const upGrowth = kib(pid, 'VmHWM') - rssBeforeUp;
    if (!answer.success) throw new Error(`upload refused: ${answer.message}`);

    const copyDown = await timeCopy(sample, path.join(dir, 'copy-2.pdf'));
    resetPeak(pid);
    const rssBeforeDown = kib(pid, 'VmRSS');
    started = performance.now();
    const down = await fetch(`${url}/api/sys/common/download?path=${encodeURIComponent(answer.message)}`, {
      headers: { 'X-Access-Token': token },
    });
    if (!down.ok || !down.body) throw new Error(`download failed: ${down.status}`);
    const target = path.join(dir, 'downloaded.pdf');
    await pipeline(
      Readable.fromWeb(down.body as import('node:stream/web').ReadableStream),
      fs.createWriteStream(target),
    );
    const download = performance.now() - started;
    const downGrowth = kib(pid, 'VmHWM') - rssBeforeDown;
    if ((await fsp.stat(target)).size !== SIZE) throw new Error('the download is not the uploaded file');

    const mib = (k: number) => `${(k / 1024).toFixed(1)} MiB`;
    return [
      {
        figure: 'upload of a 100 MB file (POST /sys/common/uploadFile, streamed to disk)',
        value: fmtMs(upload),
        baseline: `copying it on disk ${fmtMs(copyUp)}`,
        ratio: ratio(upload, copyUp),
      },
      {
        figure: 'server memory growth during that upload (goal < 32 MB)',
        value: mib(upGrowth),
        baseline: `resident before ${mib(rssBeforeUp)}`,
        ratio: ratio(upGrowth + rssBeforeUp, rssBeforeUp),
      },
      {
        figure: 'download of it (GET /sys/common/download, streamed from disk)',
        value: fmtMs(download),
        baseline: `copying it on disk ${fmtMs(copyDown)}`,
        ratio: ratio(download, copyDown),
      },
      {
        figure: 'server memory growth during that download (goal < 32 MB)',
        value: mib(downGrowth),
        baseline: `resident before ${mib(rssBeforeDown)}`,
        ratio: ratio(downGrowth + rssBeforeDown, rssBeforeDown),
      },
    ];
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
