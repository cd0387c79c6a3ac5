/**
 * Online forms (issue 15): the time from the save of a designed declaration on one instance to the
 * new screen answering on a second instance (two in-process servers on one PostgreSQL database, the
 * bus carrying the change; goal < 2 s), and the server time of fetching a declaration at screen open
 * (Fastify inject, no socket: the cached 304 and the full answer; goal < 5 ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchPostgres, signInAt, startInProcess, type Running } from './in-process.js';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const SAVES = 8;
const FETCHES = 300;
const SEEN_GOAL_MS = 2_000;
const FETCH_GOAL_MS = 5;

function form(i: number) {
  const name = `benchForm${i}`;
  return {
    schemaVersion: 3,
    name,
    title: `压测表单${i}`,
    table: `onl_bench_form_${i}`,
    basePath: `/online/data/${name}`,
    kind: 'list',
    permissionPrefix: name,
    fields: [
      { name: 'visitor', title: '来访人', type: 'string', length: 20, required: true },
      { name: 'company', title: '来访单位', type: 'string', length: 100 },
      { name: 'visits', title: '来访次数', type: 'int' },
      { name: 'visitDate', title: '来访日期', type: 'date' },
    ],
  };
}

async function answers(r: Running, url: string, token: string): Promise<boolean> {
  const body = await r.inject(url, { 'x-access-token': token });
  return (JSON.parse(body) as { success?: boolean }).success === true;
}

/** Saves on `a`, then polls `b` every 10 ms until both the declaration and the list answer. */
async function saveToSeen(
  a: Running,
  b: Running,
  token: string,
  i: number,
): Promise<{ save: number; seen: number }> {
  const start = performance.now();
  const res = await fetch(`${a.url}/api/online/cgform/head/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify({ declaration: JSON.stringify(form(i)), comment: 'bench' }),
  });
  const saved = (await res.json()) as { success: boolean; message: string };
  if (!saved.success) throw new Error(`save failed: ${saved.message}`);
  const save = performance.now() - start;
  const name = `benchForm${i}`;
  while (performance.now() - start < 10_000) {
    if (
      (await answers(b, `/api/online/cgform/api/declaration/${name}`, token)) &&
      (await answers(b, `/api/online/data/${name}/list`, token))
    )
      return { save, seen: performance.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${name} not answering on the second instance within 10 s`);
}

async function fetchCost(r: Running, token: string): Promise<BenchRow[]> {
  const url = '/api/online/cgform/api/declaration/benchForm0';
  const full = JSON.parse(await r.inject(url, { 'x-access-token': token })) as {
    result: { version: string };
  };
  const etag = `"benchForm0@${full.result.version}"`;
  const cached: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < FETCHES; i++) {
    let t = performance.now();
    const body = await r.inject(url, { 'x-access-token': token, 'if-none-match': etag });
    cached.push(performance.now() - t);
    if (body !== '') throw new Error('expected a 304 without a body');
    t = performance.now();
    await r.inject(url, { 'x-access-token': token });
    whole.push(performance.now() - t);
  }
  return [
    {
      figure: 'declaration at screen open, cached (304), median',
      value: fmtMs(median(cached)),
      baseline: `goal ${FETCH_GOAL_MS} ms`,
      ratio: ratio(median(cached), FETCH_GOAL_MS),
    },
    {
      figure: 'declaration at screen open, cached (304), p95',
      value: fmtMs(percentile(cached, 95)),
      baseline: `goal ${FETCH_GOAL_MS} ms`,
      ratio: ratio(percentile(cached, 95), FETCH_GOAL_MS),
    },
    {
      figure: 'declaration at screen open, full answer, median',
      value: fmtMs(median(whole)),
      baseline: `cached ${fmtMs(median(cached))}`,
      ratio: ratio(median(whole), median(cached)),
    },
  ];
}

export async function benchOnline(): Promise<BenchRow[]> {
  const databaseUrl = await scratchPostgres('zj_bench_online');
  if (!databaseUrl) {
    return [
      {
        figure: 'save to second instance',
        value: 'skipped',
        baseline: 'no PostgreSQL at BENCH_DATABASE_URL',
        ratio: '-',
      },
    ];
  }
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-online-')));
  const a = await startInProcess({ label: 'a', databaseUrl }, dirs[0]);
  const b = await startInProcess({ label: 'b', databaseUrl }, dirs[1]);
  try {
    const { token } = await signInAt(a.url, a.config.adminPassword);
    const runs: { save: number; seen: number }[] = [];
    for (let i = 0; i < SAVES; i++) runs.push(await saveToSeen(a, b, token, i));
    const seen = runs.map((r) => r.seen);
    const saves = runs.map((r) => r.save);
    return [
      {
        figure: `save to the new screen answering on a 2nd instance, median of ${SAVES}`,
        value: fmtMs(median(seen)),
        baseline: `goal ${SEEN_GOAL_MS} ms (the save itself ${fmtMs(median(saves))})`,
        ratio: ratio(median(seen), SEEN_GOAL_MS),
      },
      {
        figure: 'save to the new screen answering on a 2nd instance, worst',
        value: fmtMs(Math.max(...seen)),
        baseline: `goal ${SEEN_GOAL_MS} ms`,
        ratio: ratio(Math.max(...seen), SEEN_GOAL_MS),
      },
      ...(await fetchCost(a, token)),
    ];
  } finally {
    await a.close();
    await b.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
