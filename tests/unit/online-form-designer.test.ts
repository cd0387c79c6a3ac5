/**
 * The online form designer's pure parts (docs/modules/online-forms.md): field-table edits on the one
 * declaration, the pattern tester, sample rows and the in-memory preview client, the condition
 * editor's json-logic, the readable version diff, a file declaration's copy, and the check every
 * existing value passes before a confirmed retype.
 */
import { describe, expect, it } from 'vitest';
import { copyOfFile } from '../../screens/online/cgform/copy-file';
import { fieldAt, fieldCursor } from '../../screens/online/cgform/field-cursor';
import {
  addField,
  moveField,
  moveFieldTo,
  parseDraft,
  printDraft,
  removeField,
  setQuery,
  updateField,
  type DeclarationDraft,
} from '../../screens/online/cgform/field-edit';
import { testPattern } from '../../screens/online/cgform/pattern-test';
import { previewHttp, sampleRows } from '../../screens/online/cgform/preview-data';
import { fromLogic, toLogic } from '../../screens/online/cgform/rule-logic';
import { diffDeclarations } from '../../screens/online/cgform/version-diff';
import { converts } from '../../server/online/sync-migrate';
import type { FieldModel } from '../../runtime/model/declaration/model';
import type { HttpClient } from '../../runtime/render';
import { evaluateLogic } from '../../runtime/model/declaration/logic';

const draft = (): DeclarationDraft => ({
  name: 'visitLog',
  basePath: '/online/data/visitLog',
  fields: [
    { name: 'visitor', title: '来访人', type: 'string', length: 20 },
    { name: 'phone', title: '电话', type: 'string', pattern: 'm' },
    { name: 'visits', title: '次数', type: 'int' },
  ],
});

describe('field table edits', () => {
  it('changes one property, drops defaults and empties, moves, adds and removes fields', () => {
    let d = updateField(draft(), 0, { required: true, list: false, dict: 'sex' });
    expect(d.fields![0]).toEqual({
      name: 'visitor',
      title: '来访人',
      type: 'string',
      length: 20,
      required: true,
      list: false,
      dict: 'sex',
    });
    d = updateField(d, 0, { required: false, list: true, dict: undefined, pattern: '' });
    expect(d.fields![0]).toEqual({ name: 'visitor', title: '来访人', type: 'string', length: 20 });
    d = setQuery(d, 2, {});
    expect(d.fields![2].query).toEqual({ mode: 'single' });
    expect(setQuery(d, 2, null).fields![2]).not.toHaveProperty('query');
    expect(moveField(d, 2, -1).fields!.map((f) => f.name)).toEqual(['visitor', 'visits', 'phone']);
    expect(moveField(d, 0, -1)).toBe(d);
    expect(addField(d).fields![3]).toEqual({ name: 'field4', title: '字段4', type: 'string', length: 100 });
    expect(removeField(d, 1).fields!.map((f) => f.name)).toEqual(['visitor', 'visits']);
    expect(parseDraft('{"fields": [')).toBeNull();
    expect(parseDraft('[1]')).toBeNull();
  });

  it('moves a dragged field to the row it is dropped on, the others keeping their order', () => {
    const names = (d: DeclarationDraft) => d.fields!.map((f) => f.name);
    expect(names(moveFieldTo(draft(), 0, 2))).toEqual(['phone', 'visits', 'visitor']);
    expect(names(moveFieldTo(draft(), 2, 0))).toEqual(['visits', 'visitor', 'phone']);
    const d = draft();
    expect(moveFieldTo(d, 1, 1)).toBe(d);
    expect(moveFieldTo(d, 0, 3)).toBe(d);
  });

  it('names the field under the JSON cursor and puts the cursor on a field chosen in the table', () => {
    const text = printDraft(draft());
    const inPhone = text.indexOf('"pattern"');
    expect(fieldAt(text, inPhone)).toBe(1);
    expect(fieldAt(text, text.indexOf('"visits"'))).toBe(2);
    expect(fieldAt(text, text.indexOf('"basePath"'))).toBeNull();
    const at = fieldCursor(text, 2)!;
    expect(text.slice(at, at + 6)).toBe('"name"');
    expect(fieldAt(text, at)).toBe(2);
    expect(fieldCursor(text, 3)).toBeNull();
  });

  it('tests a pattern live: built-in codes, regular expressions and broken ones', () => {
    expect(testPattern('m', '13800000000')).toEqual({ ok: true, text: '通过' });
    expect(testPattern('m', '12345')).toEqual({ ok: false, text: '不通过：请输入正确的手机号码' });
    expect(testPattern('^[A-Z]{2}\\d+$', 'AB12')).toEqual({ ok: true, text: '通过' });
    expect(testPattern('^[A-Z]{2}\\d+$', 'ab12')).toEqual({ ok: false, text: '不通过：格式不正确' });
    expect(testPattern('(', 'x')).toEqual({ ok: false, text: '不是有效的正则表达式' });
  });
});

