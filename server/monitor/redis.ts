/**
 * Redis信息 and Redis终端 over REDIS_URL (ioredis). The client is made on first use and ended with
 * the app; without REDIS_URL both pages say Redis is not configured. The address shown never
 * carries the URL's password.
 */
import { Redis } from 'ioredis';
import { capText, formatReply, parseCommand, parseInfo, type InfoSection } from './redis-terminal.js';
import type { RedisSummary } from '../../runtime/model/contract/monitor.js';

export type { RedisSummary };

export const RedisMessages = {
  notConfigured: '未配置 Redis：设置环境变量 REDIS_URL（如 redis://127.0.0.1:6379/0）后重启服务',
  connectFailed: 'Redis 连接失败',
} as const;

export type RedisInfoAnswer =
  | { configured: false; message: string }
  | { configured: true; address: string; error: string }
  | {
      configured: true;
      address: string;
      error: '';
      summary: RedisSummary;
      keyspace: { db: string; keys: number; expires: number }[];
      sections: InfoSection[];
      time: number;
    };

export type RedisCommandAnswer = { ok: true; output: string; ms: number } | { ok: false; message: string };

/** host:port/db of a redis URL, without user or password. */
export function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    const db = u.pathname.replace(/^\//, '') || '0';
    return `${u.hostname}:${u.port || '6379'}/${db}`;
  } catch {
    return '（REDIS_URL 无法解析）';
  }
}

const numberOf = (items: Map<string, string>, key: string) => Number(items.get(key) ?? 0) || 0;

export class RedisMonitor {
  private client: Redis | null = null;

  constructor(private readonly url: string) {}

  get configured(): boolean {
    return this.url !== '';
  }

  private connection(): Redis {
    // A client that gave up reconnecting (Redis down) is replaced on the next look.
    if (this.client && this.client.status !== 'end') return this.client;
    const client = new Redis(this.url, {
      lazyConnect: true,
      connectTimeout: 3_000,
      commandTimeout: 5_000,
      // A page asking a dead Redis gets its answer at once, and nothing keeps dialling it unseen.
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => (times > 3 ? null : times * 200),
      connectionName: 'zj-monitor',
    });
    // Failures reach the caller through the command; the event only must not go unhandled.
    client.on('error', () => undefined);
    this.client = client;
    return client;
  }

  async info(): Promise<RedisInfoAnswer> {
    if (!this.configured) return { configured: false, message: RedisMessages.notConfigured };
    const address = redisAddress(this.url);
    try {
      const client = this.connection();
      const [text, dbSize] = await Promise.all([client.info(), client.dbsize()]);
      const sections = parseInfo(text);
      const items = new Map(sections.flatMap((s) => s.items.map((i) => [i.key, i.value] as const)));
      const keyspace = (sections.find((s) => s.name.toLowerCase() === 'keyspace')?.items ?? []).map(
        (item) => {
          const fields = new Map(item.value.split(',').map((kv) => kv.split('=') as [string, string]));
          return {
            db: item.key,
            keys: Number(fields.get('keys') ?? 0),
            expires: Number(fields.get('expires') ?? 0),
          };
        },
      );
      const hits = numberOf(items, 'keyspace_hits');
      const misses = numberOf(items, 'keyspace_misses');
      return {
        configured: true,
        address,
        error: '',
        summary: {
          version: items.get('redis_version') ?? '',
          mode: items.get('redis_mode') ?? '',
          role: items.get('role') ?? '',
          uptimeSeconds: numberOf(items, 'uptime_in_seconds'),
          connectedClients: numberOf(items, 'connected_clients'),
          usedMemory: numberOf(items, 'used_memory'),
          usedMemoryPeak: numberOf(items, 'used_memory_peak'),
          maxMemory: numberOf(items, 'maxmemory'),
          opsPerSecond: numberOf(items, 'instantaneous_ops_per_sec'),
          hitRatio: hits + misses > 0 ? Math.round((hits / (hits + misses)) * 10000) / 100 : null,
          totalKeys: keyspace.reduce((sum, k) => sum + k.keys, 0),
          dbSize,
        },
        keyspace,
        sections,
        time: Date.now(),
      };
    } catch (error) {
      return {
        configured: true,
        address,
        error: `${RedisMessages.connectFailed}：${(error as Error).message}`,
      };
    }
  }

  async command(line: string): Promise<RedisCommandAnswer> {
    if (!this.configured) return { ok: false, message: RedisMessages.notConfigured };
    const parsed = parseCommand(line);
    if (!parsed.ok) return parsed;
    const started = performance.now();
    try {
      const reply = await this.connection().call(parsed.name, ...parsed.args);
      return {
        ok: true,
        output: capText(formatReply(reply)),
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
    } catch (error) {
      const message = (error as Error).message;
      // Redis's own refusals (a wrong type, a bad argument) are answers, shown as redis-cli shows them.
      if (/^(ERR|WRONGTYPE|NOPERM|NOAUTH)/.test(message))
        return { ok: true, output: `(error) ${message}`, ms: 0 };
      return { ok: false, message: `${RedisMessages.connectFailed}：${message}` };
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) client.disconnect();
  }
}
