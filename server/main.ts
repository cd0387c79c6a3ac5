import { loadConfig } from './config.js';
import { startServer } from './start.js';

const config = loadConfig();
const server = await startServer(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
server.app.log.info(
  `智慧接待平台 on http://localhost:${config.port} using ${where}${server.seeded ? ' (demo data seeded)' : ''}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