describe('preview', () => {
  it('makes sample rows that fit types, patterns and dictionaries', () => {
    const fields = [...draft().fields!, { name: 'sex', title: '性别', type: 'string', dict: 'sex' }];
    const rows = sampleRows(fields, (code) => (code === 'sex' ? ['1', '2'] : undefined), 2);
    expect(rows[0]).toMatchObject({ visitor: '来访人1', phone: '13800000001', visits: 1, sex: '1' });
    expect(rows[1]).toMatchObject({ visitor: '来访人2', visits: 2, sex: '2' });
  });

  it('answers the entity from memory, passes other reads on and refuses other writes', async () => {
    const asked: string[] = [];
    const real = {
      get: async (url: string) => (asked.push(url), { success: true, code: 200, message: '', result: [] }),
    } as unknown as HttpClient;
    const http = previewHttp(
      '/online/data/visitLog',
      sampleRows(draft().fields!, () => undefined),
      real,
    );
    const page = await http.get<{ records: unknown[]; total: number }>('/online/data/visitLog/list');
    expect(page.result.total).toBe(3);
    await http.post('/online/data/visitLog/add', { visitor: '赵敏' });
    expect(
      (await http.get<{ records: { visitor: string }[] }>('/online/data/visitLog/list')).result.records[0]
        .visitor,
    ).toBe('赵敏');
    await http.get('/sys/dict/getDictItems/sex');
    expect(asked).toEqual(['/sys/dict/getDictItems/sex']);
    expect((await http.post('/sys/user/add', {})).success).toBe(false);
  });
});

describe('condition editor', () => {
  it('writes rows as json-logic and reads back exactly what it writes', () => {
    const group = {
      join: 'or' as const,
      rows: [
        { field: 'visits', op: '>' as const, value: '3' },
        { field: 'visitor', op: 'in' as const, value: '张三, 李四' },
        { field: 'phone', op: 'filled' as const, value: '' },
      ],
    };
    const logic = toLogic(group, (f) => f === 'visits');
    expect(logic).toEqual({
      or: [
        { '>': [{ var: 'visits' }, 3] },
        { in: [{ var: 'visitor' }, ['张三', '李四']] },
        { '!!': [{ var: 'phone' }] },
      ],
    });
    expect(fromLogic(logic)).toEqual({
      ...group,
      rows: group.rows.map((r) => (r.op === 'in' ? { ...r, value: '张三,李四' } : r)),
    });
    expect(evaluateLogic(logic!, { visits: 1, visitor: '李四' })).toBe(true);
    expect(evaluateLogic(logic!, { visits: 1, visitor: '王五' })).toBe(false);
    expect(toLogic({ join: 'and', rows: [] })).toBeUndefined();
    expect(fromLogic({ if: [true, 1, 2] })).toBeNull();
  });
});

describe('version diff', () => {
  it('names added, removed and changed fields with their changed properties, and changed settings', () => {
    const a = draft();
    const b = { ...updateField(removeField(addField(a), 2), 0, { length: 40 }), title: '访客' };
    const diff = diffDeclarations(a, b);
    expect(diff.fields.map((f) => [f.name, f.status])).toEqual([
      ['visitor', 'changed'],
      ['phone', 'same'],
      ['field4', 'added'],
      ['visits', 'removed'],
    ]);
    expect(diff.fields[0].changes).toEqual([{ key: 'length', before: 20, after: 40 }]);
    expect(diff.settings).toEqual([{ key: 'title', before: undefined, after: '访客' }]);
  });
});

describe('copy of a file declaration', () => {
  it('gets its own name, table, routes and codes, without what needs hand-written server code', () => {
    const file = {
      ...draft(),
      name: 'customer',
      title: '客户',
      table: 'sys_customer',
      routes: 'external',
      permissions: { list: 'x' },
      actions: [{}],
      list: { columns: ['visitor'], rowActions: ['a'] },
    };
    expect(copyOfFile(file, 'customerCopy')).toEqual({
      name: 'customerCopy',
      title: '客户（副本）',
      table: 'onl_customer_copy',
      basePath: '/online/data/customerCopy',
      permissionPrefix: 'customerCopy',
      fields: file.fields,
      list: { columns: ['visitor'] },
    });
  });
});

describe('retype check', () => {
  const field = (type: string, length?: number) =>
    ({ name: 'x', column: 'x', title: 'x', type, length }) as unknown as FieldModel;
  it('accepts exactly the values that convert', () => {
    expect(converts(field('int'), '12')).toBe(true);
    expect(converts(field('int'), '12.0')).toBe(true);
    expect(converts(field('int'), '12.5')).toBe(false);
    expect(converts(field('int'), '99999999999')).toBe(false);
    expect(converts(field('money'), '1.5e3')).toBe(true);
    expect(converts(field('date'), '2026-02-30')).toBe(false);
    expect(converts(field('date'), '2026-02-28 10:00:00+08')).toBe(true);
    expect(converts(field('string', 3), '欧阳娜')).toBe(true);
    expect(converts(field('string', 3), '欧阳娜娜')).toBe(false);
    expect(converts(field('boolean'), 'Y')).toBe(true);
    expect(converts(field('boolean'), 'yes')).toBe(false);
  });
});
