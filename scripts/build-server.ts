// `npm run build:server`: the server as one JavaScript file, dist-server/main.js, which `npm start`
// runs with plain node. Running the TypeScript under tsx instead costs ~50 MiB of resident memory
// for its loader thread and transformed sources, kept for the server's whole life.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_BUNDLE = 'dist-server/main.js';

/**
 * How `npm start` runs a bundle: package.json's start and serve scripts end with
 * `serverCommand(SERVER_BUNDLE)` (a unit test holds them to it), and the bench runs it the same way.
 *
 * MALLOC_MMAP_THRESHOLD_ fixes glibc's threshold for allocating through mmap at 128 KiB. Left
 * dynamic, glibc raises it after the first big block is freed, so every later password hash's
 * 32 MiB scrypt buffer and every big file buffer is carved from a thread's heap, which keeps it
 * resident after it is freed: a server's memory then depended on which threads had hashed a
 * password (±45 MiB between runs of the same import). Through mmap, freed blocks go back to the
 * system. Other C libraries ignore the variable.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };
export const SERVER_NODE_ARGS: readonly string[] = ['--enable-source-maps'];

export function serverCommand(bundle: string): string {
  const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  return [...env, 'node', ...SERVER_NODE_ARGS, bundle].join(' ');
}

/** Bundles `entry` (our code only: packages stay in node_modules) to `outfile`, with a source map. */
export async function bundleServer(entry = SERVER_ENTRY, outfile = SERVER_BUNDLE): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return path.resolve(outfile);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleServer();
