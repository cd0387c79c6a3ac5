import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/cluster-nginx.js';
import type { Attempt } from '../load/recorder.js';
import { checkWrites } from '../load/verify.js';

/** The load tests' judge of "every acknowledged write exactly once" catches what it must. */
describe('checkWrites', () => {
  const add = (name: string, acknowledged = true): Attempt => ({
    kind: 'add',
    name,
    value: '',
    acknowledged,
  });
  const edit = (name: string, value: string, acknowledged = true): Attempt => ({
    kind: 'edit',
    name,
    value,
    acknowledged,
  });

  it('passes a clean run, and an unacknowledged add stored or not', () => {
    const writes = [add('a'), add('b', false), add('c', false), edit('a', 'v1'), edit('a', 'v2', false)];
    const stored = [
      { name: 'a', post: 'v2' },
      { name: 'b', post: '' },
    ];
    expect(checkWrites(writes, stored)).toEqual({
      acknowledgedAdds: 1,
      acknowledgedEdits: 1,
      lost: [],
      duplicated: [],
      unexpected: [],
    });
  });

  it('finds a lost add, a lost edit, a duplicate and a row nobody added', () => {
    const writes = [add('a'), add('b'), edit('b', 'v1'), edit('b', 'v2')];
    const stored = [
      { name: 'b', post: 'v1' },
      { name: 'b', post: 'v1' },
      { name: 'z', post: '' },
    ];
    expect(checkWrites(writes, stored)).toMatchObject({
      lost: ['a', 'b (post v1)'],
      duplicated: ['b'],
      unexpected: ['z'],
    });
  });
});

describe('the proxy configuration', () => {
  const config = nginxConfig({ port: 9000, upstreams: [9001, 9002], dir: '/tmp/zj' });

  it('upgrades WebSockets and fails over only requests nginx may resend', () => {
    expect(config).toContain('server 127.0.0.1:9001 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('server 127.0.0.1:9002 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(config).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(config).toMatch(/proxy_next_upstream error timeout;/);
    expect(config).not.toContain('non_idempotent');
    expect(config).not.toMatch(/^\s*keepalive\s/m);
    expect(config).not.toContain('X-Upstream');
  });
});
