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
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  await migrateToLatest(database.db);
  const seeded = await seedIfEmpty(database.db, config.adminPassword);
  const app = await buildApp({ config, database, logger: opts.logger, sms: opts.sms });
  const address = await app.listen({ port: config.port, host: config.host });
  return {
    app,
    database,
    seeded,
    url: address.replace('0.0.0.0', '127.0.0.1'),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
