/**
 * The read standby (DATABASE_READ_URL, docs/OPERATIONS.md "The read standby"): a streaming-replication
 * standby that the declared lists, their exports and the online reports read from. Everything else -
 * writes, reads inside a transaction, permissions, sessions - stays on the primary.
 *
 * Two bounds make a standby read safe to show:
 * - Staleness: every PROBE_MS the primary's WAL position is read and the standby asked whether it has
 *   replayed that far; the standby is "fresh at" the time of the newest position it had. A standby
 *   fresh at a time more than MAX_LAG_MS ago (replay paused, a slow link, a standby cut off) is not
 *   read: a standby read misses at most the last MAX_LAG_MS + PROBE_MS of other people's writes.
 * - Read-your-own-writes: a user who wrote through this server reads the primary for STICKY_MS, which
 *   is longer than MAX_LAG_MS; after it, a standby fresh enough to be read has the write.
 * A standby that cannot be reached is skipped for RETRY_STANDBY_MS.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from './database.js';
import { isDatabaseUnavailable } from '../http/db-errors.js';

/** A standby further behind than this is not read. */
export const MAX_LAG_MS = 4_000;
/** How often the standby's replay position is compared with the primary's. */
export const PROBE_MS = 1_000;
/** After a write, the writer's reads go to the primary this long (more than MAX_LAG_MS: see above). */
export const STICKY_MS = 5_000;
/** A standby that failed is not tried again for this long. */
const RETRY_STANDBY_MS = 5_000;

interface Routing {
  standby: Db;
  standbyPool: pg.Pool;
  lastWrite: Map<string, number>;
  standbyDownUntil: number;
  /** The standby had replayed everything the primary had written at this time (0: not known yet). */
  freshAt: number;
}

const routings = new WeakMap<Db, Routing>();

/** One probe: is the standby at least where the primary was when the probe began? */
async function probe(primary: Db, routing: Routing): Promise<void> {
  const at = Date.now();
  try {
    const now = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
    const lsn = now.rows[0]?.lsn;
    if (!lsn) return;
    // null on a server that is not a standby: never fresh, so never read (DATABASE_READ_URL must be one).
    const replayed = await sql<{ caught: boolean | null }>`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn
      as caught`.execute(routing.standby);
    if (replayed.rows[0]?.caught === true) routing.freshAt = at;
  } catch {
    // Either database not answering: the freshness stays as it was, and ages past MAX_LAG_MS.
  }
}

/** Called by openDatabase when a read URL is configured; answers the function that stops the probe. */
export function registerStandby(primary: Db, standby: Db, standbyPool: pg.Pool): () => void {
  const routing: Routing = { standby, standbyPool, lastWrite: new Map(), standbyDownUntil: 0, freshAt: 0 };
  routings.set(primary, routing);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void probe(primary, routing).finally(() => {
      running = false;
    });
  };
  tick();
  const timer = setInterval(tick, PROBE_MS);
  timer.unref();
  return () => clearInterval(timer);
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

/** The routing when a read of `userId` may go to the standby now; undefined: read the primary. */
function standbyFor(primary: Db, userId: string | null): Routing | undefined {
  const routing = routings.get(primary);
  if (!routing) return undefined;
  const now = Date.now();
  if (now < routing.standbyDownUntil || now - routing.freshAt > MAX_LAG_MS) return undefined;
  const wrote = userId ? routing.lastWrite.get(userId) : undefined;
  if (wrote !== undefined && now - wrote < STICKY_MS) return undefined;
  return routing;
}

/** Which database a read of `userId` goes to (the primary when there is no standby to read). */
export function readerFor(primary: Db, userId: string | null): Db {
  return standbyFor(primary, userId)?.standby ?? primary;
}

/** The standby's pool when a read of `userId` may go there (a report session), else null. */
export function readerPoolFor(primary: Db, userId: string | null): pg.Pool | null {
  return standbyFor(primary, userId)?.standbyPool ?? null;
}

/** The standby did not answer: it is skipped for a while. */
export function standbyFailed(primary: Db): void {
  const routing = routings.get(primary);
  if (routing) routing.standbyDownUntil = Date.now() + RETRY_STANDBY_MS;
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
    standbyFailed(primary);
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
