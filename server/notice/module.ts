import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { attachPermissionBus } from '../auth/permission-codes.js';
import { createEventBus, type EventBus } from '../bus/index.js';
import { registerAnnouncementAdminRoutes, registerAnnouncementReaderRoutes } from './announcement-routes.js';
import type { NoticeDeps } from './context.js';
import { registerFeedRoutes } from './feed-routes.js';
import { SocketHub } from './hub.js';
import { registerSendRoutes } from './send-routes.js';
import { registerSocketRoute, startSweep } from './socket.js';
import { noticeDb } from './tables.js';
import { registerUrgeRoutes } from './urge.js';

/** Largest client frame; the client only ever sends its heartbeat. */
const MAX_FRAME_BYTES = 4 * 1024;

/**
 * Announcements, reminders and the notice socket. Registers the WebSocket plugin on the root (it
 * must see the upgrade before any route does), the event bus (PostgreSQL LISTEN/NOTIFY when
 * DATABASE_URL is set, in-process otherwise) and the routes under the API prefix. Answers the bus.
 */
export interface Notices {
  bus: EventBus;
  /** This instance's notice sockets: other live features deliver to them (server/grid-sync/module.ts). */
  hub: SocketHub;
}

export async function registerNotices(app: FastifyInstance, deps: AppDeps): Promise<Notices> {
  const db = deps.database.db;
  const bus = await createEventBus(db, deps.config.databaseUrl, (error) =>
    app.log.error({ err: error }, 'notice bus connection lost'),
  );
  const hub = new SocketHub();
  const unsubscribe = bus.subscribe((event) => {
    if (event.to === 'tenant' || event.to === 'users') hub.deliver(event);
  });
  // The same bus tells every instance to drop cached permission codes (server/auth/permission-codes.ts).
  const detachPermissions = attachPermissionBus(db, bus);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  const noticeDeps: NoticeDeps = { db: noticeDb(db), baseDb: db, bus, timeZone: deps.config.timeZone };
  const socketDeps = {
    db,
    policy: deps.config,
    hub,
    allowedOrigins: deps.config.socketOrigins ?? [],
  };
  await app.register(
    async (api) => {
      registerFeedRoutes(api, noticeDeps);
      registerUrgeRoutes(api, noticeDeps);
      registerAnnouncementAdminRoutes(api, noticeDeps);
      registerAnnouncementReaderRoutes(api, noticeDeps);
      registerSendRoutes(api, noticeDeps);
      registerSocketRoute(api, socketDeps);
    },
    { prefix: deps.config.apiBase },
  );
  const stopSweep = startSweep(socketDeps);
  app.addHook('onClose', async () => {
    stopSweep();
    unsubscribe();
    detachPermissions();
    await bus.close();
  });
  // Other live features (server/grid-sync/) share this bus rather than opening their own listener.
  return { bus, hub };
}
