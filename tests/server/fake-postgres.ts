/**
 * A PostgreSQL server that speaks just enough of the wire protocol for a connection test: the
 * startup, a clear-text password request (so a test sees the password the client sent, i.e. the
 * one the server decrypted), and one simple query answered with a single row. `hang` accepts
 * connections and never answers, for the timeout.
 */
import net from 'node:net';

export interface FakePostgres {
  port: number;
  /** What each client sent: its user, database and password. */
  seen: { user: string; database: string; password: string | null }[];
  close(): Promise<void>;
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');

const ready = () => message('Z', Buffer.from('I'));
const authOk = () => message('R', int32(0));
const askPassword = () => message('R', int32(3));

function authFailed(user: string): Buffer {
  const fields = Buffer.concat([
    Buffer.from('S'),
    cstr('FATAL'),
    Buffer.from('C'),
    cstr('28P01'),
    Buffer.from('M'),
    cstr(`password authentication failed for user "${user}"`),
    Buffer.from([0]),
  ]);
  return message('E', fields);
}

function oneRow(): Buffer {
  const field = Buffer.concat([
    cstr('?column?'),
    int32(0),
    int16(0),
    int32(23),
    int16(4),
    int32(-1),
    int16(0),
  ]);
  return Buffer.concat([
    message('T', Buffer.concat([int16(1), field])),
    message('D', Buffer.concat([int16(1), int32(1), Buffer.from('1')])),
    message('C', cstr('SELECT 1')),
    ready(),
  ]);
}

export async function startFakePostgres(options: {
  password: string | null;
  hang?: boolean;
}): Promise<FakePostgres> {
  const seen: FakePostgres['seen'] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (options.hang) return;
    let buffer = Buffer.alloc(0);
    let started = false;
    let entry: FakePostgres['seen'][number] | null = null;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const parts = buffer.subarray(8, length).toString('utf8').split('\0');
          buffer = buffer.subarray(length);
          started = true;
          const params = new Map<string, string>();
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params.set(parts[i], parts[i + 1]);
          entry = { user: params.get('user') ?? '', database: params.get('database') ?? '', password: null };
          seen.push(entry);
          socket.write(options.password === null ? Buffer.concat([authOk(), ready()]) : askPassword());
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        const body = buffer.subarray(5, length + 1);
        buffer = buffer.subarray(length + 1);
        if (type === 'p') {
          entry!.password = body.toString('utf8').replace(/\0$/, '');
          if (entry!.password === options.password) socket.write(Buffer.concat([authOk(), ready()]));
          else socket.end(authFailed(entry!.user));
        } else if (type === 'Q') socket.write(oneRow());
        else if (type === 'X') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
