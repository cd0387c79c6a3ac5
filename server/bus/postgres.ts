import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { parseEvent, type BusEvent, type BusListener, type EventBus } from './types.js';

export const NOTICE_CHANNEL = 'zj_notice';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; user lists are split well below that. */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MS = 1000;

/** Splits an event so each NOTIFY payload fits; tenant and permission events are always small. */
export function payloadsOf(event: BusEvent): string[] {
  const whole = JSON.stringify(event);
  if (event.to !== 'users' || Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  const out: string[] = [];
  let batch: string[] = [];
  const flush = () => {
    if (batch.length > 0) out.push(JSON.stringify({ ...event, userIds: batch }));
    batch = [];
  };
  const base = Buffer.byteLength(JSON.stringify({ ...event, userIds: [] }));
  let size = base;
  for (const id of event.userIds) {
    const add = Buffer.byteLength(id) + 3;
    if (size + add > MAX_PAYLOAD_BYTES) {
      flush();
      size = base;
    }
    batch.push(id);
    size += add;
  }
  flush();
  return out;
}

/**
 * Several server instances on one PostgreSQL: a publish is a NOTIFY through the app's pool, and each
 * instance keeps one dedicated connection LISTENing, so every instance (the publisher included) hears
 * every event exactly once and delivers it to its own sockets. Events sent while a listener is
 * reconnecting are lost; clients also poll the notice list, so they catch up.
 */
export class PgNotifyBus implements EventBus {
  readonly kind = 'postgres' as const;
  private readonly listeners = new Set<BusListener>();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Connects the listening connection; resolves once LISTEN is in effect. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== NOTICE_CHANNEL || !msg.payload) return;
      const event = parseEvent(msg.payload);
      if (event) for (const listener of this.listeners) listener(event);
    });
    const lost = (error?: unknown) => {
      if (error) this.onError(error);
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`listen ${NOTICE_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((error: unknown) => {
        this.onError(error);
        this.scheduleReconnect();
      });
    }, RECONNECT_MS);
    this.retry.unref();
  }

  async publish(event: BusEvent): Promise<void> {
    for (const payload of payloadsOf(event)) {
      await sql`select pg_notify(${NOTICE_CHANNEL}, ${payload})`.execute(this.db);
    }
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
