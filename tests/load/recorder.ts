// What a load run saw: timings by request kind, every failed request with what the proxy said about
// it, the notice sockets' opens and closes, and every write with whether it was acknowledged.
import { percentile } from '../bench/stats.js';

export type RequestKind = 'login' | 'list' | 'poll' | 'add' | 'edit';

export interface Attempt {
  kind: 'add' | 'edit';
  /** The contact's name (unique per run): the row the write is about. */
  name: string;
  /** The post an edit sets ('' for an add). */
  value: string;
  acknowledged: boolean;
}

export interface FailedRequest {
  kind: RequestKind;
  method: string;
  /** HTTP status, or 0 when no answer came at all. */
  status: number;
  message: string;
  /** The server nginx last tried (X-Upstream, when the proxy exposes it). */
  upstream: string;
  startedAt: number;
  endedAt: number;
}

export class LoadRecorder {
  readonly samples = new Map<RequestKind, number[]>();
  readonly failures: FailedRequest[] = [];
  readonly writes: Attempt[] = [];
  readonly socketOpenMs: number[] = [];
  /** When each successful request ended (Date.now()). */
  readonly successEnds: number[] = [];
  /** Close codes of sockets the server or the network closed (not the user's own stop). */
  readonly socketDrops: number[] = [];
  openSockets = 0;
  /** End of the sign-in ramp: the steady phase the requests per second are counted over. */
  steadyFrom = Date.now();

  socketOpened(ms: number): void {
    this.openSockets += 1;
    this.socketOpenMs.push(ms);
  }

  socketClosed(code: number, byUser: boolean): void {
    if (!byUser) this.socketDrops.push(code);
  }

  succeededAfter(time: number): number {
    return this.successEnds.filter((end) => end > time).length;
  }

  /** Requests (answered or failed) that ended in the steady phase. */
  steadyRequests(): number {
    return (
      this.succeededAfter(this.steadyFrom) + this.failures.filter((f) => f.endedAt > this.steadyFrom).length
    );
  }

  requests(): number {
    let n = this.failures.length;
    for (const list of this.samples.values()) n += list.length;
    return n;
  }
}

export interface Answer {
  ok: boolean;
  body: { success?: boolean; message?: string; result?: unknown } | null;
}

/** One request, timed; a non-200 status, a body that is not a success Result or no answer is a failure. */
export async function recordRequest(
  target: { baseUrl: string; recorder: LoadRecorder },
  kind: RequestKind,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const startedAt = Date.now();
  const started = performance.now();
  let status = 0;
  let upstream = '';
  let parsed: Answer['body'] = null;
  let message = '';
  try {
    const res = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    upstream = res.headers.get('x-upstream') ?? '';
    const text = await res.text();
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      message = text.slice(0, 120);
    }
  } catch (error) {
    message = (error as Error).message;
  }
  const ms = performance.now() - started;
  const ok = status === 200 && parsed?.success === true;
  if (ok) {
    let list = target.recorder.samples.get(kind);
    if (!list) target.recorder.samples.set(kind, (list = []));
    list.push(ms);
    target.recorder.successEnds.push(Date.now());
  } else {
    message ||= parsed?.message ?? '';
    target.recorder.failures.push({
      kind,
      method,
      status,
      message,
      upstream,
      startedAt,
      endedAt: Date.now(),
    });
  }
  return { ok, body: parsed };
}

export interface KindFigures {
  kind: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function figuresByKind(recorder: LoadRecorder): KindFigures[] {
  const rows: KindFigures[] = [];
  for (const [kind, list] of recorder.samples) {
    rows.push({
      kind,
      count: list.length,
      p50: percentile(list, 50),
      p95: percentile(list, 95),
      p99: percentile(list, 99),
    });
  }
  rows.push({
    kind: 'socket open',
    count: recorder.socketOpenMs.length,
    p50: percentile(recorder.socketOpenMs, 50),
    p95: percentile(recorder.socketOpenMs, 95),
    p99: percentile(recorder.socketOpenMs, 99),
  });
  return rows;
}
