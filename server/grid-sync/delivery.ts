/**
 * What grid sync puts on the event bus, so that a change seen by one server instance reaches the
 * sockets every instance holds. Payloads read back from the bus are shape-checked here: another
 * instance wrote them, but a channel is never trusted.
 */
import {
  ID_PATTERN,
  parseClientMessage,
  parseTableUpdate,
  TABLE_PATTERN,
  type ServerMessage,
  type TableUpdate,
} from '../../runtime/model/grid-sync/protocol.js';

/**
 * `page`: common-send-data for the other sockets of one page (the sender's socket excepted).
 * `table`: a row change the server stored, for every socket showing the table (in the tenant when
 * the table is tenant-scoped): ids and field names only, made by the server (entity-feed.ts).
 */
export type GridDelivery =
  | { kind: 'page'; userId: string; pageId: string; exceptConn: string; key: string; args: unknown }
  | { kind: 'table'; tenantId: number | null; update: TableUpdate };

export function messageOf(delivery: GridDelivery): ServerMessage {
  if (delivery.kind === 'page')
    return { type: 'common-send-data', data: { key: delivery.key, args: delivery.args } };
  // Named one by one: whatever else an object might carry never reaches a socket.
  const { table, action, ids, fields } = delivery.update;
  return { type: 'update-table', data: { table, action, ids, fields, origin: null } };
}

type Obj = Record<string, unknown>;
const isId = (v: unknown): v is string => typeof v === 'string' && ID_PATTERN.test(v);

/** A bus payload back into a delivery; null when it is not one. */
export function parseDelivery(payload: Readonly<Obj>): GridDelivery | null {
  if (payload.kind === 'page') {
    const { userId, pageId, exceptConn } = payload;
    if (!isId(userId) || !isId(pageId) || typeof exceptConn !== 'string') return null;
    // The same check a client frame gets: the key's shape and a value that is plain JSON.
    const data = parseClientMessage(
      JSON.stringify({ type: 'common-send-data', data: { key: payload.key, args: payload.args } }),
    );
    if (data?.type !== 'common-send-data') return null;
    return { kind: 'page', userId, pageId, exceptConn, key: data.data.key, args: data.data.args };
  }
  if (payload.kind === 'table') {
    const { tenantId } = payload;
    if (tenantId !== null && !Number.isInteger(tenantId)) return null;
    // Values a payload may carry are not kept (parseTableUpdate): a row change is ids and names.
    const update = parseTableUpdate(payload.update);
    if (!update || !TABLE_PATTERN.test(update.table)) return null;
    return { kind: 'table', tenantId: tenantId as number | null, update };
  }
  return null;
}
