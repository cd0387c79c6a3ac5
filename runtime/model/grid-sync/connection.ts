/**
 * The live table connection's timing (spec 000 section 4): opens at once and sends a heartbeat on
 * open; a reply not in within 6 s counts as a lost connection; after each reply the next heartbeat
 * goes 10 s later; a loss (error, close, missed reply) reconnects 5 s later, one reconnect pending
 * at a time, none after stop(). Pure: the socket is behind `connect`, the clock is the global timers
 * (tests use fake ones), so the whole cycle is unit-tested without a network.
 */
import { HEARTBEAT_MS, MessageType, RECONNECT_MS, REPLY_TIMEOUT_MS } from './protocol.js';

/** What the connection asks of a socket. */
export interface SyncTransport {
  send(text: string): void;
  close(): void;
}

/** What a socket tells the connection; `lost` covers error and close alike. */
export interface TransportEvents {
  open(): void;
  message(text: string): void;
  lost(): void;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface ConnectionOptions {
  /** Opens a socket reporting to `events`; may throw (the connection then tries again 5 s later). */
  connect(events: TransportEvents): SyncTransport;
  /** Every frame that is not the heartbeat's reply. */
  onMessage(text: string): void;
  /** Test and diagnostics seam. */
  onState?(state: ConnectionState): void;
}

export const HEARTBEAT_FRAME = JSON.stringify({ type: MessageType.heartbeat, data: null });

function isHeartbeatReply(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'heartbeat';
  } catch {
    return false;
  }
}

export class TableSyncConnection {
  private transport: SyncTransport | null = null;
  private heartbeat: ReturnType<typeof setTimeout> | undefined;
  private replyTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private current: ConnectionState = 'idle';
  /** Bumped per socket: events of a socket given up on are ignored. */
  private generation = 0;

  constructor(private readonly options: ConnectionOptions) {}

  get state(): ConnectionState {
    return this.current;
  }

  get reconnectPending(): boolean {
    return this.reconnectTimer !== undefined;
  }

  start(): void {
    if (this.current !== 'idle' && this.current !== 'stopped') return;
    this.open();
  }

  stop(): void {
    this.clearTimers();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.generation++;
    const transport = this.transport;
    this.transport = null;
    this.setState('stopped');
    transport?.close();
  }

  /** Sends when open; a frame while reconnecting is dropped (the server state is re-read on reload). */
  send(text: string): boolean {
    if (!this.transport || (this.current !== 'open' && this.current !== 'waiting')) return false;
    this.transport.send(text);
    return true;
  }

  private setState(state: ConnectionState): void {
    this.current = state;
    this.options.onState?.(state);
  }

  private clearTimers(): void {
    clearTimeout(this.heartbeat);
    clearTimeout(this.replyTimer);
    this.heartbeat = undefined;
    this.replyTimer = undefined;
  }

  private open(): void {
    const generation = ++this.generation;
    const mine = (fn: () => void) => () => {
      if (generation === this.generation) fn();
    };
    this.setState('connecting');
    try {
      this.transport = this.options.connect({
        open: mine(() => this.sendHeartbeat()),
        message: (text) => {
          if (generation === this.generation) this.received(text);
        },
        lost: mine(() => this.lost()),
      });
    } catch {
      this.lost();
    }
  }

  private sendHeartbeat(): void {
    this.clearTimers();
    this.setState('waiting');
    this.transport?.send(HEARTBEAT_FRAME);
    this.replyTimer = setTimeout(() => this.lost(), REPLY_TIMEOUT_MS);
  }

  private received(text: string): void {
    if (!isHeartbeatReply(text)) {
      this.options.onMessage(text);
      return;
    }
    this.clearTimers();
    this.setState('open');
    this.heartbeat = setTimeout(() => this.sendHeartbeat(), HEARTBEAT_MS);
  }

  /** Error, close or a missed reply: give the socket up and try again in 5 s (one pending at most). */
  private lost(): void {
    this.clearTimers();
    this.generation++;
    const transport = this.transport;
    this.transport = null;
    transport?.close();
    if (this.current === 'stopped') return;
    this.setState('idle');
    if (this.reconnectTimer !== undefined) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.current !== 'stopped') this.open();
    }, RECONNECT_MS);
  }
}
