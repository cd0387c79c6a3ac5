import v8 from 'node:v8';
import { loadConfig, type ServerConfig } from './config.js';
import { startFailureText } from './start-refused.js';
import { startServer, type StartedServer } from './start.js';

/**
 * On V8 13 (Node 24) the optimizing compiler's first Turboshaft phase takes ~580 MiB, for about a
 * second, to tier up one WebAssembly function: PostgreSQL's SQL parser (raw_parser with the grammar
 * inlined, 105 KB of code). PGlite's copy turns hot as soon as the migrations run, libpg-query's
 * (the report SQL guard) once enough report SQL has been parsed. V8 11 (Node 20) takes 8 MiB, V8 12
 * (Node 22) 24 MiB. So on V8 13 and later all WebAssembly stays on Liftoff, V8's baseline compiler:
 * a first start peaks near 275 MiB instead of 770 MiB, at ~1.6x the CPU time of statements that do
 * much work inside PostgreSQL (an aggregate over 300,000 rows); list-sized queries cost the same.
 * The flags must be set before either module is compiled (startServer below), and they are spelt
 * out one by one: set at run time, V8 13 no longer derives the last two from --liftoff-only.
 */
if (Number(process.versions.v8.split('.')[0]) >= 13)
  v8.setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');

/**
 * A start refused for a reason the operator fixes (a declaration file, a setting) prints its
 * message - file, JSON path, reason - and exits with 1, without a stack trace (start-refused.ts).
 */
async function start(): Promise<{ config: ServerConfig; server: StartedServer }> {
  try {
    const config = loadConfig();
    return { config, server: await startServer(config) };
  } catch (error) {
    process.stderr.write(`${startFailureText(error)}\n`);
    process.exit(1);
  }
}

const { config, server } = await start();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
server.app.log.info(
  `智慧接待平台 on http://localhost:${config.port} using ${where}${server.seeded ? ' (demo data seeded)' : ''}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
