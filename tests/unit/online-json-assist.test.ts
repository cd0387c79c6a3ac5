/** The JSON view's schema completion and markers, and the 页面设置 view's edits (docs/modules/online-forms.md). */
import { CompletionContext, type CompletionSource } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { keySuggestions, validateValue, valueSuggestions } from '../../screens/online/json-assist';
import { contextAt, positions } from '../../screens/online/json-scan';
import { schemaDiagnostics, schemaLanguage } from '../../screens/online/json-schema-editor';
import { META_SCHEMA as meta } from '../../screens/online/cgform/json-check';

const base = {
  schemaVersion: 3,
  name: 'visit',
  title: '来访',
  table: 'onl_visit',
  basePath: '/online/data/visit',
  kind: 'list',
  permissionPrefix: 'visit',
  fields: [{ name: 'visitor', title: '访客', type: 'string' }],
};

describe('json-scan contextAt', () => {
  it('finds a half-typed key of the root object and the keys already there', () => {
    const text = '{\n  "name": "x",\n  "ki"\n  ,"title": "t"\n}';
    const at = contextAt(text, text.indexOf('"ki"') + 3);
    expect(at).toMatchObject({ kind: 'key', path: [], quoted: true, from: text.indexOf('"ki"') });
    expect(at?.kind === 'key' && [...at.present]).toEqual(expect.arrayContaining(['name', 'title']));
  });
  it('finds a value inside an array item', () => {
    const text = '{"fields": [{"name": "a", "type": "s"}, {"type": ';
    const at = contextAt(text, text.length);
    expect(at).toMatchObject({ kind: 'value', path: ['fields', 1, 'type'] });
    const inString = contextAt(text.slice(0, 36), 36);
    expect(inString).toMatchObject({ kind: 'value', path: ['fields', 0, 'type'] });
  });
  it('finds a key of a nested object after a comma', () => {
    const text = '{"list": {"columns": [], ';
    expect(contextAt(text, text.length)).toMatchObject({ kind: 'key', path: ['list'], quoted: false });
  });
});

describe('json-assist', () => {
  it('suggests the missing keys, required first, with descriptions, and the enum values', () => {
    const keys = keySuggestions(meta, [], new Set(['name', 'title']));
    expect(keys[0].detail).toBe('必填');
    expect(keys.map((k) => k.label)).not.toContain('name');
    expect(keys.find((k) => k.label === 'softDelete')?.info).toMatch(/del_flag/);
    expect(keys.find((k) => k.label === 'list')?.apply).toBe('"list": {}');
    expect(valueSuggestions(meta, ['kind']).map((v) => v.label)).toContain('"erp"');
    expect(valueSuggestions(meta, ['fields', 0, 'type']).map((v) => v.label)).toContain('"money"');
    expect(valueSuggestions(meta, ['list', 'defaultSort', 'order']).map((v) => v.apply)).toEqual([
      '"asc"',
      '"desc"',
    ]);
    expect(keySuggestions(meta, ['transitions', 0], new Set()).map((k) => k.label)).toContain('confirm');
  });
  it('reports the problems the meta-schema finds at their JSON pointers', () => {
    expect(validateValue(meta, meta, base)).toEqual([]);
    const bad = {
      ...base,
      kind: 'grid',
      form: { columns: 5 },
      extra: 1,
      fields: [{ name: 'A', title: '', type: 'string' }],
    };
    const problems = validateValue(meta, meta, bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '/kind', message: expect.stringContaining('"erp"') },
        { path: '/form/columns', message: '不能大于 4' },
        { path: '/extra', message: '不允许的属性 "extra"' },
        { path: '/fields/0/name', message: expect.stringContaining('格式不正确') },
        { path: '/fields/0/title', message: '不能为空' },
      ]),
    );
    const { title: _t, ...untitled } = base;
    expect(validateValue(meta, meta, untitled)).toEqual([{ path: '/', message: '缺少必填属性 "title"' }]);
  });
  it('marks problems where their pointer is in the text, the extra (server) check once the shape is right', async () => {
    const text = JSON.stringify({ ...base, list: { defaultSort: { column: 'visitor' } } }, null, 2);
    // The server's semantic rules answer later (POST /online/cgform/head/check); a stand-in here.
    const asked: unknown[] = [];
    const server = async (value: unknown) => {
      asked.push(value);
      return [{ path: '/list/defaultSort/column', message: '默认排序字段须可排序' }];
    };
    const marks = await schemaDiagnostics(meta, text, server);
    expect(asked).toHaveLength(1);
    expect(marks).toHaveLength(1);
    expect(marks[0].message).toBe('/list/defaultSort/column：默认排序字段须可排序');
    expect(text.slice(marks[0].from, marks[0].to)).toBe('"column"');
    const map = positions(text);
    expect(text.slice(map.get('/fields/0')!.from, map.get('/fields/0')!.to)).toMatch(/^\{[\s\S]*\}$/);
    expect(await schemaDiagnostics(meta, '{"kind": ', server)).toEqual([]);
    // A shape the meta-schema refuses is not sent to the server.
    await schemaDiagnostics(meta, JSON.stringify({ ...base, softDelete: 'yes' }), server);
    expect(asked).toHaveLength(1);
  });
});

describe('the editor language', () => {
  it('answers key completions at the cursor through the JSON language, the typed part matched', async () => {
    const doc = '{\n  "softDe"\n  "schemaVersion": 3,\n  "name": "x"\n}';
    const state = EditorState.create({ doc, extensions: [schemaLanguage(meta)] });
    const pos = doc.indexOf('De') + 2;
    const [source] = state.languageDataAt<CompletionSource>('autocomplete', pos);
    const result = await source(new CompletionContext(state, pos, false));
    expect(result).toMatchObject({ from: 4, to: pos });
    const labels = result!.options.map((o) => o.displayLabel);
    expect(labels).toContain('softDelete');
    expect(labels).not.toContain('schemaVersion');
    expect(state.sliceDoc(result!.from, result!.to)).toBe('"softDe');
  });
});
