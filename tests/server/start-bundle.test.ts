/**
 * `npm start` runs the server as one bundle (scripts/build-server.ts) under plain node. On a new
 * data directory the embedded database is created in a child process, so the server itself never
 * holds initdb's memory: done in-process, its peak resident memory passed 700 MiB. On Node 24 the
 * bound also holds only with the embedded database kept on V8's baseline WebAssembly compiler
 * (server/main.ts): optimizing PostgreSQL's SQL parser took the peak to ~770 MiB. .ci/run runs this
 * file under Node 20 and Node 24.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleServer, SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/build-server.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../server/config.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-start-bundle-'));
// Inside the project, so that the bundle finds the packages in node_modules.
const bundleDir = path.resolve(`.tmp/start-bundle-${process.pid}`);
let child: ChildProcess;
let url: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The process's peak resident memory so far, in MiB (Linux). */
function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

beforeAll(async () => {
  const bundle = await bundleServer('server/main.ts', path.join(bundleDir, 'main.js'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(work, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bundled server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/sys/randomImage/1`)).status < 500) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // Bundling, initdb in a child process, migrations and the demo data: ~20 s alone, past 60 s while
  // the other worker runs a whole first start too (seen on CI).
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

it('serves a new embedded database with its demo data: sign in, then a declared list', async () => {
  const login = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD, captcha: '', checkKey: '' }),
  });
  const signedIn = (await login.json()) as { code: number; result: { token: string } };
  expect(signedIn.code).toBe(200);
  const list = await fetch(`${url}/api/sys/dict/list?pageNo=1&pageSize=10`, {
    headers: { 'X-Access-Token': signedIn.result.token },
  });
  const page = (await list.json()) as { success: boolean; result: { total: number } };
  expect(page.success).toBe(true);
  expect(page.result.total).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(work, 'data', 'pgdata', 'PG_VERSION'))).toBe(true);
});

it('never held the memory of creating that database', () => {
  // In-process, initdb alone took the server past 700 MiB (770 on Node 24); created in a child, the
  // server peaked near 300 MiB after migrating and seeding. Since the office, equipment, vehicle
  // and mail demos (2026-11-26) run dozens of requests through the approval engine at the first
  // start, V8 lets ~190 MB of their garbage build up before its first full collection: ~455 MiB at
  // the peak on Node 20, ~555 MiB on Node 24 (a restart without the demo: ~300 MiB). The project
  // stage demo (2026-11-27: every started demo project run through its stages) took Node 24 to
  // ~686 MiB. The bound keeps the initdb mistake and further growth from passing unnoticed; lowering
  // the demos' garbage is docs/ARCHITECTURE.md's next step.
  expect(peakRssMiB(child.pid!)).toBeLessThan(740);
});
