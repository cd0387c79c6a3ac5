/**
 * The designer says the whole language (issue 32, docs/modules/online-forms.md): the pure edits
 * behind its controls write the keys the JSON view shows, and read back what they wrote.
 */
import { describe, expect, it } from 'vitest';
import { parseRowRule } from '../../runtime/model/declaration/row-rule';
import { setDetail } from '../../screens/online/cgform-api';
import { setName, setPermission } from '../../screens/online/cgform/basics-edit';
import { companionsToSave, type Companion } from '../../screens/online/cgform/companions';
import { patchField, type DeclarationDraft, type FieldDraft } from '../../screens/online/cgform/field-edit';
import { multiPatch, queryPatch, referencePatch } from '../../screens/online/cgform/field-more-edit';
import {
  newChildDraft,
  newChildProblem,
  proposedChild,
  renameChild,
  withNewChild,
} from '../../screens/online/cgform/new-child';
import { testPattern } from '../../screens/online/cgform/pattern-test';
import {
  fromRowRule,
  setRowAccess,
  setRowCondition,
  toRowRule,
  type RowGroup,
} from '../../screens/online/cgform/row-access-edit';
import { fromLogic, toLogic } from '../../screens/online/cgform/rule-logic';

const draft: DeclarationDraft = {
  name: 'visitDesk',
  title: '前台来访',
  table: 'onl_visit_desk',
  basePath: '/online/data/visitDesk',
  permissionPrefix: 'visitDesk',
  fields: [
    { name: 'visitor', title: '访客', type: 'string' },
    { name: 'status', title: '状态', type: 'string' },
  ],
};
const field = (extra: Record<string, unknown> = {}): FieldDraft => ({
  name: 'f',
  title: 'F',
  type: 'string',
  ...extra,
});

describe('state rules (rowAccess)', () => {
  it('writes "editable only while pending" as a row rule both ends accept, and reads it back', () => {
    const group: RowGroup = { join: 'and', rows: [{ field: 'status', op: '==', value: '0' }] };
    const next = setRowAccess(setRowCondition(draft, 'edit', group), 'editMessage', '已处理的来访不能修改');
    expect(next.rowAccess).toEqual({
      edit: { '==': [{ var: 'row.status' }, '0'] },
      editMessage: '已处理的来访不能修改',
    });
    expect(fromRowRule((next.rowAccess as { edit: unknown }).edit)).toEqual(group);
    expect(setRowCondition(next, 'edit', { join: 'and', rows: [] }).rowAccess).toEqual({
      editMessage: '已处理的来访不能修改',
    });
  });
  it('round-trips every operator, joined, through the engine parser', () => {
    const group: RowGroup = {
      join: 'or',
      rows: [
        { field: 'status', op: 'in', value: '0,1' },
        { field: 'visitor', op: 'isMe', value: '' },
        { field: 'visitor', op: 'hasMe', value: '' },
        { field: 'sysOrgCode', op: 'underMe', value: '' },
        { field: 'status', op: '!=', value: '9' },
      ],
    };
    const rule = toRowRule(group)!;
    expect(() => parseRowRule(rule as never, null, false)).not.toThrow();
    expect(fromRowRule(rule)).toEqual(group);
    expect(fromRowRule({ '==': [{ var: 'status' }, '0'] })).toBeNull();
  });
});

describe('conditions comparing two fields (checks, form rules)', () => {
  it('writes a field on the right as {var} and reads it back', () => {
    const group = {
      join: 'and' as const,
      rows: [{ field: 'end', op: '>=' as const, value: 'start', ref: true }],
    };
    const logic = toLogic(group);
    expect(logic).toEqual({ '>=': [{ var: 'end' }, { var: 'start' }] });
    expect(fromLogic(logic)).toEqual(group);
    expect(
      toLogic({ join: 'and', rows: [{ field: 'end', op: '>=', value: '', ref: true }] }),
    ).toBeUndefined();
  });
});

