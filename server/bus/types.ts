/**
 * Live notice events travel on a bus so that every server instance delivers them to the sockets it
 * holds: a release on instance A reaches a browser connected to instance B.
 */
export type NoticeCmd = 'topic' | 'user';

/** What a socket receives: the spec's `{cmd, msgId, msgTxt}`. */
export interface SocketMessage {
  cmd: NoticeCmd;
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

export interface EventBus {
  readonly kind: 'memory' | 'postgres';
  publish(event: NoticeEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: NoticeListener): () => void;
  close(): Promise<void>;
}

/** Checks the shape of an event read from the wire (another instance wrote it, but never trust a channel). */
export function parseEvent(text: string): NoticeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const m = v.message as Record<string, unknown> | undefined;
  if (!m || (m.cmd !== 'topic' && m.cmd !== 'user')) return null;
  if (typeof m.msgId !== 'string' || typeof m.msgTxt !== 'string') return null;
  const message: SocketMessage = { cmd: m.cmd, msgId: m.msgId, msgTxt: m.msgTxt };
  if (v.to === 'tenant' && typeof v.tenantId === 'number')
    return { to: 'tenant', tenantId: v.tenantId, message };
  if (v.to === 'users' && Array.isArray(v.userIds) && v.userIds.every((id) => typeof id === 'string')) {
    return { to: 'users', userIds: v.userIds as string[], message };
  }
  return null;
}
