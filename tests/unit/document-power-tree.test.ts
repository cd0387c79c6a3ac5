/** The grant tree's rules (screens/document/power-tree-model.ts): inheritance, own grants, toggles. */
import { describe, expect, it } from 'vitest';
import { allKeys, depths, effectivePowers, NONE, toggle } from '../../screens/document/power-tree-model';

const tree = [
  {
    key: 'A',
    title: '制度',
    children: [{ key: 'A1', title: '行政', children: [{ key: 'A11', title: '车辆' }] }],
  },
  { key: 'B', title: '合同' },
];

describe('grant tree', () => {
  it('passes a grant down until a node has its own, which may be nothing', () => {
    const view = { view: true, download: false, edit: false };
    const all = { view: true, download: true, edit: true };
    expect(Object.fromEntries(effectivePowers(tree, new Map([['A', view]])))).toEqual({
      A: view,
      A1: view,
      A11: view,
      B: NONE,
    });
    const eff = effectivePowers(
      tree,
      new Map([
        ['A', all],
        ['A1', NONE],
      ]),
    );
    expect([eff.get('A'), eff.get('A1'), eff.get('A11')]).toEqual([all, NONE, NONE]);
  });

  it('makes download and edit include view, and taking view takes them', () => {
    expect(toggle(NONE, 'edit', true)).toEqual({ view: true, download: false, edit: true });
    expect(toggle({ view: true, download: true, edit: true }, 'view', false)).toEqual(NONE);
    expect(toggle({ view: true, download: true, edit: false }, 'download', false)).toEqual({
      view: true,
      download: false,
      edit: false,
    });
    expect(allKeys(tree)).toEqual(['A', 'A1', 'A11', 'B']);
    expect(Object.fromEntries(depths(tree))).toEqual({ A: 0, A1: 1, A11: 2, B: 0 });
  });
});
