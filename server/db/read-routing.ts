/**
 * The read standby (DATABASE_READ_URL, docs/OPERATIONS.md "The read standby"): a streaming-replication
 * standby that the declared lists read from. Everything else - writes, reads inside a transaction,
 * permissions, sessions - stays on the primary. Read-your-own-writes: a user who wrote through this
 * server reads the primary for STICKY_MS afterwards; a standby that cannot be reached is skipped.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './database.js';
import { isDatabaseUnavailable } from '../http/db-errors.js';

/** After a write, the writer's lists read the primary this long (well above a loopback standby's lag). */
export const STICKY_MS = 5_000;
/** A standby that failed is not tried again for this long. */
const RETRY_STANDBY_MS = 5_000;

interface Routing {
  standby: Db;
  lastWrite: Map<string, number>;
  standbyDownUntil: number;
}

const routings = new WeakMap<Db, Routing>();

/** Called by openDatabase when a read URL is configured. */
export function registerStandby(primary: Db, standby: Db): void {
  routings.set(primary, { standby, lastWrite: new Map(), standbyDownUntil: 0 });
}

/** A request of `userId` changed data (any non-GET answered): its reads stay on the primary a while. */
export function noteWrite(primary: Db, userId: string): void {
  const routing = routings.get(primary);
  if (!routing) return;
  const now = Date.now();
  routing.lastWrite.set(userId, now);
  if (routing.lastWrite.size > 10_000)
    for (const [user, at] of routing.lastWrite) if (now - at > STICKY_MS) routing.lastWrite.delete(user);
}

/** Which database a list read of `userId` goes to (the primary when there is no standby). */
export function readerFor(primary: Db, userId: string | null): Db {
  const routing = routings.get(primary);
  if (!routing || Date.now() < routing.standbyDownUntil) return primary;
  const wrote = userId ? routing.lastWrite.get(userId) : undefined;
  if (wrote !== undefined && Date.now() - wrote < STICKY_MS) return primary;
  return routing.standby;
}

/** Runs a read on the caller's reader; if that is the standby and it cannot be reached, on the primary. */
export async function withReader<T>(
  primary: Db,
  userId: string | null,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const reader = readerFor(primary, userId);
  if (reader === primary) return read(primary);
  try {
    return await read(reader);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const routing = routings.get(primary);
    if (routing) routing.standbyDownUntil = Date.now() + RETRY_STANDBY_MS;
    return read(primary);
  }
}

/**
 * Marks the caller as a recent writer before any non-GET answer leaves, so the list it reloads
 * right after reads the primary and shows what it just saved.
 */
export function installReadAfterWrite(app: FastifyInstance, primary: Db): void {
  if (!routings.has(primary)) return;
  app.addHook('onSend', async (request) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !request.auth) return;
    noteWrite(primary, request.auth.userId);
  });
}
