/**
 * The Node runtime's figures (the JVM page of the spec, for a Node server). The event-loop delay
 * histogram and the GC observer are process-wide, like what they measure: several apps in one
 * process (the tests) share one of each. The sampler keeps the last minutes for the charts; it
 * runs every few seconds on an unref'd timer, never per request.
 */
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';

export const SAMPLE_MS = 5_000;
export const SAMPLE_POINTS = 120;

const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

export interface GcStats {
  kind: string;
  count: number;
  /** Milliseconds. */
  totalMs: number;
  maxMs: number;
}

export interface LoopDelay {
  /** Milliseconds over the last sample window. */
  min: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RuntimePoint {
  time: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  /** null when the loop was not measured yet (the first point, taken at start). */
  loopMean: number | null;
  loopP99: number | null;
  loopMax: number | null;
  /** Process CPU, percent of one core, over the window. */
  cpu: number;
  gcMs: number;
}

class RuntimeWatch {
  readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  readonly gc = new Map<string, GcStats>();
  readonly points: RuntimePoint[] = [];
  lastDelay: LoopDelay = { min: 0, mean: 0, p50: 0, p99: 0, max: 0 };
  private lastSample = 0;
  private readonly since = Date.now();
  private lastCpu = process.cpuUsage();
  private lastGcMs = 0;

  constructor() {
    this.delay.enable();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
        const kind = GC_KINDS[detail?.kind ?? 0] ?? 'other';
        let stats = this.gc.get(kind);
        if (!stats) this.gc.set(kind, (stats = { kind, count: 0, totalMs: 0, maxMs: 0 }));
        stats.count += 1;
        stats.totalMs += entry.duration;
        if (entry.duration > stats.maxMs) stats.maxMs = entry.duration;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
  }

  /** The delay since the last sample (reset each sample), in milliseconds. */
  readDelay(): LoopDelay {
    const d = this.delay;
    if (d.count === 0) return this.lastDelay;
    const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
    return {
      min: ms(d.min),
      mean: ms(d.mean),
      p50: ms(d.percentile(50)),
      p99: ms(d.percentile(99)),
      max: ms(d.max),
    };
  }

  gcTotalMs(): number {
    let total = 0;
    for (const s of this.gc.values()) total += s.totalMs;
    return total;
  }

  /** Takes a point unless one was taken in the last moments (several apps share this watch). */
  sample(now = Date.now()): void {
    if (now - this.lastSample < SAMPLE_MS * 0.8) return;
    const elapsedMs = now - (this.lastSample || this.since);
    this.lastSample = now;
    const measured = this.delay.count > 0;
    this.lastDelay = this.readDelay();
    this.delay.reset();
    const cpu = process.cpuUsage(this.lastCpu);
    this.lastCpu = process.cpuUsage();
    const gcMs = this.gcTotalMs();
    const mem = process.memoryUsage();
    this.points.push({
      time: now,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      rss: mem.rss,
      external: mem.external,
      loopMean: measured ? this.lastDelay.mean : null,
      loopP99: measured ? this.lastDelay.p99 : null,
      loopMax: measured ? this.lastDelay.max : null,
      cpu: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, elapsedMs)) * 1000) / 10,
      gcMs: Math.round((gcMs - this.lastGcMs) * 10) / 10,
    });
    this.lastGcMs = gcMs;
    if (this.points.length > SAMPLE_POINTS) this.points.shift();
  }
}

let watch: RuntimeWatch | null = null;

/** The process's one watch, started on first use. */
export function runtimeWatch(): RuntimeWatch {
  watch ??= new RuntimeWatch();
  return watch;
}

/** The 运行时信息 answer. */
export function runtimeSnapshot() {
  const w = runtimeWatch();
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const resources = new Map<string, number>();
  for (const name of process.getActiveResourcesInfo()) resources.set(name, (resources.get(name) ?? 0) + 1);
  return {
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
    startTime: new Date(Date.now() - Math.round(process.uptime() * 1000)),
    versions: {
      node: process.versions.node,
      v8: process.versions.v8,
      uv: process.versions.uv,
      openssl: process.versions.openssl,
      modules: process.versions.modules,
    },
    execArgv: process.execArgv.filter((arg) => !arg.includes('=') || arg.startsWith('--max')),
    memory: {
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      heapLimit: heap.heap_size_limit,
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
    },
    heapSpaces: v8.getHeapSpaceStatistics().map((s) => ({
      name: s.space_name,
      size: s.space_size,
      used: s.space_used_size,
      available: s.space_available_size,
    })),
    loopDelay: w.readDelay(),
    gc: [...w.gc.values()].map((g) => ({
      ...g,
      totalMs: Math.round(g.totalMs * 10) / 10,
      maxMs: Math.round(g.maxMs * 10) / 10,
    })),
    activeResources: [...resources].map(([type, count]) => ({ type, count })),
    series: w.points,
  };
}
