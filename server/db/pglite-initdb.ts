/**
 * Creating a new embedded data directory (initdb) in a child process. initdb runs PostgreSQL's
 * bootstrap inside the WebAssembly heap, which grows to some 700 MiB and never shrinks; done in the
 * server's own process, that memory would stay with the server until its next restart (closing
 * and reopening in-process still left ~120 MiB behind). In a child, it ends with the child, so a
 * first run holds the same memory as every later one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Plain CommonJS for a plain `node -e`: argv[1] the directory, argv[2] PGlite, argv[3] the conf. */
const CHILD = `
const { PGlite } = require(process.argv[2]);
(async () => {
  const db = new PGlite(process.argv[1], { postgresqlconf: JSON.parse(process.argv[3]) });
  await db.waitReady;
  await db.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

/** True when `dir` holds no PostgreSQL data directory yet. */
export function needsInitdb(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

export async function initdbInChild(dir: string, conf: readonly string[]): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // --liftoff-only: initdb runs each function of PostgreSQL a few times, so optimizing them is
  // wasted; on Node 24 it took the child from 530 MiB to 1 GiB (server/main.ts says why).
  const args = ['--liftoff-only', '-e', CHILD, dir, pglite, JSON.stringify(conf)];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`creating the embedded database in ${dir} failed (${code}): ${stderr.trim()}`);
}
