/**
 * Live notice events travel on a bus so that every server instance delivers them to the sockets it
 * holds: a release on instance A reaches a browser connected to instance B.
 */
/** 'topic' / 'user': a notice to reload (spec); 'todo': the user's to-do lists changed (workbench). */
export type NoticeCmd = 'topic' | 'user' | 'todo';

/**
 * What a socket receives: the spec's `{cmd, msgId, msgTxt}`. 'rows' (never on the bus as a notice:
 * the notice module makes it from a grid table change, server/notice/rows.ts) tells open lists that
 * an entity's rows changed, naming the entity only.
 */
export interface SocketMessage {
  cmd: NoticeCmd | 'rows';
  msgId: string;
  msgTxt: string;
}

/**
 * An event names its audience: every signed-in member of a tenant (an announcement to all), or a list
 * of user ids (an announcement to chosen users, departments or roles, a reminder).
 */
export type NoticeEvent =
  | { to: 'tenant'; tenantId: number; message: SocketMessage }
  | { to: 'users'; userIds: string[]; message: SocketMessage };

export type NoticeListener = (event: NoticeEvent) => void;

/**
 * Not for sockets: the permission codes cached for these users (null: for everyone) are stale, as
 * a role's grants, the permission rows or a user's roles changed (server/auth/permission-codes.ts).
 * Every instance drops its copies when it hears one.
 */
export interface PermissionsChangedEvent {
  to: 'permissions';
  userIds: string[] | null;
}

/**
 * Live grid sync (server/grid-sync/): row changes and page messages for the /vxeSocket sockets. The
 * bus only checks that the payload is an object; server/grid-sync/delivery.ts checks its shape.
 */
export interface GridSyncEvent {
  to: 'grid';
  payload: Readonly<Record<string, unknown>>;
}

/** Scheduled jobs changed (server/jobs/): every instance reloads them and re-arms its timer. */
export interface JobsChangedEvent {
  to: 'jobs';
}

/** A designed declaration changed (server/online/): every instance reloads its declaration registry. */
export interface DeclarationsChangedEvent {
  to: 'declarations';
}

/** Everything the bus carries: socket notices, cache invalidations, grid sync and job changes. */
export type BusEvent =
  NoticeEvent | PermissionsChangedEvent | GridSyncEvent | JobsChangedEvent | DeclarationsChangedEvent;

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  readonly kind: 'memory' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. Listeners hear every kind of event and keep the ones they serve. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((id) => typeof id === 'string');
}

/** Checks the shape of an event read from the wire (another instance wrote it, but never trust a channel). */
export function parseEvent(text: string): BusEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.to === 'permissions') {
    if (v.userIds === null || isIdList(v.userIds)) return { to: 'permissions', userIds: v.userIds };
    return null;
  }
  if (v.to === 'jobs') return { to: 'jobs' };
  if (v.to === 'declarations') return { to: 'declarations' };
  if (v.to === 'grid') {
    const payload = v.payload;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    return { to: 'grid', payload: payload as Record<string, unknown> };
  }
  const m = v.message as Record<string, unknown> | undefined;
  if (!m || (m.cmd !== 'topic' && m.cmd !== 'user' && m.cmd !== 'todo')) return null;
  if (typeof m.msgId !== 'string' || typeof m.msgTxt !== 'string') return null;
  const message: SocketMessage = { cmd: m.cmd, msgId: m.msgId, msgTxt: m.msgTxt };
  if (v.to === 'tenant' && typeof v.tenantId === 'number')
    return { to: 'tenant', tenantId: v.tenantId, message };
  if (v.to === 'users' && Array.isArray(v.userIds) && v.userIds.every((id) => typeof id === 'string')) {
    return { to: 'users', userIds: v.userIds as string[], message };
  }
  return null;
}
