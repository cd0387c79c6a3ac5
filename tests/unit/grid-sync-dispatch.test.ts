import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableSyncDispatcher, type TableSyncHandlers } from '../../runtime/model/grid-sync/dispatch.js';
import { REFRESH_DELAY_MS, REFRESH_MAX_IDS } from '../../runtime/model/grid-sync/refresh.js';
import {
  parseClientMessage,
  parseServerMessage,
  tableSocketUrl,
} from '../../runtime/model/grid-sync/protocol.js';

const TABLE = 'customer';
const frame = (data: Record<string, unknown>) =>
  JSON.stringify({
    type: 'update-table',
    data: { table: TABLE, action: 'edit', ids: ['r1'], fields: ['name'], origin: null, ...data },
  });

function handlers(extra: Partial<TableSyncHandlers> = {}) {
  return { ...extra, onUpdate: vi.fn(), onRemove: vi.fn(), onReload: vi.fn() };
}

/** A dispatcher over these handlers; `settle` runs the gathering delay and the reads it started. */
function dispatcher(h: TableSyncHandlers) {
  const d = new TableSyncDispatcher(TABLE, () => h);
  return { d, settle: () => vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('update-table', () => {
  it('never merges values a frame carries: the rows are read again and the answer is merged', async () => {
    const fetchRows = vi.fn(async () => [{ id: 'r1', name: '服务器值', phone: '未改' }]);
    const h = handlers({ fetchRows });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ values: { name: '伪造' } }));
    d.handle(frame({ table: 'scene' }));
    await settle();
    expect(fetchRows.mock.calls).toEqual([[['r1']]]);
    expect(h.onUpdate.mock.calls).toEqual([['r1', { name: '服务器值' }]]);
  });

  it('a frame naming an origin page (a relayed browser claim) is ignored', async () => {
    const fetchRows = vi.fn(async () => []);
    const h = handlers({ fetchRows });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ origin: 'page-b', values: { name: '伪造' } }));
    await settle();
    expect(fetchRows).not.toHaveBeenCalled();
    expect(h.onUpdate).not.toHaveBeenCalled();
  });

  it('a burst is one read; each row gets the fields its changes named; a row not answered is removed', async () => {
    const fetchRows = vi.fn(async (ids: readonly string[]) =>
      ids.filter((id) => id !== 'r3').map((id) => ({ id, name: `名${id}`, phone: `电${id}` })),
    );
    const h = handlers({ fetchRows });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ ids: ['r1', 'r2'] }));
    d.handle(frame({ ids: ['r2', 'r3'], fields: ['phone'] }));
    await settle();
    expect(fetchRows.mock.calls).toEqual([[['r1', 'r2', 'r3']]]);
    expect(h.onUpdate.mock.calls).toEqual([
      ['r1', { name: '名r1' }],
      ['r2', { name: '名r2', phone: '电r2' }],
    ]);
    expect(h.onRemove).toHaveBeenCalledWith(['r3']);
  });

  it(`reads at most ${REFRESH_MAX_IDS} ids per request`, async () => {
    const fetchRows = vi.fn(async (ids: readonly string[]) => ids.map((id) => ({ id })));
    const { d, settle } = dispatcher(handlers({ fetchRows }));
    const ids = Array.from({ length: 120 }, (_, i) => `r${i}`);
    d.handle(frame({ ids: ids.slice(0, 50) }));
    d.handle(frame({ ids: ids.slice(50, 100) }));
    d.handle(frame({ ids: ids.slice(100) }));
    await settle();
    expect(fetchRows.mock.calls.map(([batch]) => batch.length)).toEqual([50, 50, 20]);
  });

  it('changes during a read wait for it and are read together afterwards', async () => {
    let answer: (rows: Record<string, unknown>[]) => void = () => {};
    const fetchRows = vi.fn(
      (ids: readonly string[]) =>
        new Promise<Record<string, unknown>[]>((resolve) => {
          answer = () => resolve(ids.map((id) => ({ id, name: id })));
        }),
    );
    const h = handlers({ fetchRows });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ ids: ['r1'] }));
    await settle();
    d.handle(frame({ ids: ['r2'] }));
    d.handle(frame({ ids: ['r3'] }));
    await settle();
    expect(fetchRows).toHaveBeenCalledTimes(1);
    answer([]);
    await settle();
    expect(fetchRows.mock.calls).toEqual([[['r1']], [['r2', 'r3']]]);
  });

  it('a failed read leaves the rows as they are', async () => {
    const h = handlers({ fetchRows: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const { d, settle } = dispatcher(h);
    d.handle(frame({}));
    await settle();
    expect(h.onUpdate).not.toHaveBeenCalled();
    expect(h.onRemove).not.toHaveBeenCalled();
  });

  it('a host that says which rows it holds is asked only about those', async () => {
    const fetchRows = vi.fn(async (ids: readonly string[]) => ids.map((id) => ({ id, name: '新' })));
    const h = handlers({ fetchRows, holds: (id: string) => id === 'r1' });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ ids: ['r1', 'r9'] }));
    d.handle(frame({ action: 'delete', ids: ['r9'], fields: [] }));
    await settle();
    expect(fetchRows.mock.calls).toEqual([[['r1']]]);
    expect(h.onRemove).not.toHaveBeenCalled();
  });

  it('delete removes at once; adds reload once per burst; an edit without fetchRows reloads', async () => {
    const h = handlers();
    const { d, settle } = dispatcher(h);
    d.handle(frame({ action: 'delete', ids: ['r1', 'r2'], fields: [] }));
    expect(h.onRemove).toHaveBeenCalledWith(['r1', 'r2']);
    d.handle(frame({ action: 'add', ids: [], fields: [] }));
    d.handle(frame({ action: 'add', ids: [], fields: [] }));
    d.handle(frame({}));
    await settle();
    expect(h.onReload).toHaveBeenCalledTimes(1);
    expect(h.onUpdate).not.toHaveBeenCalled();
  });

  it("a parent's save that edits rows and adds one both reads the edited rows and reloads", async () => {
    const fetchRows = vi.fn(async (ids: readonly string[]) => ids.map((id) => ({ id, name: '他人改' })));
    const h = handlers({ fetchRows });
    const { d, settle } = dispatcher(h);
    d.handle(frame({ ids: ['r1', 'r2'] }));
    d.handle(frame({ action: 'add', ids: [], fields: [] }));
    await settle();
    expect(h.onReload).toHaveBeenCalledTimes(1);
    expect(fetchRows.mock.calls).toEqual([[['r1', 'r2']]]);
    expect(h.onUpdate).toHaveBeenCalledTimes(2);
  });

  it('reads nothing after stop', async () => {
    const fetchRows = vi.fn(async () => []);
    const { d, settle } = dispatcher(handlers({ fetchRows }));
    d.handle(frame({}));
    d.stop();
    await settle();
    expect(fetchRows).not.toHaveBeenCalled();
  });
});

