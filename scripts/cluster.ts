// `npm run cluster [-- --servers 3 --port 8088]`: N server processes on loopback ports, one PostgreSQL,
// nginx in front (WebSocket upgrades, failover of idempotent requests). Ctrl-C stops everything.
// The cluster tests and `npm run bench -- load` start the same thing through startCluster().
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { bundleServer, SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from './build-server.js';
import { nginxConfig } from './cluster-nginx.js';

export const DEFAULT_CLUSTER_DATABASE = 'postgres://postgres@127.0.0.1:5432/zhihui';
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';

export interface ClusterOptions {
  servers?: number;
  databaseUrl?: string;
  /** nginx's port; 0 picks a free one. */
  port?: number;
  /** Where the bundle, the nginx config, its logs and the shared data directory go. */
  dir?: string;
  /** Extra environment of every server (tests turn the captcha off). */
  env?: Record<string, string>;
  exposeUpstream?: boolean;
  /** false: no nginx, `url` is the single server's own (the bench's one-server figures). */
  proxy?: boolean;
  /** Server output: 'inherit' for `npm run cluster`, 'ignore' for tests (stderr is always shown). */
  quiet?: boolean;
}

export interface ClusterServer {
  port: number;
  child: ChildProcess;
}

export interface Cluster {
  url: string;
  servers: ClusterServer[];
  nginx: ChildProcess | null;
  dir: string;
  /** Starts one more server process on `port` (a test restarts a killed one) and waits until it listens. */
  startServer(port?: number): Promise<ClusterServer>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = path.resolve(options.dir ?? '.tmp/cluster');
  fs.mkdirSync(path.join(dir, 'nginx-tmp'), { recursive: true });
  const bundle = await bundleServer(SERVER_ENTRY, path.join(dir, 'server.js'));
  const count = Math.max(1, options.servers ?? 2);
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const port = options.port ? options.port : await freePort();
  const env: Record<string, string> = {
    ...SERVER_ENV,
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_CLUSTER_DATABASE,
    DATA_DIR: path.join(dir, 'data'),
    // Every server must decrypt the data sources the others saved: one key for all.
    DATA_SOURCE_KEY: process.env.DATA_SOURCE_KEY ?? sharedKey(dir),
    TRUST_PROXY: '1',
    ...options.env,
  };
  // Every process started, so that a start that fails half-way leaves none behind.
  const started: ChildProcess[] = [];
  const launch = async (serverPort: number): Promise<ClusterServer> => {
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
      env: { ...process.env, ...env, PORT: String(serverPort) },
      stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    started.push(child);
    await untilListening(serverPort, child);
    return { port: serverPort, child };
  };
  const servers: ClusterServer[] = [];
  let nginx: ChildProcess | null = null;
  try {
    // The first server migrates and seeds a new database alone; the others then start together.
    servers.push(await launch(ports[0]).catch((error: Error) => firstStartAgain(error)));
    servers.push(...(await Promise.all(ports.slice(1).map(launch))));
    nginx = options.proxy === false ? null : await startNginx();
  } catch (error) {
    await Promise.all(started.map((child) => stopChild(child)));
    throw error;
  }

  /**
   * On a new database the first start creates every declared table; on a busy machine that can
   * outlast Fastify's 10 s plugin timeout and the server exits. The tables it made stay, so a
   * second start finishes the rest.
   */
  function firstStartAgain(error: Error): Promise<ClusterServer> {
    console.error(`cluster: first server did not start (${error.message}); starting it once more`);
    return launch(ports[0]);
  }

  async function startNginx(): Promise<ChildProcess> {
    const configFile = path.join(dir, 'nginx.conf');
    const config = nginxConfig({ port, upstreams: ports, dir, exposeUpstream: options.exposeUpstream });
    fs.writeFileSync(configFile, config);
    const child = spawn(NGINX, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    started.push(child);
    await untilListening(port, child);
    return child;
  }

  return {
    url: `http://127.0.0.1:${nginx ? port : ports[0]}`,
    servers,
    nginx,
    dir,
    async startServer(serverPort = ports[0]) {
      const server = await launch(serverPort);
      servers.push(server);
      return server;
    },
    async stop() {
      const children = [...servers.map((s) => stopChild(s.child))];
      if (nginx) children.push(stopChild(nginx, 'SIGQUIT'));
      await Promise.all(children);
    },
  };
}

/** A random data-source key, made once per cluster directory (servers on one database share it). */
function sharedKey(dir: string): string {
  const file = path.join(dir, 'data-source.key');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port; rejects if the process ends first or after 90 s. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`process ${child.pid} ended (${child.exitCode ?? child.signalCode}) before listening`);
    if (await accepts(port)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`nothing listens on ${port} after 90 s`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Signals a child (SIGTERM: the server drains) and waits for it; SIGKILL after 15 s. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** Creates the database of the URL when it does not exist yet (the first `npm run cluster`). */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    // A database name cannot be a bound parameter; it is quoted as an identifier instead.
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const servers = Number(argValue(args, 'servers') ?? 2);
  const port = Number(argValue(args, 'port') ?? 8088);
  if (!Number.isInteger(servers) || servers < 1 || !Number.isInteger(port)) {
    console.error('usage: npm run cluster -- [--servers N] [--port P]');
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_CLUSTER_DATABASE;
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({ servers, port, databaseUrl });
  console.log(
    `智慧接待平台 cluster: ${servers} servers (ports ${cluster.servers.map((s) => s.port).join(', ')}) ` +
      `behind nginx on ${cluster.url} (config: ${path.join(cluster.dir, 'nginx.conf')}). Ctrl-C stops it.`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A server or nginx that dies on its own ends the whole cluster, rather than half of it running on.
  for (const child of [cluster.nginx!, ...cluster.servers.map((s) => s.child)]) {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`process ${child.pid} ended (${code ?? signal}); stopping the cluster`);
      stop();
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
