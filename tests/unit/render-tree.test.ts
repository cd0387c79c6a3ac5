import { describe, expect, it } from 'vitest';
import { hasChildren, isPlaceholder, rootListParams, treeRows } from '../../runtime/render/tree/tree-rows.js';

const roots = [
  { id: 'a', name: '总部', hasChild: '1' },
  { id: 'b', name: '分部', hasChild: '0' },
];

describe('tree rows', () => {
  it('reads the server flag', () => {
    expect(hasChildren(roots[0], 'hasChild')).toBe(true);
    expect(hasChildren(roots[1], 'hasChild')).toBe(false);
  });

  it('gives an unloaded parent one placeholder child, a leaf none', () => {
    const rows = treeRows(roots, new Map(), 'hasChild');
    expect(rows[0].children).toHaveLength(1);
    expect(isPlaceholder(rows[0].children![0])).toBe(true);
    expect(rows[0].children![0].id).toBe('a$loading');
    expect(rows[1].children).toBeUndefined();
  });

  it('puts loaded children in place, nested', () => {
    const loaded = new Map([
      ['a', [{ id: 'a1', name: '研发', hasChild: '1' }]],
      ['a1', [{ id: 'a11', name: '前端', hasChild: '0' }]],
    ]);
    const rows = treeRows(roots, loaded, 'hasChild');
    expect(rows[0].children?.[0].id).toBe('a1');
    expect(rows[0].children?.[0].children?.[0].id).toBe('a11');
  });

  it('asks rootList for matches at any depth only while filtering', () => {
    expect(rootListParams({ pageNo: 1, pageSize: 10 }, ['name'])).toEqual({ pageNo: 1, pageSize: 10 });
    expect(rootListParams({ name: '*研*', pageNo: 1 }, ['name'])).toEqual({
      name: '*研*',
      pageNo: 1,
      hasQuery: 'true',
    });
    expect(rootListParams({ day_begin: '2024-01-01' }, ['day'])).toHaveProperty('hasQuery', 'true');
  });
});
