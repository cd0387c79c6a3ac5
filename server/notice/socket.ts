import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionPolicy } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { fail } from '../result.js';
import type { Connection, SocketHub } from './hub.js';
import {
  authenticateHandshake,
  handshakeToken,
  originAllowed,
  sessionAlive,
  SocketMessages,
  type SocketUser,
} from './socket-auth.js';

/** The contract's answer to any client frame (the client sends 'HeartBeat'). */
export const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** Client frames allowed per socket per sweep interval; the client's heartbeat is one per 20 s. */
const MAX_FRAMES_PER_SWEEP = 60;
export const SWEEP_MS = 30_000;

export interface SocketDeps {
  db: Db;
  policy: SessionPolicy;
  hub: SocketHub;
  allowedOrigins: readonly string[];
}

/**
 * `/websocket/{userId}`: the notice socket. At the HTTP level the route is 'public' because a browser
 * cannot send the X-Access-Token header on a WebSocket; the handshake is authenticated here instead,
 * before the upgrade, and refused with 401 (no or dead token) or 403 (a path userId that is not the
 * token's user, or a foreign Origin).
 */
export function registerSocketRoute(app: FastifyInstance, deps: SocketDeps): void {
  const users = new WeakMap<FastifyRequest, SocketUser>();

  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: async (request, reply) => {
        if (!originAllowed(request, deps.allowedOrigins)) {
          return reply.status(403).send(fail(SocketMessages.origin, 403));
        }
        const result = await authenticateHandshake(
          deps.db,
          deps.policy,
          handshakeToken(request),
          request.params.userId,
        );
        if (!result.ok) return reply.status(result.status).send(fail(result.message, result.status));
        users.set(request, result.user);
      },
    },
    (socket, request) => {
      const user = users.get(request);
      if (!user) {
        socket.close(1008);
        return;
      }
      const conn: Connection & { frames: number } = {
        socket,
        userId: user.userId,
        tokenHash: user.tokenHash,
        tenants: user.tenants,
        alive: true,
        frames: 0,
      };
      deps.hub.add(conn);
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('message', () => {
        conn.alive = true;
        if (++conn.frames > MAX_FRAMES_PER_SWEEP) {
          socket.close(1008, 'rate');
          return;
        }
        socket.send(HEARTBEAT_REPLY);
      });
      socket.on('close', () => deps.hub.remove(conn));
    },
  );
}

/**
 * Every SWEEP_MS: drop sockets that did not answer the last ping, close those whose session has ended
 * (logout, forced sign-out, password change, expiry), reset the frame budget, ping the rest.
 */
export function startSweep(deps: SocketDeps): () => void {
  const timer = setInterval(() => {
    void sweep(deps).catch(() => {});
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function sweep(deps: SocketDeps): Promise<void> {
  const conns = deps.hub.all() as (Connection & { frames: number })[];
  const checked = new Map<string, boolean>();
  for (const conn of conns) {
    if (!conn.alive) {
      conn.socket.terminate();
      continue;
    }
    let alive = checked.get(conn.tokenHash);
    if (alive === undefined) {
      alive = await sessionAlive(deps.db, deps.policy, conn.tokenHash);
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
