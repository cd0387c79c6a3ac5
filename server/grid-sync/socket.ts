/**
 * `/vxeSocket/{userId}/{pageId}?table=<entity>&tenant=<id>`: the live table socket. Authenticated
 * exactly like the notice socket (server/notice/socket-auth.ts): the route is 'public' at the HTTP
 * level because a browser cannot send X-Access-Token on a WebSocket, and the handshake is checked
 * before the upgrade — the token is the sub-protocol, the path's userId must be the token's user, the
 * Origin must be ours — then, deny by default, the table must be a declared entity the user may list
 * and the tenant one of the user's.
 *
 * Row changes never come from here: the server announces what it stored (entity-feed.ts), because
 * a browser's frame proves nothing — it could name any row and any values.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ID_PATTERN, MessageType, parseClientMessage } from '../../runtime/model/grid-sync/protocol.js';
import type { SessionPolicy } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import {
  authenticateHandshake,
  handshakeToken,
  originAllowed,
  SocketMessages,
} from '../notice/socket-auth.js';
import { fail } from '../result.js';
import type { TableAccess } from './access.js';
import type { GridDelivery } from './delivery.js';
import type { GridConnection, GridSyncHub } from './hub.js';

export const HEARTBEAT_REPLY = JSON.stringify({ type: MessageType.heartbeat, data: 'pong' });
/** Frames per socket per sweep: a heartbeat every 10 s is 3; the rest is room for page messages. */
const MAX_FRAMES_PER_SWEEP = 120;

export const GridSocketMessages = {
  badPage: '参数错误：页面标识不正确',
  table: '无权访问该数据表',
  tenant: '无权访问该租户',
} as const;

export interface GridSocketDeps {
  db: Db;
  policy: SessionPolicy;
  hub: GridSyncHub;
  access: TableAccess;
  allowedOrigins: readonly string[];
  /** Hands a delivery to the bus (every instance, this one included, delivers it to its sockets). */
  publish(delivery: GridDelivery): void;
}

interface Accepted {
  userId: string;
  tokenHash: string;
  table: string;
  tenantId: number;
}

type Params = { userId: string; pageId: string };
type Query = { table?: unknown; tenant?: unknown };

async function checkHandshake(
  request: FastifyRequest<{ Params: Params; Querystring: Query }>,
  deps: GridSocketDeps,
): Promise<{ ok: true; accepted: Accepted } | { ok: false; status: number; message: string }> {
  if (!originAllowed(request, deps.allowedOrigins))
    return { ok: false, status: 403, message: SocketMessages.origin };
  const auth = await authenticateHandshake(
    deps.db,
    deps.policy,
    handshakeToken(request),
    request.params.userId,
  );
  if (!auth.ok) return auth;
  if (!ID_PATTERN.test(request.params.pageId))
    return { ok: false, status: 400, message: GridSocketMessages.badPage };
  const { table, tenant } = request.query;
  if (typeof table !== 'string' || !(await deps.access.may(auth.user.userId, table)))
    return { ok: false, status: 403, message: GridSocketMessages.table };
  const tenantId = tenant === undefined || tenant === '' ? 0 : Number(tenant);
  if (!Number.isInteger(tenantId) || !auth.user.tenants.has(tenantId))
    return { ok: false, status: 403, message: GridSocketMessages.tenant };
  return {
    ok: true,
    accepted: { userId: auth.user.userId, tokenHash: auth.user.tokenHash, table, tenantId },
  };
}

export function registerGridSocketRoute(app: FastifyInstance, deps: GridSocketDeps): void {
  const accepted = new WeakMap<FastifyRequest, Accepted>();
  app.get<{ Params: Params; Querystring: Query }>(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: async (request, reply) => {
        const result = await checkHandshake(request, deps);
        if (!result.ok) return reply.status(result.status).send(fail(result.message, result.status));
        accepted.set(request, result.accepted);
      },
    },
    (socket, request) => {
      const who = accepted.get(request);
      if (!who) {
        socket.close(1008);
        return;
      }
      const conn: GridConnection = {
        id: randomUUID(),
        socket,
        pageId: request.params.pageId,
        ...who,
        alive: true,
        frames: 0,
      };
      deps.hub.add(conn);
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('message', (raw) => {
        conn.alive = true;
        if (++conn.frames > MAX_FRAMES_PER_SWEEP) {
          socket.close(1008, 'rate');
          return;
        }
        try {
          onFrame(deps, conn, socket, String(raw));
        } catch {
          socket.close(1011);
        }
      });
      socket.on('close', () => deps.hub.remove(conn));
    },
  );
}

function onFrame(deps: GridSocketDeps, conn: GridConnection, socket: WebSocket, text: string): void {
  const message = parseClientMessage(text);
  // Anything else is ignored: a frame the protocol does not know carries nothing to relay.
  if (!message) return;
  if (message.type === 'heartbeat') {
    socket.send(HEARTBEAT_REPLY);
    return;
  }
  // Same user, same page: nothing crosses to another person.
  if (message.type === 'common-send-data') {
    const { key, args } = message.data;
    deps.publish({ kind: 'page', userId: conn.userId, pageId: conn.pageId, exceptConn: conn.id, key, args });
    return;
  }
  // update-table from a grid (JeecgBoot's sends a row's unsaved values after each cell edit) is not
  // relayed, not even as ids: the values may be forged, and a change the server stored is already
  // announced by the server itself. It was counted against the socket's rate like any frame.
}
