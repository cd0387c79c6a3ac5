import type { Db } from '../db/database.js';
import { InProcessBus } from './memory.js';
import { PgNotifyBus } from './postgres.js';
import type { EventBus } from './types.js';

export type { EventBus, NoticeEvent, SocketMessage } from './types.js';

/**
 * The bus for this process: PostgreSQL LISTEN/NOTIFY when the server runs on PostgreSQL
 * (`DATABASE_URL`), so instances behind a proxy deliver to each other's sockets; otherwise (the
 * embedded database, one process) an in-process bus.
 */
export async function createEventBus(
  db: Db,
  databaseUrl: string,
  onError?: (error: unknown) => void,
): Promise<EventBus> {
  if (!databaseUrl) return new InProcessBus();
  const bus = new PgNotifyBus(db, databaseUrl, onError);
  await bus.start();
  return bus;
}
