/**
 * The 系统监控 calls (server/monitor/, docs/modules/monitor.md) and their answers' shapes. Pages poll
 * through useMonitor every few seconds; SWR stops polling while the browser tab is hidden, and a
 * page kept alive in a hidden app tab has its effects paused, so neither polls.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { getAction, postAction } from '../../src/http/client';
import type { DatabaseInfo, RedisSummary } from '../../runtime/model/contract/monitor';

const BASE = '/sys/monitor';
export const POLL_MS = 5_000;

export interface RuntimePoint {
  time: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  /** null before the loop was first measured. */
  loopMean: number | null;
  loopP99: number | null;
  loopMax: number | null;
  cpu: number;
  gcMs: number;
}

export interface RuntimeAnswer {
  pid: number;
  uptimeSeconds: number;
  startTime: string;
  versions: Record<string, string>;
  execArgv: string[];
  memory: {
    rss: number;
    heapUsed: number;
    heapTotal: number;
    heapLimit: number;
    external: number;
    arrayBuffers: number;
  };
  heapSpaces: { name: string; size: number; used: number; available: number }[];
  loopDelay: { min: number; mean: number; p50: number; p99: number; max: number };
  gc: { kind: string; count: number; totalMs: number; maxMs: number }[];
  activeResources: { type: string; count: number }[];
  series: RuntimePoint[];
}

export interface HttpPoint {
  time: number;
  rate: number;
  clientErrors: number;
  serverErrors: number;
  inFlight: number;
}

export interface HttpAnswer {
  total: number;
  inFlight: number;
  clientErrors: number;
  serverErrors: number;
  connections: number;
  websockets: number;
  avgMs: number;
  recent: { count: number; p50: number; p95: number; p99: number };
  byStatus: { status: number; count: number }[];
  routes: { method: string; route: string; count: number; errors: number; avgMs: number; maxMs: number }[];
  series: HttpPoint[];
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

export interface DiskInfo {
  mount: string;
  device: string;
  type: string;
  total: number;
  used: number;
  free: number;
  usedPercent: number;
  holdsData: boolean;
}

export interface SystemAnswer {
  hostname: string;
  os: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  loadAverage: number[];
  totalMemory: number;
  freeMemory: number;
  osUptimeSeconds: number;
  nodeVersion: string;
  pid: number;
  appVersion: string;
  startTime: string;
  timeZone: string;
  database: { kind: 'pglite' | 'postgres'; version: string };
}

export type DatabaseAnswer = DatabaseInfo;
export type { RedisSummary };

export type RedisInfoAnswer =
  | { configured: false; message: string }
  | {
      configured: true;
      address: string;
      error: string;
      summary?: RedisSummary;
      time?: number;
      keyspace?: { db: string; keys: number; expires: number }[];
      sections?: { name: string; items: { key: string; value: string }[] }[];
    };

async function load<T>(path: string): Promise<T> {
  const answer = await getAction<T>(`${BASE}/${path}`);
  if (!answer.success) throw new Error(answer.message);
  return answer.result as T;
}

/** One monitor answer, polled every `interval` ms (0: loaded once, reloaded by hand). */
export function useMonitor<T>(path: string, interval = POLL_MS) {
  const [loadedAt, setLoadedAt] = useState<number | undefined>(undefined);
  const answer = useSWR<T, Error>(['monitor', path], () => load<T>(path), {
    refreshInterval: interval,
    revalidateOnFocus: false,
    keepPreviousData: true,
    onSuccess: () => setLoadedAt(Date.now()),
  });
  return { answer, loadedAt };
}

export async function runRedisCommand(
  command: string,
): Promise<{ ok: true; output: string; ms: number } | { ok: false; message: string }> {
  const answer = await postAction<{ output: string; ms: number }>(`${BASE}/redis/command`, { command });
  if (!answer.success || !answer.result) return { ok: false, message: answer.message };
  return { ok: true, ...answer.result };
}

export const loadRedisCommands = () => load<{ configured: boolean; commands: string[] }>('redis/commands');
