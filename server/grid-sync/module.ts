/**
 * Live sync of editable tables (docs/modules/grid-sync.md): the /vxeSocket route, delivery of row
 * changes and page messages through the shared event bus (so a change seen by one server instance
 * reaches sockets held by another), and the feed of entity API writes.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import type { AppDeps } from '../deps.js';
import type { EventBus } from '../bus/index.js';
import { TableAccess } from './access.js';
import { parseDelivery, type GridDelivery } from './delivery.js';
import type { SocketHub } from '../notice/hub.js';
import { EntityWriteFeed } from './entity-feed.js';
import { tellLists } from './list-rows.js';
import { GridSyncHub } from './hub.js';
import { registerGridSocketRoute } from './socket.js';
import { startGridSweep } from './sweep.js';

export interface GridSync {
  /** Call with the declared entities once their routes are registered. */
  watch(models: readonly EntityModel[]): void;
}

/**
 * Registers the socket route in `api` (the API prefix's context, where the notice socket is) and the
 * entity write hook; call it before the entity routes so the hook covers them. The WebSocket plugin
 * and the bus come from the notices (server/notice/module.ts).
 */
export function installGridSync(
  api: FastifyInstance,
  deps: AppDeps,
  bus: EventBus,
  noticeHub: SocketHub,
): GridSync {
  const db = deps.database.db;
  const access = new TableAccess(db);
  const hub = new GridSyncHub((userId, table) => access.mayList(userId, table));
  const logError = (error: unknown) => api.log.error({ err: error }, 'grid sync failed');
  // Every instance, this one included, hears the event once and delivers it to the sockets it holds.
  const publish = (delivery: GridDelivery) => {
    bus.publish({ to: 'grid', payload: delivery }).catch(logError);
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.to !== 'grid') return;
    const delivery = parseDelivery(event.payload);
    if (delivery) hub.deliver(delivery).catch(logError);
    // Open lists of the table (not only live grids) reload: over the notice socket (list-rows.ts).
    if (delivery?.kind === 'table') tellLists(noticeHub, access, delivery).catch(logError);
  });
  registerGridSocketRoute(api, {
    db,
    policy: deps.config,
    hub,
    access,
    allowedOrigins: deps.config.socketOrigins ?? [],
    publish,
  });
  const feed = new EntityWriteFeed(db, deps.config.apiBase, publish, logError);
  feed.install(api);
  const stopSweep = startGridSweep(db, deps.config, hub);
  api.addHook('onClose', async () => {
    stopSweep();
    unsubscribe();
  });
  return {
    watch(models) {
      access.setModels(models);
      feed.watch(models);
    },
  };
}
