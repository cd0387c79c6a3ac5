// `npm run build:server`: the server as one JavaScript file, dist-server/main.js, which `npm start`
// runs with plain node. Running the TypeScript under tsx instead costs ~50 MiB of resident memory
// for its loader thread and transformed sources, kept for the server's whole life.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_BUNDLE = 'dist-server/main.js';

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
