import type { WebSocket } from 'ws';
import { messageOf, type GridDelivery } from './delivery.js';

/** One open table socket: whose it is, which page and table it serves, in which tenant. */
export interface GridConnection {
  /** Random, unique across servers: excludes the sender from its page's common-send-data. */
  id: string;
  socket: WebSocket;
  userId: string;
  tokenHash: string;
  pageId: string;
  table: string;
  tenantId: number;
  alive: boolean;
  frames: number;
}

/** Whether a user may still list a table's rows (checked per receiver at every delivery). */
export type MayList = (userId: string, table: string) => Promise<boolean>;

/** A reader that lets this much pile up unsent is not reading; it is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const pageKey = (userId: string, pageId: string) => `${userId}/${pageId}`;

/** The table sockets this process holds, by table and by page, and delivery of bus events to them. */
export class GridSyncHub {
  private readonly byTable = new Map<string, Set<GridConnection>>();
  private readonly byPage = new Map<string, Set<GridConnection>>();

  constructor(private readonly mayList: MayList) {}

  add(conn: GridConnection): void {
    index(this.byTable, conn.table, conn);
    index(this.byPage, pageKey(conn.userId, conn.pageId), conn);
  }

  remove(conn: GridConnection): void {
    unindex(this.byTable, conn.table, conn);
    unindex(this.byPage, pageKey(conn.userId, conn.pageId), conn);
  }

  all(): GridConnection[] {
    return [...this.byTable.values()].flatMap((set) => [...set]);
  }

  async deliver(delivery: GridDelivery): Promise<void> {
    const text = JSON.stringify(messageOf(delivery));
    if (delivery.kind === 'page') {
      for (const conn of this.byPage.get(pageKey(delivery.userId, delivery.pageId)) ?? [])
        if (conn.id !== delivery.exceptConn) send(conn, text);
      return;
    }
    const { update, tenantId } = delivery;
    for (const conn of [...(this.byTable.get(update.table) ?? [])]) {
      if (tenantId !== null && conn.tenantId !== tenantId) continue;
      // A grant revoked after the socket opened counts from the next change on.
      if (await this.mayList(conn.userId, conn.table)) send(conn, text);
    }
  }
}

function send(conn: GridConnection, text: string): void {
  const { socket } = conn;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(text);
}

function index<K>(map: Map<K, Set<GridConnection>>, key: K, conn: GridConnection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function unindex<K>(map: Map<K, Set<GridConnection>>, key: K, conn: GridConnection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}
