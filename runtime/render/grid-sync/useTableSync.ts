/**
 * useTableSync: a live-reload table's socket (docs/modules/grid-sync.md). Opens on mount at
 * `{apiBase}/vxeSocket/{userId}/{pageId}` (ws or wss per the page's scheme), keeps it alive with the
 * spec's heartbeat and reconnects, and hands row changes and page data to the host's callbacks.
 * The timing lives in runtime/model/grid-sync/connection.ts and what a change does in dispatch.ts /
 * refresh.ts; this is only the React and DOM wiring.
 *
 * A grid never tells other grids about its rows: the server announces what it stored, and each
 * grid reads the changed rows through the entity API (docs/modules/grid-sync.md says why).
 */
import { useCallback, useEffect, useRef } from 'react';
import { TableSyncConnection, type ConnectionState } from '../../model/grid-sync/connection.js';
import { TableSyncDispatcher, type TableSyncHandlers } from '../../model/grid-sync/dispatch.js';
import { MessageType, tableSocketUrl } from '../../model/grid-sync/protocol.js';
import { webSocketTransport } from './web-socket.js';

export interface TableSyncOptions extends TableSyncHandlers {
  userId: string;
  /** This page instance's id (random per page); with the table it names the grid instance. */
  pageId: string;
  /** The declared entity the grid shows. */
  tableKey: string;
  /** The session token, offered as the socket's sub-protocol. */
  token: string;
  /** The tenant the page works in (the tenant-id header's value); default 0. */
  tenantId?: number;
  /** Default '/api'. */
  apiBase?: string;
  /** false keeps the socket closed (a table that is not live-reload). */
  enabled?: boolean;
  /** The connection's state ('open' once the first heartbeat was answered), e.g. for an indicator. */
  onState?(state: ConnectionState): void;
}

export interface TableSync {
  /** common-send-data to the page's other sockets, dispatched there by key. */
  sendData(key: string, args?: unknown): boolean;
}

export function useTableSync(options: TableSyncOptions): TableSync {
  const { userId, pageId, tableKey, token, tenantId = 0, apiBase = '/api', enabled = true } = options;
  // The latest callbacks, without reopening the socket when the host passes new closures.
  const handlers = useRef<TableSyncOptions>(options);
  handlers.current = options;
  const connection = useRef<TableSyncConnection | null>(null);

  useEffect(() => {
    if (!enabled || !userId || !pageId || !token) return;
    const url = tableSocketUrl(window.location, apiBase, { userId, pageId, table: tableKey, tenantId });
    const dispatcher = new TableSyncDispatcher(tableKey, () => handlers.current);
    const conn = new TableSyncConnection({
      connect: (events) => webSocketTransport(url, token, events),
      onState: (state) => handlers.current.onState?.(state),
      onMessage: (text) => dispatcher.handle(text),
    });
    connection.current = conn;
    conn.start();
    return () => {
      conn.stop();
      dispatcher.stop();
      if (connection.current === conn) connection.current = null;
    };
  }, [enabled, userId, pageId, tableKey, token, tenantId, apiBase]);

  const sendData = useCallback(
    (key: string, args: unknown = null) =>
      connection.current?.send(JSON.stringify({ type: MessageType.commonSendData, data: { key, args } })) ??
      false,
    [],
  );
  return { sendData };
}
