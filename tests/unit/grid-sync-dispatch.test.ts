import { describe, expect, it, vi } from 'vitest';
import { dispatchTableMessage, type TableSyncHandlers } from '../../runtime/model/grid-sync/dispatch.js';
import {
  parseClientMessage,
  parseServerMessage,
  tableSocketUrl,
} from '../../runtime/model/grid-sync/protocol.js';

const self = { pageId: 'page-a', table: 'customer' };
const frame = (data: Record<string, unknown>) =>
  JSON.stringify({
    type: 'update-table',
    data: { table: 'customer', action: 'edit', ids: ['r1'], fields: ['name'], origin: null, ...data },
  });

function handlers(extra: Partial<TableSyncHandlers> = {}) {
  return { onUpdate: vi.fn(), onRemove: vi.fn(), onReload: vi.fn(), ...extra };
}

describe('update-table', () => {
  it("merges a peer's changed fields into the row, ignoring its own instance and other tables", async () => {
    const h = handlers();
    await dispatchTableMessage(frame({ values: { name: '新', extra: 1 }, origin: 'page-b' }), self, h);
    expect(h.onUpdate).toHaveBeenCalledWith('r1', { name: '新' });
    await dispatchTableMessage(frame({ values: { name: '自己' }, origin: 'page-a' }), self, h);
    await dispatchTableMessage(
      frame({ table: 'scene', values: { name: '别表' }, origin: 'page-b' }),
      self,
      h,
    );
    expect(h.onUpdate).toHaveBeenCalledTimes(1);
  });

  it('a saved change re-reads the row and merges only the named fields; a row not found is removed', async () => {
    const rows: Record<string, Record<string, unknown> | null> = {
      r1: { id: 'r1', name: '服务器值', phone: '未改' },
      r2: null,
    };
    const h = handlers({ fetchRow: vi.fn(async (id: string) => rows[id]) });
    await dispatchTableMessage(frame({ ids: ['r1', 'r2'] }), self, h);
    expect(h.fetchRow).toHaveBeenCalledTimes(2);
    expect(h.onUpdate).toHaveBeenCalledWith('r1', { name: '服务器值' });
    expect(h.onRemove).toHaveBeenCalledWith(['r2']);
  });

  it('a host that says which rows it holds is asked only about those', async () => {
    const fetchRow = vi.fn(async (id: string) => ({ id, name: '新' }));
    const h = handlers({ fetchRow, holds: (id: string) => id === 'r1' });
    await dispatchTableMessage(frame({ ids: ['r1', 'r9'] }), self, h);
    expect(fetchRow.mock.calls).toEqual([['r1']]);
    await dispatchTableMessage(frame({ action: 'delete', ids: ['r9'], fields: [] }), self, h);
    expect(h.onRemove).not.toHaveBeenCalled();
    await dispatchTableMessage(frame({ ids: ['r9'], values: { name: '别人的' }, origin: 'page-b' }), self, h);
    expect(h.onUpdate).toHaveBeenCalledTimes(1);
  });

  it('add reloads, delete removes, and a saved edit without fetchRow reloads', async () => {
    const h = handlers();
    await dispatchTableMessage(frame({ action: 'add', ids: [], fields: [] }), self, h);
    await dispatchTableMessage(frame({ action: 'delete', ids: ['r1', 'r2'], fields: [] }), self, h);
    await dispatchTableMessage(frame({}), self, h);
    expect(h.onReload).toHaveBeenCalledTimes(2);
    expect(h.onRemove).toHaveBeenCalledWith(['r1', 'r2']);
    expect(h.onUpdate).not.toHaveBeenCalled();
  });
});

describe('common-send-data', () => {
  it('is dispatched to the listener of its key only', async () => {
    const reload = vi.fn();
    const h = handlers({ onData: { reload } });
    const send = (key: string) =>
      dispatchTableMessage(
        JSON.stringify({ type: 'common-send-data', data: { key, args: { n: 1 } } }),
        self,
        h,
      );
    await send('reload');
    await send('other');
    await send('constructor');
    expect(reload).toHaveBeenCalledExactlyOnceWith({ n: 1 });
  });
});

describe('the wire format', () => {
  it('refuses frames of the wrong shape', () => {
    expect(parseServerMessage('nope')).toBeNull();
    expect(parseServerMessage(frame({ ids: ['../x'] }))).toBeNull();
    expect(parseServerMessage(frame({ action: 'drop' }))).toBeNull();
    expect(parseServerMessage(frame({ values: { 'a b': 1 } }))).toBeNull();
    expect(parseClientMessage('{"type":"update-table","data":{"id":"r1","values":[]}}')).toBeNull();
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
