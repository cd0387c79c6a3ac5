import type { WebSocket } from 'ws';
import type { NoticeEvent, SocketMessage } from '../bus/index.js';

/** One open notice socket and whom it belongs to (resolved from the token at the handshake). */
export interface Connection {
  socket: WebSocket;
  userId: string;
  tokenHash: string;
  /** The tenants the user belongs to, 0 (no tenant) included: the audience of tenant-wide topics. */
  tenants: ReadonlySet<number>;
  alive: boolean;
}

/** A reader that lets this much pile up unsent is not reading; it is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The sockets this process holds, indexed by user and by tenant, and delivery of bus events to them. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byTenant = new Map<number, Set<Connection>>();

  add(conn: Connection): void {
    index(this.byUser, conn.userId, conn);
    for (const tenant of conn.tenants) index(this.byTenant, tenant, conn);
  }

  remove(conn: Connection): void {
    unindex(this.byUser, conn.userId, conn);
    for (const tenant of conn.tenants) unindex(this.byTenant, tenant, conn);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** The sockets of a tenant's members (null: all), as a snapshot. */
  inTenant(tenantId: number | null): Connection[] {
    return tenantId === null ? this.all() : [...(this.byTenant.get(tenantId) ?? [])];
  }

  deliver(event: NoticeEvent): void {
    const text = JSON.stringify(event.message);
    if (event.to === 'tenant') {
      for (const conn of this.byTenant.get(event.tenantId) ?? []) send(conn, text);
      return;
    }
    for (const userId of new Set(event.userIds)) {
      for (const conn of this.byUser.get(userId) ?? []) send(conn, text);
    }
  }
}

/**
 * To the sockets of one tenant (null: every tenant) whose user `allowed` lets hear it, asked once per
 * user. For messages that say something about rows: only people who may list them hear of them.
 */
export async function deliverWhere(
  hub: SocketHub,
  tenantId: number | null,
  message: SocketMessage,
  allowed: (userId: string) => Promise<boolean>,
): Promise<void> {
  const text = JSON.stringify(message);
  const answers = new Map<string, Promise<boolean>>();
  for (const conn of hub.inTenant(tenantId)) {
    let answer = answers.get(conn.userId);
    if (!answer) answers.set(conn.userId, (answer = allowed(conn.userId)));
    if (await answer) send(conn, text);
  }
}

function send(conn: Connection, text: string): void {
  const { socket } = conn;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(text);
}

function index<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function unindex<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}
