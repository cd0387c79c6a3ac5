import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { SmsProvider } from './auth/sms.js';
import type { ServerConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/index.js';

export interface StartedServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds a new one, and listens. Used by main and by tests. */
export async function startServer(
  config: ServerConfig,
  opts: { logger?: boolean; sms?: SmsProvider } = {},
): Promise<StartedServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readDatabaseUrl: config.readDatabaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  let seeded: boolean;
  let app: FastifyInstance;
  let address: string;
  try {
    await migrateToLatest(database.db);
    seeded = await seedIfEmpty(database.db, config.adminPassword);
    app = await buildApp({ config, database, logger: opts.logger, sms: opts.sms });
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A refused start (a declaration the tables cannot follow ...) leaves the database as a clean
    // stop would: the embedded one is one process's files, opened again by the next start.
    await database.close().catch(() => undefined);
    throw error;
  }
  return {
    app,
    database,
    seeded,
    url: address.replace('0.0.0.0', '127.0.0.1'),
    async close() {
      closeSocketsForRestart(app);
      // Fastify stops accepting, closes idle keep-alive connections and waits for in-flight requests.
      // It closes idle connections once; a connection whose request finishes during the drain would
      // then hold the exit for its whole keep-alive timeout: from now on an idle one ends at once.
      app.server.keepAliveTimeout = 1;
      await app.close();
      await database.close();
    },
  };
}

/**
 * WebSocket close code 1012 "Service Restart" (RFC 6455 registry): this server is going away, come
 * back. The shell's notice socket reconnects 5 s after any close (src/notice/socket.ts); behind the
 * proxy that lands on another instance. Without this, @fastify/websocket closes them with no code.
 */
export const RESTART_CLOSE_CODE = 1012;

function closeSocketsForRestart(app: FastifyInstance): void {
  for (const client of app.websocketServer?.clients ?? [])
    client.close(RESTART_CLOSE_CODE, 'server restarting');
}
