/**
 * What the request hook records, kept cheap because it runs on every request: counters per route
 * pattern and status in objects made once per (route, status), a fixed ring of the last requests
 * whose slots are overwritten in place, and a ring of recent durations for percentiles. Nothing is
 * parsed, copied or written to the database per request; the trace's paths are cleaned when read.
 */

/** Upper bounds (seconds) of the duration histogram, as Prometheus expects them. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export const TRACE_SIZE = 200;
const RECENT_SIZE = 1024;

export interface StatusStats {
  status: number;
  count: number;
  /** Seconds. */
  sum: number;
  max: number;
  /** Non-cumulative counts per bucket; the last slot is +Inf. */
  buckets: Uint32Array;
}

export interface RouteStats {
  method: string;
  /** The route pattern (routeOptions.url), or '' for requests no route matched. */
  route: string;
  byStatus: StatusStats[];
}

interface TraceSlot {
  time: number;
  method: string;
  /** The raw URL as received; only its path and parameter names ever leave (cleanPath). */
  url: string;
  route: string;
  status: number;
  durationMs: number;
  user: string;
}

export interface TraceEntry {
  time: number;
  method: string;
  path: string;
  route: string;
  status: number;
  durationMs: number;
  user: string;
}

/**
 * The path of a URL with the query's parameter names but none of its values: a value can be a
 * token, a password or a search for a person, and the trace is no place for any of them.
 */
export function cleanPath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.length > 300 ? url.slice(0, 300) : url;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return (eq < 0 ? pair : pair.slice(0, eq)).slice(0, 40);
    })
    .filter((name) => /^[\w.[\]-]+$/.test(name));
  const path = url.slice(0, Math.min(q, 300));
  return names.length > 0 ? `${path}?${names.slice(0, 20).join('&')}` : path;
}

export class HttpStats {
  readonly routes = new Map<object, RouteStats>();
  total = 0;
  clientErrors = 0;
  serverErrors = 0;
  inFlight = 0;
  private readonly trace: TraceSlot[] = Array.from({ length: TRACE_SIZE }, () => ({
    time: 0,
    method: '',
    url: '',
    route: '',
    status: 0,
    durationMs: 0,
    user: '',
  }));
  private traceNext = 0;
  private traceCount = 0;
  private readonly recent = new Float64Array(RECENT_SIZE);
  private recentNext = 0;
  private recentCount = 0;

  /**
   * One finished request. `key` is the route's config object (one per route, so a lookup by
   * identity), `route` its pattern; `traced` false keeps the monitor's own polling out of the trace.
   */
  record(
    key: object,
    method: string,
    route: string,
    status: number,
    durationMs: number,
    url: string,
    user: string,
    traced: boolean,
  ): void {
    this.total += 1;
    if (status >= 500) this.serverErrors += 1;
    else if (status >= 400) this.clientErrors += 1;
    let stats = this.routes.get(key);
    if (!stats) {
      stats = { method, route, byStatus: [] };
      this.routes.set(key, stats);
    }
    let entry: StatusStats | undefined;
    for (const s of stats.byStatus) if (s.status === status) entry = s;
    if (!entry) {
      entry = { status, count: 0, sum: 0, max: 0, buckets: new Uint32Array(DURATION_BUCKETS.length + 1) };
      stats.byStatus.push(entry);
    }
    const seconds = durationMs / 1000;
    entry.count += 1;
    entry.sum += seconds;
    if (seconds > entry.max) entry.max = seconds;
    let b = 0;
    while (b < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[b]) b += 1;
    entry.buckets[b] += 1;

    this.recent[this.recentNext] = durationMs;
    this.recentNext = (this.recentNext + 1) % RECENT_SIZE;
    if (this.recentCount < RECENT_SIZE) this.recentCount += 1;

    if (!traced) return;
    const slot = this.trace[this.traceNext];
    slot.time = Date.now();
    slot.method = method;
    slot.url = url;
    slot.route = route;
    slot.status = status;
    slot.durationMs = durationMs;
    slot.user = user;
    this.traceNext = (this.traceNext + 1) % TRACE_SIZE;
    if (this.traceCount < TRACE_SIZE) this.traceCount += 1;
  }

  /** The traced requests, newest first, with cleaned paths. */
  traceEntries(): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (let i = 1; i <= this.traceCount; i += 1) {
      const slot = this.trace[(this.traceNext - i + TRACE_SIZE) % TRACE_SIZE];
      out.push({
        time: slot.time,
        method: slot.method,
        path: cleanPath(slot.url),
        route: slot.route,
        status: slot.status,
        durationMs: Math.round(slot.durationMs * 10) / 10,
        user: slot.user,
      });
    }
    return out;
  }

  /** Percentiles (ms) of the last requests' durations, and how many they are. */
  recentPercentiles(): { count: number; p50: number; p95: number; p99: number } {
    const n = this.recentCount;
    if (n === 0) return { count: 0, p50: 0, p95: 0, p99: 0 };
    const sorted = Array.from(this.recent.subarray(0, n)).sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.min(n - 1, Math.floor(p * n))] * 10) / 10;
    return { count: n, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  }
}
