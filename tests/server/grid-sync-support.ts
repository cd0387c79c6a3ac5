import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { permissionsChanged } from '../../server/auth/permission-codes.js';
import type { Db } from '../../server/db/database.js';
import { roleId } from '../../server/db/seed/organisation.js';

/** A message as the table socket sends it. */
export interface GridMessage {
  type: string;
  data: Record<string, unknown> & {
    table?: string;
    action?: string;
    ids?: string[];
    fields?: string[];
    values?: Record<string, unknown>;
    origin?: string | null;
    key?: string;
    args?: unknown;
  };
}

export interface GridClient {
  socket: WebSocket;
  messages: GridMessage[];
  /** Resolves with the first message (already received or to come) that matches. */
  next(match?: (m: GridMessage) => boolean, timeoutMs?: number): Promise<GridMessage>;
  send(value: unknown): void;
  close(): void;
}

export function gridUrl(base: string, userId: string, pageId: string, table: string, tenant = '1'): string {
  const query = new URLSearchParams({ table, tenant });
  return `${base.replace(/^http/, 'ws')}/api/vxeSocket/${userId}/${pageId}?${query.toString()}`;
}

export async function openGrid(url: string, token: string): Promise<GridClient> {
  const socket = new WebSocket(url, [token]);
  const messages: GridMessage[] = [];
  const waiters: { match: (m: GridMessage) => boolean; resolve: (m: GridMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as GridMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (!w.match(message)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    next(match = () => true, timeoutMs = 3000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no grid message in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    send: (value) => socket.send(JSON.stringify(value)),
    close: () => socket.close(),
  };
}

export const updates = (client: GridClient) => client.messages.filter((m) => m.type === 'update-table');

/**
 * 客户管理 is the managers' screen; the grid tests watch it as staff too, so the staff role is
 * given its read code here (as an admin would in 角色授权).
 */
export async function letStaffReadCustomers(db: Db): Promise<void> {
  await sql`insert into sys_role_permission (role_id, permission_id)
    select ${roleId('staff')}, id from sys_permission where perms = 'customer:list'
    on conflict do nothing`.execute(db);
  await permissionsChanged(db, null);
}