describe('common-send-data', () => {
  it('is dispatched to the listener of its key only', () => {
    const reload = vi.fn();
    const { d } = dispatcher(handlers({ onData: { reload } }));
    const send = (key: string) =>
      d.handle(JSON.stringify({ type: 'common-send-data', data: { key, args: { n: 1 } } }));
    send('reload');
    send('other');
    send('constructor');
    expect(reload).toHaveBeenCalledExactlyOnceWith({ n: 1 });
  });
});

describe('the wire format', () => {
  it('refuses frames of the wrong shape', () => {
    expect(parseServerMessage('nope')).toBeNull();
    expect(parseServerMessage(frame({ ids: ['../x'] }))).toBeNull();
    expect(parseServerMessage(frame({ action: 'drop' }))).toBeNull();
    // Values are never part of a change: dropped from whatever carries them.
    expect(parseServerMessage(frame({ values: { name: '伪造' } }))).toEqual({
      type: 'update-table',
      data: { table: TABLE, action: 'edit', ids: ['r1'], fields: ['name'], origin: null },
    });
    expect(parseClientMessage('{"type":"update-table","data":{"id":"r1","values":{"name":"x"}}}')).toEqual({
      type: 'update-table',
      data: null,
    });
    expect(parseClientMessage('{"type":"common-send-data","data":{"key":""}}')).toBeNull();
    expect(parseClientMessage('{"type":"heartbeat"}')).toEqual({ type: 'heartbeat', data: null });
  });

  it('builds ws or wss per the page scheme, with the table and tenant in the query', () => {
    const target = { userId: 'u1', pageId: 'p1', table: 'customer', tenantId: 2 };
    expect(tableSocketUrl({ protocol: 'http:', host: 'h:8080' }, '/api', target)).toBe(
      'ws://h:8080/api/vxeSocket/u1/p1?table=customer&tenant=2',
    );
    expect(tableSocketUrl({ protocol: 'https:', host: 'h' }, '/api', target)).toMatch(/^wss:\/\/h\/api\//);
  });
});
