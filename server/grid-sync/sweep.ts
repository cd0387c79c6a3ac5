import type { SessionPolicy } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { sessionAlive } from '../notice/socket-auth.js';
import type { GridSyncHub } from './hub.js';

export const SWEEP_MS = 30_000;

/**
 * As for the notice socket: every SWEEP_MS drop sockets that did not answer the last ping, close
 * those whose session ended (logout, forced sign-out, password change, expiry; read without sliding
 * the session, so an open grid does not keep it alive), reset the frame budget, ping the rest.
 */
export function startGridSweep(db: Db, policy: SessionPolicy, hub: GridSyncHub): () => void {
  const timer = setInterval(() => {
    void sweep(db, policy, hub).catch(() => {});
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function sweep(db: Db, policy: SessionPolicy, hub: GridSyncHub): Promise<void> {
  const checked = new Map<string, boolean>();
  for (const conn of hub.all()) {
    if (!conn.alive) {
      conn.socket.terminate();
      continue;
    }
    let alive = checked.get(conn.tokenHash);
    if (alive === undefined) {
      alive = await sessionAlive(db, policy, conn.tokenHash);
      checked.set(conn.tokenHash, alive);
    }
    if (!alive) {
      conn.socket.close(4001, 'session ended');
      continue;
    }
    conn.alive = false;
    conn.frames = 0;
    conn.socket.ping();
  }
}
