import { createHash } from 'node:crypto';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';

const notification = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const openDialog = vi.fn();

vi.mock('../../src/feedback', () => ({
  feedback: () => ({ notification, message }),
  openDialog: (...args: unknown[]) => openDialog(...args),
}));

const { md5 } = await import('../../src/http/md5');
const { signature, signedHeaders, signTimestamp } = await import('../../src/http/sign');
const { fileUrl } = await import('../../src/http/file-url');
const { createClickGate, throttleClick, CLICK_TOO_FAST } = await import('../../src/http/throttle');
const { handleHttpError, readBodyMessage } = await import('../../src/http/errors');
const { bindSession, getBlob } = await import('../../src/http/client');
const { decorateRequest, http } = await import('../../src/http/instance');
const { loadList } = await import('../../src/http/list');

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('md5 (the X-Sign digest)', () => {
  it('matches node for ASCII, Chinese text and block-boundary lengths', () => {
    for (const text of [
      '',
      'abc',
      '智慧接待平台',
      'a'.repeat(55),
      'b'.repeat(56),
      'c'.repeat(64),
      'd'.repeat(1000),
    ]) {
      expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('signed requests', () => {
  const secret = 'dd05f1c54d63749eda95f9fa6d49v442a';
  const expected = (json: string) =>
    createHash('md5')
      .update(json + secret)
      .digest('hex')
      .toUpperCase();

  it('signs the sorted query and parameters, and a comma list in the last path segment', () => {
    expect(signature('/sys/dict/loadDict/sex?b=2', { a: '1' })).toBe(expected('{"a":"1","b":"2"}'));
    expect(signature('/sys/dict/loadTreeData/sys_depart,depart_name,id', { pid: '0' })).toBe(
      expected('{"pid":"0","x-path-variable":"sys_depart,depart_name,id"}'),
    );
  });

  it('stamps yyyyMMddHHmmss and adds both headers to a signed request', () => {
    expect(signTimestamp(new Date(2021, 9, 20, 8, 5, 9))).toBe('20211020080509');
    expect(Object.keys(signedHeaders('/x', {}))).toEqual(['X-Sign', 'X-TIMESTAMP']);
    bindSession({ getToken: () => 't', getTenantId: () => '1', signOut: async () => {} });
    const config: InternalAxiosRequestConfig = {
      method: 'get',
      url: '/sys/dict/loadDict/sex',
      params: { keyword: 'a' },
      signed: true,
      headers: new AxiosHeaders(),
    };
    const signed = decorateRequest(config);
    expect(signed.headers.get('X-Sign')).toBe(signature('/sys/dict/loadDict/sex', { keyword: 'a' }));
    expect(signed.headers.get('X-TIMESTAMP')).toMatch(/^\d{14}$/);
    const plain = decorateRequest({ method: 'get', url: '/x', headers: new AxiosHeaders() });
    expect(plain.headers.has('X-Sign')).toBe(false);
  });
});

describe('file URLs', () => {
  it('keeps values with a scheme and joins stored paths to the static prefix with one slash', () => {
    expect(fileUrl('https://cdn.example.com/a.png', '/api/sys/common/static')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(fileUrl('data:image/png;base64,AA', '/p')).toBe('data:image/png;base64,AA');
    expect(fileUrl('temp/a_1.png', '/api/sys/common/static')).toBe('/api/sys/common/static/temp/a_1.png');
    expect(fileUrl('/temp/a.png', '/static/')).toBe('/static/temp/a.png');
    expect(fileUrl('temp/a.png,temp/b.png', '/s')).toBe('/s/temp/a.png');
    expect(fileUrl(null)).toBe('');
  });
});

describe('click throttle', () => {
  it('refuses a second click within 300 ms with the spec warning', () => {
    let now = 1000;
    const gate = createClickGate(300, () => now);
    const handler = vi.fn();
    const click = throttleClick(handler, gate);
    click();
    now += 299;
    click();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(message.warning).toHaveBeenCalledWith(CLICK_TOO_FAST);
    expect(CLICK_TOO_FAST).toBe('你点击的太快了，请慢点点击!');
    now += 300;
    click();
    expect(handler).toHaveBeenCalledTimes(2);
  });
});

describe('blob answers', () => {
  it('reads a blob error body as text (JSON or plain)', async () => {
    const json = new Blob([JSON.stringify({ success: false, message: 'Token失效，请重新登录!' })], {
      type: 'application/json',
    });
    expect(await readBodyMessage(json)).toBe('Token失效，请重新登录!');
    expect(await readBodyMessage(new Blob(['plain failure']))).toBe('plain failure');
  });

  it('a failed download whose blob says Token失效 opens the 登录已过期 dialog', async () => {
    const request = { method: 'get', url: '/export', headers: new AxiosHeaders() };
    const body = new Blob([JSON.stringify({ message: 'Token失效，请重新登录!' })]);
    const response = { status: 500, statusText: '', data: body, headers: {}, config: request };
    const error = new AxiosError('failed', undefined, request, null, response);
    const port = { getToken: () => 'tok', getTenantId: () => '0', signOut: vi.fn(async () => {}) };
    await expect(handleHttpError(error, port)).rejects.toBe(error);
    expect(openDialog).toHaveBeenCalledWith('error', expect.objectContaining({ title: '登录已过期' }));
  });

  it('downloads ask for a blob with the 30-minute timeout', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const blob = await getBlob(
      '/export',
      { id: 1 },
      {
        adapter: async (config) => {
          seen.push(config);
          return { data: new Blob(['x']), status: 200, statusText: 'OK', headers: {}, config };
        },
      },
    );
    expect(blob).toBeInstanceOf(Blob);
    expect(seen[0]).toMatchObject({ timeout: 1_800_000, responseType: 'blob' });
    expect(http.defaults.timeout).toBe(60_000);
  });
});

describe('list loads', () => {
  it('a 510 answer shows its message as a warning', async () => {
    const adapter = async (config: InternalAxiosRequestConfig) => ({
      data: { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null, timestamp: 0 },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
    http.defaults.adapter = adapter;
    try {
      const res = await loadList('/sys/version/listAll');
      expect(res.code).toBe(510);
      expect(message.warning).toHaveBeenCalledWith('没有权限，请联系管理员授权');
    } finally {
      delete http.defaults.adapter;
    }
  });
});
