/** What the 系统监控 server tests share: answer types and whether the machine's Redis answers. */
import net from 'node:net';

export type { DatabaseInfo } from '../../server/monitor/database.js';
export type { RedisInfoAnswer } from '../../server/monitor/redis.js';
export type { runtimeSnapshot } from '../../server/monitor/runtime.js';
export type { DiskInfo, systemInfo } from '../../server/monitor/system.js';

/** An answer as it leaves the API: dates become 'YYYY-MM-DD HH:mm:ss'. */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export interface HttpAnswer {
  total: number;
  inFlight: number;
  websockets: number;
  byStatus: { status: number; count: number }[];
  routes: { route: string }[];
  recent: { count: number; p50: number; p95: number };
}

/** The machine's Redis (CI starts one); without it the Redis tests are skipped, not failed. */
export function redisAnswers(port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
