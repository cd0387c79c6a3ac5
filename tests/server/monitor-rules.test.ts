/** The rules of 系统监控: trace paths without values, the terminal's command line and replies, a dead Redis. */
import { describe, expect, it } from 'vitest';
import { cleanPath, HttpStats } from '../../server/monitor/http-stats.js';
import { RedisMonitor } from '../../server/monitor/redis.js';
import {
  formatReply,
  parseCommand,
  parseInfo,
  splitCommandLine,
} from '../../server/monitor/redis-terminal.js';

describe('trace paths', () => {
  it('keep the path and the parameter names, never a value', () => {
    expect(cleanPath('/api/a?token=abc&x=1&flag')).toBe('/api/a?token&x&flag');
    expect(cleanPath('/api/a')).toBe('/api/a');
    expect(cleanPath('/api/a?%3Cscript%3E=1&a%20b=2')).toBe('/api/a');
  });

  it('keep the last requests in a ring, newest first', () => {
    const stats = new HttpStats();
    const key = {};
    for (let i = 0; i < 250; i += 1) stats.record(key, 'GET', '/r', 200, i, `/r?i=${i}`, 'u', true);
    const trace = stats.traceEntries();
    expect(trace).toHaveLength(200);
    expect(trace[0]).toMatchObject({ path: '/r?i', durationMs: 249 });
    expect(stats.routes.get(key)!.byStatus[0].count).toBe(250);
    expect(stats.recentPercentiles().p50).toBe(125);
  });
});

describe('the Redis terminal', () => {
  it('splits like redis-cli', () => {
    expect(splitCommandLine(`GET "a b" 'c d'  "x\\"y"`)).toEqual(['GET', 'a b', 'c d', 'x"y']);
    expect(splitCommandLine('GET "open')).toBeNull();
  });

  it('allows read commands only, with their arity', () => {
    expect(parseCommand('scan 0 match a:* count 100')).toEqual({
      ok: true,
      name: 'SCAN',
      args: ['0', 'match', 'a:*', 'count', '100'],
    });
    expect(parseCommand('SCAN 0 COUNT 100000')).toMatchObject({
      ok: false,
      message: 'SCAN 的 COUNT 不能超过 1000',
    });
    expect(parseCommand('config get *')).toMatchObject({
      ok: false,
      message: expect.stringContaining('不允许执行命令 CONFIG'),
    });
    expect(parseCommand('  ')).toEqual({ ok: false, message: '请输入命令' });
  });

  it('writes replies as redis-cli does', () => {
    expect(formatReply(null)).toBe('(nil)');
    expect(formatReply(3)).toBe('(integer) 3');
    expect(formatReply([])).toBe('(empty array)');
    expect(formatReply(['0', ['a', 'b']])).toBe('1) "0"\n2) 1) "a"\n   2) "b"');
    expect(parseInfo('# Server\r\nredis_version:7.0.15\r\n\r\n# Keyspace\r\ndb0:keys=1,expires=0')).toEqual([
      { name: 'Server', items: [{ key: 'redis_version', value: '7.0.15' }] },
      { name: 'Keyspace', items: [{ key: 'db0', value: 'keys=1,expires=0' }] },
    ]);
  });
});

describe('a Redis that does not answer', () => {
  it('is reported on the page, with the address but never the password', async () => {
    const monitor = new RedisMonitor('redis://:s3cret@127.0.0.1:1/2');
    try {
      const info = await monitor.info();
      expect(info).toMatchObject({ configured: true, address: '127.0.0.1:1/2' });
      expect('error' in info && info.error).toMatch(/^Redis 连接失败：/);
      expect(JSON.stringify(info)).not.toContain('s3cret');
      expect(await monitor.command('DBSIZE')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Redis 连接失败/),
      });
    } finally {
      await monitor.close();
    }
  });
});
