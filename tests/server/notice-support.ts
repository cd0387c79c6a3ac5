import { WebSocket } from 'ws';
import { seedId } from '../../server/db/seed/ids.js';
import { userId } from '../../server/db/seed/organisation.js';
import type { SocketMessage } from '../../server/bus/index.js';
import { DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestContext } from './helpers.js';

/** Shared by the notice test files: signed-in calls in a tenant, seeded ids, a socket client. */
export const TENANT_HEADER = { 'tenant-id': '1' };
export const seededAnnouncement = (key: string) => seedId(`announcement:${key}`);
export { userId };

export interface Caller {
  token: string;
  userId: string;
  headers: Record<string, string>;
}

export async function signIn(ctx: TestContext, username: string, tenant = '1'): Promise<Caller> {
  const token = await ctx.login(username, username === 'admin' ? TEST_ADMIN_PASSWORD : DEMO_PASSWORD);
  return { token, userId: userId(username), headers: { 'x-access-token': token, 'tenant-id': tenant } };
}

/** A socket client that records every message it receives. */
export interface SocketClient {
  socket: WebSocket;
  messages: SocketMessage[];
  /** Resolves with the first message (from now or already received) that matches. */
  next(match?: (m: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
  close(): void;
}

export async function openSocket(baseUrl: string, pathUserId: string, token: string): Promise<SocketClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/websocket/${pathUserId}`;
  const socket = new WebSocket(url, [token]);
  const messages: SocketMessage[] = [];
  const waiters: { match: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as SocketMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
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
        const timer = setTimeout(() => reject(new Error('no socket message in time')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => socket.close(),
  };
}

/** The HTTP status a refused handshake answered with. */
export function refusedStatus(url: string, protocols: string[] = [], origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, origin ? { origin } : {});
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      socket.close();
      reject(new Error('handshake was accepted'));
    });
    socket.on('error', () => {});
  });
}

/** Lets in-flight deliveries land before asserting that something did not arrive. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
