/** The browser's WebSocket behind the pure connection's transport (runtime/model/grid-sync). */
import type { SyncTransport, TransportEvents } from '../../model/grid-sync/connection.js';

/**
 * Opens `url` with the session token as the sub-protocol (a browser cannot send headers on a
 * WebSocket; the server reads the token from there, never from the URL).
 */
export function webSocketTransport(url: string, token: string, events: TransportEvents): SyncTransport {
  const socket = new WebSocket(url, [token]);
  socket.onopen = () => events.open();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') events.message(event.data);
  };
  // An error is followed by a close in browsers; the connection ignores the second report.
  socket.onerror = () => events.lost();
  socket.onclose = () => events.lost();
  return {
    send: (text) => socket.send(text),
    close: () => {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close();
    },
  };
}
