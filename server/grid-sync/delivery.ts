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

/** One table instance: a page's grid of one table (a page may show several tables). */
export interface InstanceKey {
  userId: string;
  pageId: string;
}

/**
 * `page`: common-send-data for the other sockets of one page (the sender's socket excepted).
 * `table`: a row change for every instance showing the table, in the tenant when the table is
 * tenant-scoped, except the sending instance (a peer's change is never echoed to its own grid).
 */
export type GridDelivery =
  | { kind: 'page'; userId: string; pageId: string; exceptConn: string; key: string; args: unknown }
  | { kind: 'table'; tenantId: number | null; except: InstanceKey | null; update: TableUpdate };

export function messageOf(delivery: GridDelivery): ServerMessage {
  return delivery.kind === 'page'
    ? { type: 'common-send-data', data: { key: delivery.key, args: delivery.args } }
    : { type: 'update-table', data: delivery.update };
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && ID_PATTERN.test(v);

function parseInstance(value: unknown): InstanceKey | null | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isId(value.userId) || !isId(value.pageId)) return undefined;
  return { userId: value.userId, pageId: value.pageId };
}

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
    const except = parseInstance(payload.except);
    const update = parseTableUpdate(payload.update);
    if (except === undefined || !update || !TABLE_PATTERN.test(update.table)) return null;
    return { kind: 'table', tenantId: tenantId as number | null, except, update };
  }
  return null;
}
