import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  bundleServer,
  SERVER_BUNDLE,
  SERVER_ENTRY,
  SERVER_ENV,
  SERVER_NODE_ARGS,
} from '../../scripts/build-server.js';

const built = new Map<string, Promise<string>>();

/**
 * `script` bundled by scripts/build-server.ts, once per bench run: the server to
 * dist-server/main.js, as `npm start` builds it, anything else to .tmp/bench.
 */
export function bundled(script: string): Promise<string> {
  let bundle = built.get(script);
  if (!bundle) {
    const outfile =
      script === SERVER_ENTRY
        ? SERVER_BUNDLE
        : path.join('.tmp/bench', path.basename(script).replace(/\.ts$/, '.js'));
    built.set(script, (bundle = bundleServer(script, outfile)));
  }
  return bundle;
}

/** `script` run the way `npm start` runs the server: its bundle, by plain node (serverCommand). */
export async function spawnBundled(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return spawn(process.execPath, [...SERVER_NODE_ARGS, await bundled(script)], {
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
