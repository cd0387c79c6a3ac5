/**
 * The live table socket's wire format (spec 000 sections 4 and 7: `{host}/vxeSocket/{userId}/{pageId}`,
 * JSON `{type, data}`), shared by the browser and the server so both check the same shapes.
 */

/** Spec 000 section 9: heartbeat every 10 s after a reply, 6 s to answer, reconnect 5 s after a loss. */
export const HEARTBEAT_MS = 10_000;
export const REPLY_TIMEOUT_MS = 6_000;
export const RECONNECT_MS = 5_000;

export const MessageType = {
  heartbeat: 'heartbeat',
  commonSendData: 'common-send-data',
  updateTable: 'update-table',
} as const;

/** User ids, page ids and row ids: the id shape the entity API accepts. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Table keys are declared entity names (camelCase). */
export const TABLE_PATTERN = /^[a-z][A-Za-z0-9]{0,63}$/;
/** Listener keys of common-send-data. */
export const DATA_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export type TableAction = 'add' | 'edit' | 'delete';

/**
 * A row change as receivers get it: which rows of which table changed, how, and the names of the
 * fields a save wrote — never values. Only the server makes these, for writes it committed itself
 * (`origin` is always null: no browser's claim is ever relayed), and each receiver reads the rows
 * again through the entity API, so its own permissions, data scope and row access decide what it
 * sees (docs/modules/grid-sync.md).
 */
export interface TableUpdate {
  table: string;
  action: TableAction;
  ids: string[];
  fields: string[];
  origin: null;
}

/** What the server sends. */
export type ServerMessage =
  | { type: 'heartbeat'; data: string }
  | { type: 'common-send-data'; data: { key: string; args: unknown } }
  | { type: 'update-table'; data: TableUpdate };

/**
 * What a grid sends: a heartbeat, or data for its page's other tables. JeecgBoot's grid also sends
 * `update-table` with a row's unsaved values; the frame is known (so such a client is not treated
 * as broken) but nothing of it is kept: a browser cannot prove the change was stored.
 */
export type ClientMessage =
  | { type: 'heartbeat'; data: null }
  | { type: 'common-send-data'; data: { key: string; args: unknown } }
  | { type: 'update-table'; data: null };

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown, pattern: RegExp): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && pattern.test(v));
}

function parseJson(text: unknown): Obj | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** Field names are camelCase identifiers. */
const FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function parseCommon(data: unknown): { key: string; args: unknown } | null {
  if (!isObject(data) || typeof data.key !== 'string' || !DATA_KEY_PATTERN.test(data.key)) return null;
  return { key: data.key, args: data.args ?? null };
}

/** A client frame, shape-checked (the server's side); null for anything else. */
export function parseClientMessage(text: unknown): ClientMessage | null {
  const json = parseJson(text);
  if (!json) return null;
  if (json.type === MessageType.heartbeat) return { type: 'heartbeat', data: null };
  if (json.type === MessageType.commonSendData) {
    const data = parseCommon(json.data);
    return data ? { type: 'common-send-data', data } : null;
  }
  if (json.type === MessageType.updateTable) return { type: 'update-table', data: null };
  return null;
}

/**
 * The data of an update-table message, shape-checked (the browser's side and the server's bus).
 * Only what a TableUpdate names is kept: values a frame may carry are dropped, never passed on, and
 * a frame naming an origin page is a browser's relayed claim (an older server made those): refused.
 */
export function parseTableUpdate(data: unknown): TableUpdate | null {
  if (!isObject(data)) return null;
  const { table, action, ids, fields, origin } = data;
  if (typeof table !== 'string' || !TABLE_PATTERN.test(table)) return null;
  if (action !== 'add' && action !== 'edit' && action !== 'delete') return null;
  if (!isStringList(ids, ID_PATTERN) || !isStringList(fields, FIELD_PATTERN)) return null;
  if (origin !== null && origin !== undefined) return null;
  return { table, action, ids: [...ids], fields: [...fields], origin: null };
}

/** A server frame, shape-checked (the browser's side); null for anything else. */
export function parseServerMessage(text: unknown): ServerMessage | null {
  const json = parseJson(text);
  if (!json) return null;
  if (json.type === MessageType.heartbeat) return { type: 'heartbeat', data: String(json.data ?? '') };
  if (json.type === MessageType.commonSendData) {
    const data = parseCommon(json.data);
    return data ? { type: 'common-send-data', data } : null;
  }
  if (json.type === MessageType.updateTable) {
    const data = parseTableUpdate(json.data);
    return data ? { type: 'update-table', data } : null;
  }
  return null;
}

/** The socket's URL: ws or wss per the page's scheme, the table key and tenant in the query. */
export function tableSocketUrl(
  location: { protocol: string; host: string },
  apiBase: string,
  target: { userId: string; pageId: string; table: string; tenantId?: number },
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = `${apiBase}/vxeSocket/${encodeURIComponent(target.userId)}/${encodeURIComponent(target.pageId)}`;
  const query = new URLSearchParams({ table: target.table, tenant: String(target.tenantId ?? 0) });
  return `${scheme}//${location.host}${path}?${query.toString()}`;
}
