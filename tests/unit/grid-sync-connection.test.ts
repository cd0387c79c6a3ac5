import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_FRAME,
  TableSyncConnection,
  type TransportEvents,
} from '../../runtime/model/grid-sync/connection.js';

/** A fake socket per connect() call: what was sent, whether it was closed, and its event hooks. */
interface FakeSocket {
  events: TransportEvents;
  sent: string[];
  closed: boolean;
}

const REPLY = JSON.stringify({ type: 'heartbeat', data: 'pong' });

function setup(options: { failConnect?: () => boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const messages: string[] = [];
  const conn = new TableSyncConnection({
    connect: (events) => {
      if (options.failConnect?.()) throw new Error('refused');
      const socket: FakeSocket = { events, sent: [], closed: false };
      sockets.push(socket);
      return { send: (t) => socket.sent.push(t), close: () => (socket.closed = true) };
    },
    onMessage: (text) => messages.push(text),
  });
  return { conn, sockets, messages, last: () => sockets[sockets.length - 1] };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live table connection (spec 000 section 4, timings section 9)', () => {
  it('opens at once and sends a heartbeat on open', () => {
    const { conn, sockets, last } = setup();
    conn.start();
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
    last().events.open();
    expect(last().sent).toEqual([HEARTBEAT_FRAME]);
    expect(conn.state).toBe('waiting');
  });

  it('after each reply the next heartbeat goes 10 s later', () => {
    const { conn, last } = setup();
    conn.start();
    last().events.open();
    last().events.message(REPLY);
    expect(conn.state).toBe('open');
    vi.advanceTimersByTime(9_999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([HEARTBEAT_FRAME, HEARTBEAT_FRAME]);
    // A reply 5 s later: the next heartbeat is 10 s after that reply, not after the previous one.
    vi.advanceTimersByTime(5_000);
    last().events.message(REPLY);
    vi.advanceTimersByTime(9_999);
    expect(last().sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(last().sent).toHaveLength(3);
  });

  it('no reply within 6 s: the socket is given up and a new one opens 5 s later', () => {
    const { conn, sockets, last } = setup();
    conn.start();
    last().events.open();
    vi.advanceTimersByTime(5_999);
    expect(sockets[0].closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0].closed).toBe(true);
    expect(conn.reconnectPending).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The old socket's late events change nothing.
    sockets[0].events.message(REPLY);
    sockets[0].events.lost();
    expect(conn.reconnectPending).toBe(false);
  });

  it('error or close reconnects after 5 s, one reconnect at a time', () => {
    const { conn, sockets, last } = setup();
    conn.start();
    last().events.open();
    last().events.message(REPLY);
    // A browser reports an error and then a close: one reconnect, not two.
    last().events.lost();
    last().events.lost();
    expect(conn.reconnectPending).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(20_000);
    // The new socket never opened nor failed: still one, no heartbeat timers left from the old one.
    expect(sockets).toHaveLength(2);
    expect(sockets[0].sent).toEqual([HEARTBEAT_FRAME]);
  });

  it('keeps trying every 5 s while the socket cannot even be created', () => {
    let refuse = true;
    const { conn, sockets } = setup({ failConnect: () => refuse });
    conn.start();
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(0);
    refuse = false;
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
  });

  it('hands every other frame on, and sends only while connected', () => {
    const { conn, messages, last } = setup();
    conn.start();
    expect(conn.send('early')).toBe(false);
    last().events.open();
    last().events.message('{"type":"update-table","data":{}}');
    expect(messages).toEqual(['{"type":"update-table","data":{}}']);
    expect(conn.send('x')).toBe(true);
    expect(last().sent).toEqual([HEARTBEAT_FRAME, 'x']);
  });

  it('stop() closes the socket and cancels every timer and reconnect', () => {
    const { conn, sockets, last } = setup();
    conn.start();
    last().events.open();
    last().events.lost();
    conn.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    conn.start();
    expect(sockets).toHaveLength(2);
    last().events.open();
    conn.stop();
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toEqual([HEARTBEAT_FRAME]);
    expect(sockets).toHaveLength(2);
  });
});
