import { describe, expect, it } from 'vitest';
import { GRID_TEMP_ID_SUFFIX } from '../../runtime/model/grid/constants.js';
import { GridRows, isTempRowKey, stripRowId } from '../../runtime/model/grid/rows.js';

const saved = () => [
  { id: 'a1', taskName: '甲', quantity: 1, orderNum: 1 },
  { id: 'b2', taskName: '乙', quantity: 2, orderNum: 2 },
];

describe('grid row state', () => {
  it('keys saved rows with the case prefix and new rows with the temporary suffix', () => {
    const rows = new GridRows(saved(), { caseId: 'g1_' });
    expect(rows.keys()).toEqual(['g1_a1', 'g1_b2']);
    const key = rows.add({ taskName: '' });
    expect(key.startsWith('g1_')).toBe(true);
    expect(key.endsWith(GRID_TEMP_ID_SUFFIX)).toBe(true);
    expect(isTempRowKey(key)).toBe(true);
    expect(isTempRowKey('g1_a1')).toBe(false);
    expect(stripRowId('g1_a1', 'g1_')).toBe('a1');
    expect(stripRowId(`g1_xyz${GRID_TEMP_ID_SUFFIX}`, 'g1_')).toBe('xyz');
  });

  it('tracks new, edited and unchanged rows; changing a value back clears the edit', () => {
    const rows = new GridRows(saved(), { caseId: 'g_' });
    const added = rows.add({ taskName: '丙' });
    expect(rows.set('g_a1', 'taskName', '甲2')).toBe(true);
    expect(rows.set('g_a1', 'taskName', '甲2')).toBe(false);
    expect(rows.state()).toMatchObject({ added: [added], edited: ['g_a1'], removed: [] });
    rows.set('g_a1', 'taskName', '甲');
    expect(rows.status('g_a1')).toBe('saved');
    // '' and null are the same emptiness; 1 and '1' the same value.
    rows.set('g_b2', 'quantity', '2');
    expect(rows.status('g_b2')).toBe('saved');
    expect(rows.state().edited).toEqual([]);
  });

  it('removing a new row drops it; removing a saved row records it as deleted', () => {
    const rows = new GridRows(saved(), { caseId: 'g_' });
    const added = rows.add({ taskName: '丙' });
    rows.remove([added]);
    expect(rows.keys()).toEqual(['g_a1', 'g_b2']);
    expect(rows.state().removed).toEqual([]);
    rows.remove(['g_b2']);
    expect(rows.keys()).toEqual(['g_a1']);
    expect(rows.state().removed).toEqual(['b2']);
    expect(rows.payload().deletedIds).toEqual(['b2']);
  });

  it('the save payload: new rows without id, edited rows with stripped ids', () => {
    const rows = new GridRows(saved(), { caseId: 'g_' });
    rows.add({ taskName: '丙', quantity: 3 });
    rows.set('g_b2', 'quantity', 5);
    rows.remove(['g_a1']);
    expect(rows.payload()).toEqual({
      added: [{ taskName: '丙', quantity: 3 }],
      edited: [{ id: 'b2', taskName: '乙', quantity: 5, orderNum: 2 }],
      deletedIds: ['a1'],
    });
  });

  it('adds at an index', () => {
    const rows = new GridRows(saved());
    const key = rows.add({}, 1);
    expect(rows.keys()).toEqual(['a1', key, 'b2']);
  });

  it('drag sort renumbers the sort column from 1 and marks the moved rows edited', () => {
    const rows = new GridRows([...saved(), { id: 'c3', taskName: '丙', quantity: 3, orderNum: 3 }], {
      caseId: 'g_',
    });
    const fresh = rows.add({ taskName: '丁' });
    const changed = rows.reorder(['g_c3', 'g_a1', fresh, 'g_b2']);
    expect(rows.keys()).toEqual(['g_c3', 'g_a1', fresh, 'g_b2']);
    expect(rows.rows().map((r) => r.values.orderNum)).toEqual([1, 2, 3, 4]);
    expect(changed).toEqual(['g_c3', 'g_a1', fresh, 'g_b2']);
    expect(rows.state().edited).toEqual(['g_c3', 'g_a1', 'g_b2']);
  });

  it('drag sort uses a named sort key', () => {
    const rows = new GridRows(
      [
        { id: 'x', seq: 9 },
        { id: 'y', seq: 3 },
      ],
      { sortKey: 'seq' },
    );
    rows.reorder(['y', 'x']);
    expect(rows.rows().map((r) => [r.key, r.values.seq])).toEqual([
      ['y', 1],
      ['x', 2],
    ]);
  });

  it("merges another user's saved change into an unedited row and keeps a row edited here", () => {
    const rows = new GridRows(
      [
        { id: 'a1', taskName: '甲', rowVersion: 0 },
        { id: 'b2', taskName: '乙', rowVersion: 0 },
      ],
      { caseId: 'g_' },
    );
    rows.set('g_b2', 'taskName', '乙（本地）');
    expect(rows.mergeSaved('a1', { taskName: '甲（他人）', rowVersion: 1, id: 'x' })).toBe('merged');
    expect(rows.get('g_a1')).toEqual({ taskName: '甲（他人）', rowVersion: 1 });
    expect(rows.status('g_a1')).toBe('saved');
    // The local edit stays, with the version it was made on: the server refuses it as stale.
    expect(rows.mergeSaved('b2', { taskName: '乙（他人）', rowVersion: 1 })).toBe('kept');
    expect(rows.payload().edited).toEqual([{ id: 'b2', taskName: '乙（本地）', rowVersion: 0 }]);
    expect(rows.mergeSaved('zz', { taskName: '?' })).toBe('unknown');
  });

  it('forgets rows deleted elsewhere (not sent as deleted) and adds rows added elsewhere once', () => {
    const rows = new GridRows(saved(), { caseId: 'g_' });
    rows.remove(['g_b2']);
    expect(rows.forget(['a1', 'zz'])).toEqual(['g_a1']);
    expect(rows.payload().deletedIds).toEqual(['b2']);
    const added = rows.addUnknown([
      { id: 'b2', taskName: '乙' },
      { id: 'c3', taskName: '丙' },
    ]);
    expect(added).toEqual(['g_c3']);
    expect(rows.addUnknown([{ id: 'c3', taskName: '丙' }])).toEqual([]);
    expect(rows.status('g_c3')).toBe('saved');
  });
});
