// Notice socket bench: time from release to delivery on N connected sockets, and server memory per
// socket, each next to a bare `ws` server doing the same broadcast in the same run. The server runs in
// a child process so its memory is measured alone.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { fmtMs, median, percentile, ratio, type BenchRow } from './stats.js';

const SOCKETS = 200;
const ROUNDS = 20;
const THIS_FILE = fileURLToPath(import.meta.url);

interface Ready {
  url: string;
  adminToken: string;
  /** [path user id, token] per socket. */
  sockets: [string, string][];
}
interface Memory {
  heap: number;
  rss: number;
}

// ---- child side -------------------------------------------------------------------------------

// The JS heap only: the embedded database's WebAssembly memory counts as "external" and grows with
// its own work (each handshake reads the session), which would drown the sockets' share.
function memory(): Memory {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

async function appChild(): Promise<Ready> {
  const { loadConfig } = await import('../../server/config.js');
  const { startServer } = await import('../../server/start.js');
  const { createSession } = await import('../../server/auth/sessions.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zj-bench-notice-'));
  const config = { ...loadConfig({}), dataDir: dir, port: 0, host: '127.0.0.1', logLevel: 'warn' };
  const server = await startServer(config, { logger: false });
  process.once('disconnect', () => {
    void server.close().finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  const db = server.database.db;
  const users = await db.selectFrom('sysUser').select('id').where('status', '=', 1).orderBy('id').execute();
  const admin = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const sockets: [string, string][] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const user = users[i % users.length];
    sockets.push([user.id, await createSession(db, config, user.id, 1, '127.0.0.1')]);
  }
  return { url: server.url, adminToken: await createSession(db, config, admin.id, 1, '127.0.0.1'), sockets };
}

/** The baseline: a bare `ws` server; GET /release broadcasts one message to every socket. */
async function bareChild(): Promise<Ready> {
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    const msgId = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    const text = JSON.stringify({ cmd: 'topic', msgId, msgTxt: '基准' });
    for (const client of wss.clients) client.send(text);
    res.end('{}');
  });
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws)),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  process.once('disconnect', () => process.exit(0));
  return {
    url: `http://127.0.0.1:${port}`,
    adminToken: '',
    sockets: Array.from({ length: SOCKETS }, () => ['x', 't']),
  };
}

async function runChild(mode: string): Promise<void> {
  const ready = mode === 'bare' ? await bareChild() : await appChild();
  process.on('message', (m) => {
    if (m === 'memory') process.send?.({ memory: memory() });
  });
  process.send?.({ ready });
}

// ---- parent side ------------------------------------------------------------------------------

class Child {
  private constructor(
    private readonly proc: ChildProcess,
    readonly ready: Ready,
  ) {}

  static async start(mode: 'app' | 'bare'): Promise<Child> {
    const proc = fork(THIS_FILE, ['child', mode], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: 'inherit',
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`bench child exited with ${code}`)));
      proc.on('message', (m: { ready?: Ready }) => m.ready && resolve(m.ready));
    });
    return new Child(proc, ready);
  }

  memory(): Promise<Memory> {
    return new Promise((resolve) => {
      const onMessage = (m: { memory?: Memory }) => {
        if (!m.memory) return;
        this.proc.off('message', onMessage);
        resolve(m.memory);
      };
      this.proc.on('message', onMessage);
      this.proc.send('memory');
    });
  }

  async stop(): Promise<void> {
    this.proc.removeAllListeners('exit');
    const exited = new Promise((r) => this.proc.once('exit', r));
    this.proc.disconnect();
    await exited;
  }
}

