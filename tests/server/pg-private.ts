/**
 * A private PostgreSQL cluster for one test file: initdb into a temporary directory, started on a free
 * loopback port, stopped, restarted and removed by the test - never the machine's own cluster on 5432,
 * which other tests use at the same time. PostgreSQL refuses to run as root, so as root every binary
 * runs as the `postgres` user (runuser) on a directory it owns.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/cluster.js';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' ends the sessions (a restart), 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  /** A streaming-replication standby of this cluster (pg_basebackup -R), started on its own port. */
  standby(): Promise<PrivateCluster>;
  /** Stops the cluster if it runs and deletes its directory. */
  remove(): Promise<void>;
}

/** The newest installed server's bin directory (/usr/lib/postgresql/<version>/bin). */
export function postgresBin(): string {
  const versions = fs.existsSync(ROOT)
    ? fs
        .readdirSync(ROOT)
        .filter((v) => fs.existsSync(path.join(ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server binaries under ${ROOT}`);
  return path.join(ROOT, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
async function pgRun(name: string, args: string[]): Promise<string> {
  const binary = path.join(postgresBin(), name);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await run(file, argv, { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${name} failed: ${(error as Error).message}\n${stderr ?? ''}`, { cause: error });
  }
}

/** A fresh directory the server's user owns. */
async function ownedTempDir(prefix: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  return dir;
}

function handle(dir: string, port: number): PrivateCluster {
  const data = path.join(dir, 'data');
  let running = false;
  const cluster: PrivateCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
      await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async restart() {
      await cluster.stop('fast');
      await cluster.start();
    },
    async standby() {
      const standbyDir = await ownedTempDir('zj-pg-standby-');
      try {
        await pgRun('pg_basebackup', [
          ...['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
          ...['-D', path.join(standbyDir, 'data'), '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
        ]);
      } catch (error) {
        fs.rmSync(standbyDir, { recursive: true, force: true });
        throw error;
      }
      const replica = handle(standbyDir, await freePort());
      await replica.start();
      return replica;
    },
    async remove() {
      if (running) await cluster.stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** initdb (trust on loopback, replication included) into a temporary directory, then start. */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = await ownedTempDir('zj-pg-');
  await pgRun('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const cluster = handle(dir, await freePort());
  try {
    await cluster.start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}
