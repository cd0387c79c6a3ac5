// A k6-style scenario in Node: each simulated user signs in, holds a notice socket and, until the
// deadline, opens filtered lists, polls its notices, adds and edits contacts (通讯录). Every request
// is timed by kind; every write remembers whether it was acknowledged, so that after the run the
// database can be held to "each acknowledged write exactly once" (tests/load/verify.ts).
import { WebSocket } from 'ws';
import { recordRequest, type Attempt, type LoadRecorder } from './recorder.js';

/** Managers may add and edit contacts (mailList:add/edit); the load spreads over their sessions. */
export const LOAD_ACCOUNTS: readonly { username: string; password: string }[] = [
  { username: 'admin', password: 'Admin@123456' },
  ...['zhangwei', 'wangfang', 'lina', 'liuyang'].map((username) => ({ username, password: 'Staff@123456' })),
];

export interface LoadOptions {
  baseUrl: string;
  users: number;
  durationMs: number;
  /**
   * Users sign in one after another over this time (a morning arrives over minutes, not in one
   * instant); durationMs of work follows it. 0: everyone at once.
   */
  rampMs?: number;
  /** Pause between one user's requests (0: as fast as the server answers). */
  thinkMs: number;
  /** Written into every added contact's company: the rows of this run are found by it. */
  marker: string;
  /** Reconnect delay of the notice sockets (the shell waits 5 s; a short run waits less). */
  reconnectMs?: number;
  recorder: LoadRecorder;
}

interface Session {
  index: number;
  token: string;
  userId: string;
  headers: Record<string, string>;
}

/** Runs the users until the deadline; resolves when every user has stopped and every socket is closed. */
export async function runLoad(options: LoadOptions): Promise<void> {
  const ramp = options.rampMs ?? 0;
  options.recorder.steadyFrom = Date.now() + ramp;
  const deadline = options.recorder.steadyFrom + options.durationMs;
  await Promise.all(
    Array.from({ length: options.users }, (_, i) =>
      runUser(options, i, deadline, (ramp * i) / options.users),
    ),
  );
}

async function runUser(options: LoadOptions, index: number, deadline: number, delayMs: number) {
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  const session = await signIn(options, index);
  if (!session) return;
  const socket = holdSocket(options, session, deadline);
  let added = 0;
  const mine: string[] = [];
  while (Date.now() < deadline) {
    const pick = Math.random();
    if (pick < 0.35) await listFiltered(options, session);
    else if (pick < 0.6) await pollNotices(options, session);
    else if (pick < 0.85 || mine.length === 0) {
      const name = `${options.marker}u${index}n${added++}x`;
      if (await addContact(options, session, name)) mine.push(name);
    } else await editContact(options, session, mine[Math.floor(Math.random() * mine.length)]);
    if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + Math.random())));
  }
  socket.stop();
  await socket.closed;
}

async function signIn(options: LoadOptions, index: number): Promise<Session | null> {
  const account = LOAD_ACCOUNTS[index % LOAD_ACCOUNTS.length];
  const answer = await recordRequest(
    options,
    'login',
    'POST',
    '/api/sys/login',
    {},
    {
      ...account,
      captcha: '',
      checkKey: '',
    },
  );
  const result = answer.body?.result as { token?: string; userInfo?: { id?: string } } | undefined;
  if (!result?.token || !result.userInfo?.id) return null;
  const headers = { 'x-access-token': result.token, 'tenant-id': '1' };
  return { index, token: result.token, userId: String(result.userInfo.id), headers };
}

function listFiltered(options: LoadOptions, session: Session) {
  const query = new URLSearchParams({
    company: options.marker,
    name: `u${session.index}n`,
    column: 'createTime',
    order: 'desc',
    pageNo: '1',
    pageSize: '10',
  });
  return recordRequest(options, 'list', 'GET', `/api/sys/mailList/list?${query}`, session.headers);
}

function pollNotices(options: LoadOptions, session: Session) {
  const query = 'esReadStatus=0&column=createTime&order=desc&pageNo=1&pageSize=3';
  return recordRequest(options, 'poll', 'GET', `/api/sys/notice/list?${query}`, session.headers);
}

async function addContact(options: LoadOptions, session: Session, name: string): Promise<boolean> {
  const write: Attempt = { kind: 'add', name, value: '', acknowledged: false };
  options.recorder.writes.push(write);
  const answer = await recordRequest(options, 'add', 'POST', '/api/sys/mailList/add', session.headers, {
    name,
    company: options.marker,
    post: '',
  });
  write.acknowledged = answer.ok;
  return answer.ok;
}

/** Reads the contact (its id and row version), then changes its post: an edit as a form makes it. */
async function editContact(options: LoadOptions, session: Session, name: string): Promise<void> {
  const query = new URLSearchParams({ company: options.marker, name, pageNo: '1', pageSize: '1' });
  const read = await recordRequest(
    options,
    'list',
    'GET',
    `/api/sys/mailList/list?${query}`,
    session.headers,
  );
  const row = (read.body?.result as { records?: { id: string; rowVersion: number }[] } | undefined)
    ?.records?.[0];
  if (!row) return;
  const value = `v${Date.now().toString(36)}`;
  const write: Attempt = { kind: 'edit', name, value, acknowledged: false };
  options.recorder.writes.push(write);
  const answer = await recordRequest(options, 'edit', 'PUT', '/api/sys/mailList/edit', session.headers, {
    id: row.id,
    rowVersion: row.rowVersion,
    name,
    company: options.marker,
    post: value,
  });
  write.acknowledged = answer.ok;
}

/** The notice socket, reconnecting after a close like the shell's client, until stop(). */
function holdSocket(options: LoadOptions, session: Session, deadline: number) {
  const url = `${options.baseUrl.replace(/^http/, 'ws')}/api/websocket/${session.userId}`;
  let stopped = false;
  let current: WebSocket | null = null;
  let done!: () => void;
  const closed = new Promise<void>((resolve) => (done = resolve));
  const open = () => {
    if (stopped || Date.now() >= deadline) return done();
    const started = performance.now();
    const socket = new WebSocket(url, [session.token]);
    current = socket;
    socket.on('open', () => {
      options.recorder.socketOpened(performance.now() - started);
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      current = null;
      options.recorder.socketClosed(code, stopped);
      if (stopped) return done();
      setTimeout(open, options.reconnectMs ?? 5_000);
    });
  };
  open();
  return {
    closed,
    stop() {
      stopped = true;
      if (current) current.close(1000);
      else done();
    },
  };
}
