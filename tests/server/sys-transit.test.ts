/**
 * The generic forwarder /sys/common/transitRESTful: only to enabled, admin-configured targets, by
 * the addresses the target's host resolves to, never with the caller's token or cookies, without
 * following redirects, within the target's timeout and a 2 MB answer. A local HTTP server on
 * 127.0.0.1 plays the target (allowed there only by a target marked 允许内网地址).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../server/db/seed/ids.js';
import { checkedAddress, exchange } from '../../server/sys/transit/forward.js';
import { transitDb } from '../../server/sys/transit/tables.js';
import { createEntityContext, type EntityTestContext } from './entity-helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let ctx: EntityTestContext;
let upstream: http.Server;
let origin: string;
let port: number;
const seen: Seen[] = [];

function startUpstream(): Promise<void> {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      if (path === '/api/redirect') {
        res.writeHead(302, { location: `${origin}/api/landing` }).end('moved');
      } else if (path === '/api/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 40; i += 1) res.write(chunk);
        res.end();
      } else if (path === '/api/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 2000);
      } else if (path === '/api/text') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
      } else {
        res.writeHead(path === '/api/missing' ? 404 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echo: { method: req.method, url: req.url, body: body || null } }));
      }
    });
  });
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      port = (upstream.address() as AddressInfo).port;
      origin = `http://127.0.0.1:${port}`;
      resolve();
    }),
  );
}

async function addTarget(name: string, values: Record<string, unknown>): Promise<void> {
  await transitDb(ctx.database.db)
    .insertInto('sysTransitTarget')
    .values({
      id: seedId(`test-target:${name}`),
      name,
      baseUrl: '',
      allowedMethods: 'GET',
      allowPrivate: 'N',
      timeoutMs: 5000,
      status: '1',
      ...values,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createEntityContext();
  await startUpstream();
  await addTarget('本机测试服务', {
    baseUrl: `${origin}/api/`,
    allowedMethods: 'GET,POST,DELETE',
    allowPrivate: 'Y',
    timeoutMs: 500,
  });
  await addTarget('未允许内网', { baseUrl: `http://localhost:${port}/open`, allowPrivate: 'N' });
  await addTarget('已停用', { baseUrl: `http://127.0.0.2:${port}/`, allowPrivate: 'Y', status: '0' });
  await addTarget('外部接口', { baseUrl: 'https://allowed.example.com/v1', allowPrivate: 'N' });
});
afterAll(async () => {
  upstream?.close();
  await ctx?.close();
});

function transit(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: object; token?: string; headers?: Record<string, string> } = {},
) {
  return ctx.call({
    method,
    url: `/api/sys/common/transitRESTful?url=${encodeURIComponent(url)}`,
    headers: { 'x-access-token': options.token ?? ctx.adminToken, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

describe('forwarding to a configured target', () => {
  it('GET: the target answer as result, its status as code; the query string goes along', async () => {
    const res = await transit('GET', `${origin}/api/echo?a=1&b=${encodeURIComponent('中文')}`);
    expect(res.body).toMatchObject({
      success: true,
      code: 200,
      result: { echo: { method: 'GET', url: `/api/echo?a=1&b=${encodeURIComponent('中文')}`, body: null } },
    });
  });

  it('never passes the caller’s token, cookies or authorization on', async () => {
    seen.length = 0;
    await transit('POST', `${origin}/api/echo`, {
      payload: { name: '接待', password: 'kept-as-sent' },
      headers: {
        cookie: 'session=abc',
        authorization: 'Bearer xyz',
        'tenant-id': '1',
        accept: 'application/json',
      },
    });
    expect(seen).toHaveLength(1);
    const { headers, body, method } = seen[0];
    expect(method).toBe('POST');
    expect(JSON.parse(body)).toEqual({ name: '接待', password: 'kept-as-sent' });
    for (const name of ['x-access-token', 'cookie', 'authorization', 'tenant-id', 'x-forwarded-for'])
      expect(headers[name], name).toBeUndefined();
    expect(headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json;charset=UTF-8',
    });
    expect(JSON.stringify(seen)).not.toContain(ctx.adminToken);
  });

  it('answers a non-JSON body as text and a target error as success false', async () => {
    expect((await transit('GET', `${origin}/api/text`)).body).toMatchObject({
      success: true,
      result: 'plain words',
    });
    expect((await transit('GET', `${origin}/api/missing`)).body).toMatchObject({ success: false, code: 404 });
  });

  it('does not follow a redirect', async () => {
    seen.length = 0;
    const res = await transit('GET', `${origin}/api/redirect`);
    expect(res.body).toMatchObject({ success: false, code: 302, result: 'moved' });
    expect(seen.map((s) => s.url)).toEqual(['/api/redirect']);
  });

  it('stops at the target timeout and at 2 MB', async () => {
    const started = Date.now();
    expect((await transit('GET', `${origin}/api/slow`)).body).toMatchObject({
      success: false,
      message: '转发请求超时',
    });
    expect(Date.now() - started).toBeLessThan(1800);
    expect((await transit('GET', `${origin}/api/big`)).body).toMatchObject({
      success: false,
      message: '转发目标的响应超过2MB',
    });
  });
});

describe('refusals', () => {
  const refused = async (url: string, message: string, method: 'GET' | 'PUT' = 'GET') => {
    seen.length = 0;
    const res = await transit(method, url);
    expect(res.body, url).toMatchObject({ success: false, message });
    expect(seen, url).toHaveLength(0);
  };

  it('a URL under no configured target, or only seemingly under one', async () => {
    const none = '转发地址不在已启用的转发目标内';
    await refused(`http://127.0.0.1:${port + 1}/api/echo`, none); // another port
    await refused(`${origin}/apix/echo`, none); // the prefix as a string, not a path
    await refused(`${origin}/`, none);
    await refused('https://allowed.example.com.evil.com/v1/data', none);
    await refused('https://allowed.example.com/v1x/data', none);
    await refused('http://allowed.example.com/v1/data', none); // scheme differs
    await refused(`http://127.0.0.2:${port}/api/echo`, none); // a disabled target
    await refused('https://evil.com/?u=https://allowed.example.com/v1/', none);
  });

  it('userinfo, dot segments and encoded separators', async () => {
    await refused('https://allowed.example.com@evil.com/v1/data', '转发地址不能包含用户名或密码');
    await refused(`http://x:y@127.0.0.1:${port}/api/echo`, '转发地址不能包含用户名或密码');
    await refused(`${origin}/api/../admin`, '转发地址的路径不能包含 .. 或编码的路径分隔符');
    await refused(`${origin}/api/%2e%2e/admin`, '转发地址的路径不能包含 .. 或编码的路径分隔符');
    await refused(`${origin}/api%2fecho`, '转发地址的路径不能包含 .. 或编码的路径分隔符');
    await refused('file:///etc/passwd', '转发地址格式不正确，须为 http:// 或 https:// 开头的完整地址');
    await refused('not a url', '转发地址格式不正确，须为 http:// 或 https:// 开头的完整地址');
    const empty = await ctx.call({
      method: 'GET',
      url: '/api/sys/common/transitRESTful',
      headers: { 'x-access-token': ctx.adminToken },
    });
    expect(empty.body).toMatchObject({ success: false, message: '参数错误：url不能为空' });
  });

  it('a method the target does not allow', async () => {
    await refused(`${origin}/api/echo`, '该转发目标不允许PUT请求', 'PUT');
  });

  it('a host resolving to a loopback address, unless the target allows internal addresses', async () => {
    // localhost is a name, not an address: what it resolves to is what is checked.
    await refused(`http://localhost:${port}/open/echo`, '转发目标解析到本机或内网地址，该目标未允许内网地址');
  });

  it('every resolved address must pass, and the connection goes to the checked one', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ];
    await expect(checkedAddress('two-faced.example', false, mixed)).rejects.toThrow(
      '转发目标解析到本机或内网地址',
    );
    await expect(checkedAddress('::ffff:127.0.0.1', false)).rejects.toThrow('转发目标解析到本机或内网地址');
    await expect(checkedAddress('0.0.0.0', true)).rejects.toThrow('转发目标解析到不可转发的地址');
    // A name the system cannot resolve reaches the upstream only through the address checked here:
    // no second lookup takes place where a rebinding DNS server could answer differently.
    const pinned = await checkedAddress('rebind.invalid', true, async () => [
      { address: '127.0.0.1', family: 4 },
    ]);
    seen.length = 0;
    const answer = await exchange({
      url: new URL(`http://rebind.invalid:${port}/api/echo`),
      method: 'GET',
      address: pinned,
      timeoutMs: 2000,
    });
    expect(answer.status).toBe(200);
    expect(seen[0].headers.host).toBe(`rebind.invalid:${port}`);
  });

  it('callers without the forward permission', async () => {
    const staff = await transit('GET', `${origin}/api/echo`, { token: ctx.staffToken });
    expect(staff.body).toMatchObject({ success: false, code: 510 });
    const anonymous = await ctx.call({
      method: 'GET',
      url: `/api/sys/common/transitRESTful?url=${encodeURIComponent(`${origin}/api/echo`)}`,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('转发目标 (generated routes at /sys/transitTarget)', () => {
  it('adds a target an admin can then forward to', async () => {
    const added = await ctx.send('POST', '/sys/transitTarget/add', {
      name: '新增的本机服务',
      baseUrl: `http://127.0.0.1:${port}/fresh`,
      allowedMethods: 'GET',
      allowPrivate: 'Y',
      timeoutMs: 3000,
      status: '1',
    });
    expect(added).toMatchObject({ success: true });
    expect((await transit('GET', `http://127.0.0.1:${port}/fresh/echo`)).body).toMatchObject({
      success: true,
      result: { echo: { url: '/fresh/echo' } },
    });
  });

  it('refuses a base URL with userinfo, a query, dot segments or another scheme, and unknown methods', async () => {
    for (const baseUrl of [
      'https://user@api.example.com/',
      'https://api.example.com/v1?key=1',
      'https://api.example.com/v1/../admin',
      'ftp://api.example.com/',
    ]) {
      const res = await ctx.send('POST', '/sys/transitTarget/add', {
        name: `坏地址${baseUrl.length}`,
        baseUrl,
        allowedMethods: 'GET',
        timeoutMs: 1000,
        status: '1',
      });
      expect(res.success, baseUrl).toBe(false);
    }
    const methods = await ctx.send('POST', '/sys/transitTarget/add', {
      name: '坏方法',
      baseUrl: 'https://api.example.com/',
      allowedMethods: 'GET,TRACE',
      timeoutMs: 1000,
      status: '1',
    });
    expect(methods).toMatchObject({ success: false });
  });

  it('is the admin’s screen', async () => {
    expect(await ctx.get('/sys/transitTarget/list', ctx.staffToken)).toMatchObject({ code: 510 });
  });
});