function open(
  url: string,
  userId: string,
  token: string,
  arrivals: Map<string, number[]>,
): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/websocket/${userId}`, [token]);
  ws.on('message', (data) => {
    const { msgId } = JSON.parse(String(data)) as { msgId: string };
    arrivals.get(msgId)?.push(performance.now());
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

interface Measured {
  latencies: number[];
  perSocketBytes: number;
}

/** Opens the sockets, measures memory per socket, then times ROUNDS releases to all of them. */
async function measure(
  child: Child,
  release: (round: number) => Promise<{ id: string; start: () => Promise<void> }>,
) {
  const arrivals = new Map<string, number[]>();
  const { url, sockets } = child.ready;
  // Warm-up: the first handshakes compile and allocate what every later one reuses.
  const warm = await Promise.all(sockets.slice(0, 20).map(([u, t]) => open(url, u, t, arrivals)));
  for (const ws of warm) ws.close();
  await new Promise((r) => setTimeout(r, 300));
  const before = await child.memory();
  const clients: WebSocket[] = [];
  for (let i = 0; i < sockets.length; i += 50) {
    const batch = sockets.slice(i, i + 50).map(([u, t]) => open(url, u, t, arrivals));
    clients.push(...(await Promise.all(batch)));
  }
  const after = await child.memory();
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const { id, start } = await release(round);
    const got: number[] = [];
    arrivals.set(id, got);
    const t0 = performance.now();
    await start();
    while (got.length < sockets.length) {
      if (performance.now() - t0 > 10_000)
        throw new Error(`only ${got.length} of ${sockets.length} delivered`);
      await new Promise((r) => setTimeout(r, 1));
    }
    // The first two rounds warm up.
    if (round >= 2) latencies.push(...got.map((t) => t - t0));
  }
  for (const ws of clients) ws.close();
  return { latencies, perSocketBytes: (after.heap - before.heap) / sockets.length } satisfies Measured;
}

async function measureApp(): Promise<Measured> {
  const child = await Child.start('app');
  try {
    const { url, adminToken } = child.ready;
    const headers = { 'x-access-token': adminToken, 'tenant-id': '1', 'content-type': 'application/json' };
    return await measure(child, async (round) => {
      const titile = `bench-${round}-${Date.now()}`;
      await fetch(`${url}/api/sys/annountCement/add`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ titile, msgCategory: '4', msgType: 'ALL', msgContent: '<p>bench</p>' }),
      });
      const list = (await (
        await fetch(`${url}/api/sys/annountCement/list?titile=${encodeURIComponent(titile)}`, { headers })
      ).json()) as { result: { records: { id: string }[] } };
      const id = list.result.records[0].id;
      return {
        id,
        start: async () => {
          const res = (await (
            await fetch(`${url}/api/sys/annountCement/doReleaseData?id=${id}`, { headers })
          ).json()) as {
            success: boolean;
          };
          if (!res.success) throw new Error('release failed');
        },
      };
    });
  } finally {
    await child.stop();
  }
}

async function measureBare(): Promise<Measured> {
  const child = await Child.start('bare');
  try {
    return await measure(child, async (round) => {
      const id = `bare-${round}`;
      return { id, start: async () => void (await fetch(`${child.ready.url}/release?id=${id}`)).text() };
    });
  } finally {
    await child.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchNotice(): Promise<BenchRow[]> {
  const app = await measureApp();
  const bare = await measureBare();
  const n = `${SOCKETS} sockets, ${ROUNDS} releases`;
  return [
    {
      figure: `release → delivery, median (${n})`,
      value: fmtMs(median(app.latencies)),
      baseline: `bare ws broadcast ${fmtMs(median(bare.latencies))}`,
      ratio: ratio(median(app.latencies), median(bare.latencies)),
    },
    {
      figure: `release → delivery, p95 (${n})`,
      value: fmtMs(percentile(app.latencies, 95)),
      baseline: `bare ws broadcast ${fmtMs(percentile(bare.latencies, 95))}`,
      ratio: ratio(percentile(app.latencies, 95), percentile(bare.latencies, 95)),
    },
    {
      figure: 'server JS heap per notice socket (after GC)',
      value: kb(app.perSocketBytes),
      baseline: `bare ws ${kb(bare.perSocketBytes)}`,
      ratio: ratio(app.perSocketBytes, bare.perSocketBytes),
    },
  ];
}

if (process.argv[2] === 'child') void runChild(process.argv[3] ?? 'app');
