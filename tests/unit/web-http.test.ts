import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notification = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
const openDialog = vi.fn();

vi.mock('../../src/feedback', () => ({
  feedback: () => ({ notification, message: {} }),
  openDialog: (...args: unknown[]) => openDialog(...args),
}));

const { bindSession } = await import('../../src/http/client');
const { decorateRequest } = await import('../../src/http/instance');
const { handleHttpError, HttpMessages } = await import('../../src/http/errors');

function config(method: string, url: string, params?: object): InternalAxiosRequestConfig {
  return { method, url, params, headers: new AxiosHeaders() };
}

function failure(
  status: number | undefined,
  data: unknown = {},
  extra: { silent?: boolean; code?: string } = {},
) {
  const request = { ...config('get', '/x'), silent: extra.silent };
  const response =
    status === undefined ? undefined : { status, statusText: '', data, headers: {}, config: request };
  return new AxiosError('failed', extra.code, request, null, response);
}

function port(token: string) {
  return { getToken: () => token, getTenantId: () => '2', signOut: vi.fn(async () => {}) };
}

const reload = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { reload } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('decorateRequest', () => {
  it('adds the token, the tenant and a seconds timestamp on GETs', () => {
    bindSession(port('tok'));
    vi.setSystemTime(new Date('2025-01-01T00:00:10Z'));
    const result = decorateRequest(config('get', '/sys/user/list', { pageNo: 1 }));
    expect(result.headers.get('X-Access-Token')).toBe('tok');
    expect(result.headers.get('tenant-id')).toBe('2');
    expect(result.params).toEqual({ _t: 1735689610, pageNo: 1 });
  });

  it('sends tenant 0 and no token when signed out, and no _t on POSTs or dictionary items', () => {
    bindSession({ getToken: () => '', getTenantId: () => '', signOut: async () => {} });
    const post = decorateRequest(config('post', '/sys/login'));
    expect(post.headers.has('X-Access-Token')).toBe(false);
    expect(post.headers.get('tenant-id')).toBe('0');
    expect(post.params).toBeUndefined();
    expect(decorateRequest(config('get', '/sys/dict/getDictItems/sex')).params).toBeUndefined();
  });
});

describe('handleHttpError (the error catalogue)', () => {
  it('401 with a token: notifies once, signs out once, reloads after 1.5 s', async () => {
    const session = port('tok');
    // Three requests of one page fail together (the workbench loads several at once).
    for (let i = 0; i < 3; i++)
      await expect(handleHttpError(failure(401), session)).rejects.toBeInstanceOf(AxiosError);
    expect(notification.error).toHaveBeenCalledTimes(1);
    expect(notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: '未授权，请重新登录' }),
    );
    await vi.advanceTimersByTimeAsync(1499);
    expect(session.signOut).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalled();
  });

  it('401 without a token only notifies', async () => {
    const session = port('');
    await expect(handleHttpError(failure(401), session)).rejects.toBeDefined();
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it.each([
    [403, HttpMessages.forbidden],
    [404, HttpMessages.notFound],
    [504, HttpMessages.timeout],
  ])('%i shows %s', async (status, text) => {
    await expect(handleHttpError(failure(status), port('tok'))).rejects.toBeDefined();
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: text }));
  });

  it('500 with Token失效 opens the 登录已过期 dialog whose button signs out and reloads', async () => {
    const session = port('tok');
    await expect(
      handleHttpError(failure(500, { message: 'Token失效，请重新登录!' }), session),
    ).rejects.toBeDefined();
    expect(openDialog).toHaveBeenCalledWith(
      'error',
      expect.objectContaining({
        title: '登录已过期',
        content: '很抱歉，登录已过期，请重新登录',
        okText: '重新登录',
      }),
    );
    const props = openDialog.mock.calls[0][1] as { onOk: () => Promise<void> };
    await props.onOk();
    expect(session.signOut).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
  });

  it('500 with 强制登录 says the account signed in elsewhere', async () => {
    vi.resetModules();
    const fresh = await import('../../src/http/errors');
    const failed = fresh.handleHttpError(
      failure(500, { message: '强制登录：已在其他设备登录' }),
      port('tok'),
    );
    await expect(failed).rejects.toBeDefined();
    expect(openDialog).toHaveBeenCalledWith(
      'error',
      expect.objectContaining({ title: '账号已在其他设备登录' }),
    );
    // Parallel requests failing the same way do not stack dialogs.
    await expect(
      fresh.handleHttpError(failure(500, { message: '强制登录' }), port('tok')),
    ).rejects.toBeDefined();
    expect(openDialog).toHaveBeenCalledTimes(1);
  });

  it('other 500s and unknown statuses show the server message', async () => {
    await expect(handleHttpError(failure(500, { message: '操作失败' }), port('tok'))).rejects.toBeDefined();
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '操作失败' }));
    await expect(handleHttpError(failure(502, { message: '网关错误' }), port('tok'))).rejects.toBeDefined();
    expect(notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: '网关错误' }));
  });

  it('a timeout without a response says 网络超时', async () => {
    await expect(
      handleHttpError(failure(undefined, {}, { code: 'ECONNABORTED' }), port('')),
    ).rejects.toBeDefined();
    expect(notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '网络超时' }));
  });

  it('silent requests skip the catalogue', async () => {
    await expect(handleHttpError(failure(401, {}, { silent: true }), port('tok'))).rejects.toBeDefined();
    expect(notification.error).not.toHaveBeenCalled();
  });
});
