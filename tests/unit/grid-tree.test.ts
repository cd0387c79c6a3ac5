import { describe, expect, it } from 'vitest';
import { GridRows } from '../../runtime/model/grid/rows.js';
import { findAnchor, subTablePlacement } from '../../runtime/model/grid/sub-table.js';
import {
  awaitsChildren,
  hasChildrenFlag,
  isPlaceholder,
  TREE_CHILD_FIELD,
  TREE_META_FIELDS,
  treeData,
} from '../../runtime/model/grid/tree.js';

const KEY = '__key';
const tasks = () => [
  { id: 't1', taskName: '甲', hasChildren: '1' },
  { id: 't2', taskName: '乙', hasChildren: true, children: [{ id: 't21', taskName: '乙一', pid: 't2' }] },
  { id: 't3', taskName: '丙' },
];

describe('grid tree rows', () => {
  it('reads hasChildren as servers send it', () => {
    for (const flag of [true, 1, '1', 'true']) expect(hasChildrenFlag({ hasChildren: flag })).toBe(true);
    for (const flag of [false, 0, '0', '', undefined])
      expect(hasChildrenFlag({ hasChildren: flag })).toBe(false);
  });

  it('gives a lazy node one placeholder child, loaded children as rows, a leaf none', () => {
    const store = new GridRows([], { caseId: 'g_', meta: TREE_META_FIELDS });
    const data = treeData(store, tasks(), KEY);
    expect(data.map((d) => d[KEY])).toEqual(['g_t1', 'g_t2', 'g_t3']);
    const lazy = data[0]![TREE_CHILD_FIELD] as Record<string, unknown>[];
    expect(lazy).toHaveLength(1);
    expect(isPlaceholder(lazy[0]!)).toBe(true);
    expect(awaitsChildren(data[0]!)).toBe(true);
    expect(awaitsChildren(data[1]!)).toBe(false);
    expect((data[1]![TREE_CHILD_FIELD] as Record<string, unknown>[])[0]).toMatchObject({
      [KEY]: 'g_t21',
      taskName: '乙一',
    });
    expect(data[2]).not.toHaveProperty(TREE_CHILD_FIELD);
    // Tree fields are not values; loaded children are saved rows of the store.
    expect(store.keys()).toEqual(['g_t1', 'g_t2', 'g_t21', 'g_t3']);
    expect(store.get('g_t2')).toEqual({ taskName: '乙' });
    expect(store.parentOf('g_t21')).toBe('g_t2');
    expect(store.state()).toMatchObject({ added: [], edited: [], removed: [] });
  });

  it('tracks lazily loaded children: placed under their parent, edited, removed with it', () => {
    const store = new GridRows([], { caseId: 'g_', meta: TREE_META_FIELDS });
    treeData(store, tasks(), KEY);
    const children = treeData(
      store,
      [
        { id: 't11', taskName: '甲一', pid: 't1' },
        { id: 't12', taskName: '甲二', pid: 't1' },
      ],
      KEY,
      'g_t1',
    );
    expect(children.map((c) => c[KEY])).toEqual(['g_t11', 'g_t12']);
    expect(store.keys()).toEqual(['g_t1', 'g_t11', 'g_t12', 'g_t2', 'g_t21', 'g_t3']);
    store.set('g_t11', 'taskName', '甲一改');
    expect(store.payload().edited).toEqual([{ id: 't11', taskName: '甲一改', pid: 't1' }]);
    store.remove(['g_t12']);
    expect(store.state().removed).toEqual(['t12']);
    // Removing a parent takes its loaded children.
    store.remove(['g_t2']);
    expect(store.keys()).toEqual(['g_t1', 'g_t11', 'g_t3']);
    expect(store.state().removed).toEqual(['t12', 't2', 't21']);
  });
});

describe('popup sub-table placement', () => {
  const row = { top: 300, bottom: 361, left: 24, width: 1200 };
  it('goes below when more than 350 px is free beneath the click, else above', () => {
    expect(subTablePlacement(row, 330, 900)).toEqual({ side: 'below', top: 361, left: 24, width: 1200 });
    // Exactly 350 px free is not more than 350: above, ending at the row's top.
    expect(subTablePlacement(row, 550, 900)).toEqual({ side: 'above', bottom: 600, left: 24, width: 1200 });
    expect(subTablePlacement(row, 549, 900).side).toBe('below');
  });

  it('looks for its anchor now and 3 more times 100 ms apart, then gives up', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    let tries = 0;
    expect(await findAnchor(() => (++tries, null), wait)).toBeNull();
    expect(tries).toBe(4);
    expect(waits).toEqual([100, 100, 100]);
    tries = 0;
    expect(await findAnchor(() => (++tries === 3 ? 'row' : null), wait)).toBe('row');
    expect(tries).toBe(3);
  });
});
