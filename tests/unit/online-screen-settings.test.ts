/** The 页面设置 view's edits write the keys the JSON view would (docs/modules/online-forms.md). */
import { describe, expect, it } from 'vitest';
import type { DeclarationDraft } from '../../screens/online/cgform/field-edit';
import {
  addChild,
  addTransition,
  removeTransition,
  setDefaultSort,
  setFormColumns,
  setKind,
  setShownBuiltins,
  setShownTransitions,
  shownBuiltins,
  shownTransitions,
  updateChild,
  updateTransition,
} from '../../screens/online/cgform/settings-edit';

const draft: DeclarationDraft = {
  name: 'visit',
  kind: 'list',
  permissionPrefix: 'visit',
  fields: [
    { name: 'visitor', title: '访客', type: 'string' },
    { name: 'status', title: '状态', type: 'string' },
    { name: 'pid', title: '上级', type: 'string' },
  ],
};

describe('screen settings', () => {
  it('sets the list type, a tree with its block, and removes the block again', () => {
    expect(setKind(draft, 'erp').kind).toBe('erp');
    const tree = setKind(draft, 'tree');
    expect(tree.tree).toEqual({ parentField: 'pid', textField: 'visitor' });
    expect(setKind(tree, 'list')).not.toHaveProperty('tree');
  });
  it('writes form.columns and list.defaultSort, making the sort field sortable', () => {
    const two = setFormColumns(draft, 2);
    expect(two.form).toEqual({ columns: 2 });
    expect(setFormColumns(two, null)).not.toHaveProperty('form');
    const sorted = setDefaultSort(draft, 'visitor', 'asc');
    expect(sorted.list).toEqual({ defaultSort: { column: 'visitor', order: 'asc' } });
    expect(sorted.fields?.[0].sortable).toBe(true);
    expect(setDefaultSort(sorted, null, 'asc')).not.toHaveProperty('list');
  });
  it('writes the built-ins not shown as list.disable', () => {
    const fewer = setShownBuiltins(draft, ['add', 'edit', 'detail', 'delete']);
    expect((fewer.list as { disable: string[] }).disable).toEqual([
      'exportXls',
      'importExcel',
      'superQuery',
      'deleteBatch',
    ]);
    expect(shownBuiltins(fewer)).toEqual(['add', 'edit', 'detail', 'delete']);
    expect(setShownBuiltins(fewer, shownBuiltins(draft))).not.toHaveProperty('list');
  });
  it('adds, renames and hides transitions, keeping list.rowActions in step', () => {
    let next = addTransition(addTransition(draft));
    expect(next.transitions).toEqual([
      { name: 'transition1', title: '流转1', field: 'visitor', from: ['0'], to: '1' },
      { name: 'transition2', title: '流转2', field: 'visitor', from: ['0'], to: '1' },
    ]);
    next = updateTransition(next, 0, {
      name: 'close',
      field: 'status',
      confirm: '确定关闭？',
      permission: '',
    });
    expect((next.transitions as object[])[0]).toEqual({
      name: 'close',
      title: '流转1',
      field: 'status',
      from: ['0'],
      to: '1',
      confirm: '确定关闭？',
    });
    next = setShownTransitions(next, ['close']);
    expect((next.list as { rowActions: string[] }).rowActions).toEqual(['close']);
    expect(shownTransitions(next)).toEqual(['close']);
    next = updateTransition(next, 0, { name: 'finish' });
    expect((next.list as { rowActions: string[] }).rowActions).toEqual(['finish']);
    next = setShownTransitions(next, ['finish', 'transition2']);
    expect(next).not.toHaveProperty('list');
    expect(removeTransition(removeTransition(next, 0), 0)).not.toHaveProperty('transitions');
  });
  it('adds a child and picks its foreign key again when the entity changes', () => {
    let next = updateChild(addChild(draft), 0, { entity: 'visitItem', foreignKey: 'visitId' });
    expect(next.children).toEqual([{ entity: 'visitItem', relation: 'oneToMany', foreignKey: 'visitId' }]);
    next = updateChild(next, 0, { entity: 'other' });
    expect(next.children).toEqual([{ entity: 'other', relation: 'oneToMany', foreignKey: '' }]);
  });
});
