import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryFilter } from '../../src/notice/categories';
import {
  HEARTBEAT_TEXT,
  NOTICE_HEARTBEAT_MS,
  NOTICE_RECONNECT_MS,
  NoticeSocket,
  parsePush,
  socketUrl,
} from '../../src/notice/socket';

vi.mock('../../src/session/storage', () => ({ localStore: { get: vi.fn(), set: vi.fn(), remove: vi.fn() } }));
vi.mock('../../src/shell/tabs', () => ({ tabs: { pages: [], activeKey: '' }, applyTabChange: vi.fn() }));
const { handleTarget } = await import('../../src/notice/open-notice');

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

function harness() {
  const made: FakeSocket[] = [];
  const pushes: unknown[] = [];
  vi.stubGlobal('WebSocket', { OPEN: 1 });
  const socket = new NoticeSocket({
    url: 'ws://h/api/websocket/u1',
    token: 'tok',
    onPush: (p) => pushes.push(p),
    create: (url, protocols) => {
      const fake = new FakeSocket(url, protocols);
      made.push(fake);
      return fake as unknown as WebSocket;
    },
  });
  return { socket, made, pushes };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the notice socket', () => {
  it('offers the token as its sub-protocol and sends HeartBeat every 20 s once open', () => {
    vi.useFakeTimers();
    const { socket, made } = harness();
    socket.start();
    expect(made[0].protocols).toEqual(['tok']);
    made[0].open();
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_MS * 2);
    expect(made[0].sent).toEqual([HEARTBEAT_TEXT, HEARTBEAT_TEXT]);
    socket.stop();
  });

  it('reconnects 5 s after a close or an error, with one reconnect pending at a time', () => {
    vi.useFakeTimers();
    const { socket, made } = harness();
    socket.start();
    made[0].onerror?.();
    made[0].onclose?.();
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS - 1);
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(2);
    socket.stop();
    made[1].onclose?.();
    vi.advanceTimersByTime(NOTICE_RECONNECT_MS * 2);
    expect(made).toHaveLength(2);
    expect(made[1].closed).toBe(true);
  });

  it('hands topic and user pushes on, and ignores the heartbeat answer and junk', () => {
    const { socket, made, pushes } = harness();
    socket.start();
    made[0].onmessage?.({ data: HEARTBEAT_TEXT });
    made[0].onmessage?.({ data: '{"cmd":"other"}' });
    made[0].onmessage?.({ data: 'not json' });
    made[0].onmessage?.({ data: '{"cmd":"user","msgId":"n1","msgTxt":"催办"}' });
    expect(pushes).toEqual([{ cmd: 'user', msgId: 'n1', msgTxt: '催办' }]);
    expect(parsePush('{"cmd":"topic","msgId":2}')).toEqual({ cmd: 'topic', msgId: '2', msgTxt: '' });
    socket.stop();
  });

  it('builds ws: or wss: from the page scheme', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:8080' }, '/api', 'u 1')).toBe(
      'ws://a:8080/api/websocket/u%201',
    );
    expect(socketUrl({ protocol: 'https:', host: 'a' }, '/api', 'u1')).toBe('wss://a/api/websocket/u1');
  });
});

describe('the notice panel rules', () => {
  it('all six categories send an empty filter; fewer (the spec’s five alone) send their codes', () => {
    expect(categoryFilter(['4', '5', '6', '7', '8', '9'])).toEqual([]);
    expect(categoryFilter(['4', '5', '6', '7', '8'])).toEqual(['4', '5', '6', '7', '8']);
    expect(categoryFilter(['9'])).toEqual(['9']);
    expect(categoryFilter(['8', '5'])).toEqual(['5', '8']);
    expect(categoryFilter([])).toEqual([]);
  });

  it('去处理 goes to the work order for workOrder, else to the project, and url records to their page', () => {
    const base = { id: 'n', esTitle: 't', createTime: '' };
    expect(handleTarget({ ...base, appType: 'workOrder', appId: 'W 1' })).toBe(
      '/HomePage/DistributedDetails/details?id=W%201',
    );
    expect(handleTarget({ ...base, appType: 'project', appId: 'P1' })).toBe('/modules/project/index?id=P1');
    // A flow's 催办 (workflow slice 5b): the urged person's 我的待办.
    expect(handleTarget({ ...base, appType: 'flow', appId: 'I1' })).toBe('/flow/todo');
    expect(handleTarget({ ...base, openType: 'url', openPage: '/workOrder/list' })).toBe('/workOrder/list');
    // Never somewhere else: an absolute or scheme URL falls back to the in-app target.
    expect(handleTarget({ ...base, openType: 'url', openPage: '//evil.example', appId: 'P' })).toBe(
      '/modules/project/index?id=P',
    );
    expect(handleTarget({ ...base, openType: 'url', openPage: 'javascript:alert(1)', appId: 'P' })).toBe(
      '/modules/project/index?id=P',
    );
  });
});

describe('the bell poll', () => {
  it('asks for the 3 newest unread every 6 s and stops for good after a failed answer', async () => {
    vi.resetModules();
    vi.useFakeTimers();
    const fetchUnread = vi
      .fn()
      .mockResolvedValueOnce({ success: true, result: { records: [{ id: 'a' }], total: 4 } })
      .mockResolvedValueOnce({ success: false, message: '服务器内部错误' })
      .mockResolvedValue({ success: true, result: { records: [], total: 0 } });
    vi.doMock('../../src/notice/api', () => ({ fetchUnread }));
    const { startLiveNotices, stopLiveNotices, NOTICE_POLL_MS } = await import('../../src/notice/live');
    const { noticeState } = await import('../../src/notice/store');
    // No socket in this test: an empty token skips it.
    startLiveNotices('u1', '');
    await vi.advanceTimersByTimeAsync(0);
    expect(noticeState.sysMsgCount).toBe(4);
    expect(noticeState.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_MS);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
    expect(noticeState.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(NOTICE_POLL_MS * 5);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
    stopLiveNotices();
    vi.doUnmock('../../src/notice/api');
  });
});
