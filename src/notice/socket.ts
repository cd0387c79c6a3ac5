/** The notice socket's timings (spec 000 section 10). */
export const NOTICE_RECONNECT_MS = 5_000;
export const NOTICE_HEARTBEAT_MS = 20_000;
export const HEARTBEAT_TEXT = 'HeartBeat';

/**
 * A push: cmd 'topic' (to everyone) or 'user' (to this user), with the notice's id and title;
 * 'todo': this user's to-do lists changed (msgId: the work order), the workbench reloads; 'rows': an
 * entity's rows changed (msgId: the entity), its open lists reload.
 */
export interface NoticePush {
  cmd: 'topic' | 'user' | 'todo' | 'rows';
  msgId: string;
  msgTxt: string;
}

export function parsePush(data: unknown): NoticePush | null {
  if (typeof data !== 'string' || data === HEARTBEAT_TEXT) return null;
  try {
    const value = JSON.parse(data) as Partial<NoticePush>;
    const cmds: readonly unknown[] = ['topic', 'user', 'todo', 'rows'];
    if (!cmds.includes(value.cmd)) return null;
    return {
      cmd: value.cmd as NoticePush['cmd'],
      msgId: String(value.msgId ?? ''),
      msgTxt: String(value.msgTxt ?? ''),
    };
  } catch {
    return null;
  }
}

export interface SocketOptions {
  /** ws:// or wss:// URL of /websocket/{userId}. */
  url: string;
  /** The session token, offered as the sub-protocol: the server takes the identity from it. */
  token: string;
  onPush: (push: NoticePush) => void;
  /** Test seam: the WebSocket constructor. */
  create?: (url: string, protocols: string[]) => WebSocket;
}

/**
 * The notice socket: connects at once, sends 'HeartBeat' every 20 s, and reconnects 5 s after a close
 * or an error — one reconnect pending at a time, none after stop().
 */
export class NoticeSocket {
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly options: SocketOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnect);
    this.reconnect = undefined;
    clearInterval(this.heartbeat);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private open(): void {
    const create = this.options.create ?? ((url, protocols) => new WebSocket(url, protocols));
    let socket: WebSocket;
    try {
      socket = create(this.options.url, [this.options.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(HEARTBEAT_TEXT);
      }, NOTICE_HEARTBEAT_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      const push = parsePush(event.data);
      if (push) this.options.onPush(push);
    };
    const lost = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.heartbeat);
      this.scheduleReconnect();
    };
    socket.onclose = lost;
    socket.onerror = lost;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnect !== undefined) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (!this.stopped) this.open();
    }, NOTICE_RECONNECT_MS);
  }
}

/** ws(s)://host/api/websocket/{userId} for the page's own origin. */
export function socketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  apiBase: string,
  userId: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${apiBase}/websocket/${encodeURIComponent(userId)}`;
}