describe('field row controls', () => {
  it('sets the query rule of a single query, and drops it for a range', () => {
    const single = patchField(
      field({ query: { mode: 'single' } }),
      queryPatch(field({ query: { mode: 'single' } }), { rule: 'like' }),
    );
    expect(single.query).toEqual({ mode: 'single', rule: 'like' });
    expect(queryPatch(single, { mode: 'range' }).query).toEqual({ mode: 'range' });
    expect(queryPatch(single, { rule: null }).query).toEqual({ mode: 'single' });
  });
  it('turns a picker multi on and off, without an empty widgetOptions', () => {
    const on = patchField(field({ widget: 'userPicker' }), multiPatch(field(), true));
    expect(on.widgetOptions).toEqual({ multi: true });
    expect(patchField(on, multiPatch(on, false))).not.toHaveProperty('widgetOptions');
  });
  it('sets a reference: no dict, a fitting widget, and a cascade only for a single one', () => {
    const before = field({ dict: 'sex', widget: 'radio', length: 32 });
    const one = patchField(before, referencePatch(before, { entity: 'customer', onDelete: 'cascade' }));
    expect(one).toEqual({
      ...field({ widget: 'radio', length: 32 }),
      reference: { entity: 'customer', onDelete: 'cascade' },
    });
    const many = patchField(one, referencePatch(one, { multiple: true }));
    expect(many.reference).toEqual({ entity: 'customer', multiple: true });
    expect(many).not.toHaveProperty('widget');
    expect(patchField(many, referencePatch(many, null))).not.toHaveProperty('reference');
    const number = field({ type: 'int' });
    expect(patchField(number, referencePatch(number, { entity: 'customer' }))).toMatchObject({
      type: 'string',
      length: 32,
    });
  });
  it("tests a pattern with the field's own message", () => {
    expect(testPattern('m', '123', '请填写手机')).toEqual({ ok: false, text: '不通过：请填写手机' });
  });
});

describe('basics and permissions', () => {
  it('renames a new form with the keys still derived from its name', () => {
    const renamed = setName(draft, 'visitHall');
    expect(renamed).toMatchObject({
      name: 'visitHall',
      basePath: '/online/data/visitHall',
      permissionPrefix: 'visitHall',
      table: 'onl_visit_hall',
    });
    expect(setName({ ...draft, table: 'onl_mine' }, 'x').table).toBe('onl_mine');
    const coded = setPermission(draft, 'delete', 'visitDesk:remove');
    expect(coded.permissions).toEqual({ delete: 'visitDesk:remove' });
    expect(setPermission(coded, 'delete', ' ')).not.toHaveProperty('permissions');
  });
});

describe('a new child saved with its parent', () => {
  it('proposes, checks and makes the child, and names it among the children', () => {
    const input = proposedChild(draft);
    expect(input).toEqual({
      name: 'visitDeskItem',
      title: '前台来访明细',
      table: 'onl_visit_desk_item',
      foreignKey: 'visitDeskId',
    });
    expect(newChildProblem(input, ['visitDeskItem'])).toMatch(/已被使用/);
    expect(newChildProblem({ ...input, table: 'Bad' }, [])).toMatch(/表名/);
    const child = newChildDraft(draft, input);
    expect(child.fields![0]).toEqual({
      name: 'visitDeskId',
      title: '前台来访',
      type: 'string',
      length: 32,
      list: false,
      form: false,
    });
    const parent = withNewChild(draft, input);
    expect(parent.children).toEqual([
      { entity: 'visitDeskItem', relation: 'oneToMany', foreignKey: 'visitDeskId', title: '前台来访明细' },
    ]);
    expect(renameChild(parent, 'visitDeskItem', 'deskItem').children).toMatchObject([{ entity: 'deskItem' }]);
  });
  it('sends the named children (and theirs), new or changed only', () => {
    const text = (name: string, children: string[] = []) =>
      JSON.stringify({ name, children: children.map((entity) => ({ entity })) });
    const list: Companion[] = [
      { key: 'a', text: text('a', ['c']) },
      { key: 'b', text: text('b') },
      { key: 'c', text: text('c'), id: 'x', rowVersion: 0, loaded: 'old' },
      { key: 'd', text: text('d'), id: 'y', rowVersion: 0, loaded: text('d') },
    ];
    expect(companionsToSave(text('p', ['a', 'd']), list).map((c) => c.key)).toEqual(['a', 'c']);
  });
  it("lists a refused item's problems under its form", () => {
    const detail = setDetail(
      {
        issues: [
          { path: '/items/0/declaration/children/0/entity', message: 'x' },
          { path: '/items/1/declaration/fields/1/pattern', message: 'y' },
        ],
      },
      ['', '明细（visitItem）'],
    );
    expect(detail!.issues!.map((i) => i.path)).toEqual([
      '/children/0/entity',
      '子表 明细（visitItem） /fields/1/pattern',
    ]);
  });
});
