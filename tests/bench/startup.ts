import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundled, spawnBundled } from './node-process.js';
import { fmtMs, median, ratio, type BenchRow } from './stats.js';

/** Starts a script as `npm start` runs the server and times spawn → first successful HTTP answer on url. */
async function timeStart(script: string, env: Record<string, string>, probe: string): Promise<number> {
  await bundled(script); // built before the clock starts
  const started = performance.now();
  const child = await spawnBundled(script, { LOG_LEVEL: 'warn', ...env });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      try {
        const res = await fetch(probe);
        if (res.status < 500) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 15));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchStartup(port: number): Promise<BenchRow[]> {
  const base = { PORT: String(port), CAPTCHA: 'off' };
  const probe = `http://127.0.0.1:${port}`;
  const bare: number[] = [];
  for (let i = 0; i < 5; i++) bare.push(await timeStart('tests/bench/bare-server.ts', base, `${probe}/ping`));

  const firstRun: number[] = [];
  let keptDir = '';
  for (let i = 0; i < 3; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-'));
    firstRun.push(
      await timeStart('server/main.ts', { ...base, DATA_DIR: dir }, `${probe}/api/sys/randomImage/1`),
    );
    if (keptDir) fs.rmSync(keptDir, { recursive: true, force: true });
    keptDir = dir;
  }
  const cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    cold.push(
      await timeStart('server/main.ts', { ...base, DATA_DIR: keptDir }, `${probe}/api/sys/randomImage/1`),
    );
  }
  fs.rmSync(keptDir, { recursive: true, force: true });
  const b = median(bare);
  return [
    {
      figure: 'server start, existing embedded DB (median of 5)',
      value: fmtMs(median(cold)),
      baseline: `bare Fastify ${fmtMs(b)}`,
      ratio: ratio(median(cold), b),
    },
    {
      figure: 'first-run start: create + migrate + seed (median of 3)',
      value: fmtMs(median(firstRun)),
      baseline: `bare Fastify ${fmtMs(b)}`,
      ratio: ratio(median(firstRun), b),
    },
  ];
}
