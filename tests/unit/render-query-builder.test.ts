import { describe, expect, it } from 'vitest';
import sceneJson from '../../schemas/system/scene.json';
import { migrateDeclaration } from '../../runtime/model/declaration/migrations.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { superQueryCondition } from '../../runtime/model/query/super-query.js';
import {
  hasSavedQuery,
  readSavedQueries,
  removeSavedQuery,
  saveQuery,
  savedQueryKey,
  type KeyValueStorage,
} from '../../runtime/render/query-builder/saved-queries.js';
import {
  changeRule,
  defaultRule,
  entriesToRows,
  newRow,
  rowsToEntries,
  superQueryFields,
  superQueryParams,
} from '../../runtime/render/query-builder/super-query.js';
import { customerModel } from './render-fixture.js';

const model = customerModel();
const fieldOf = (name: string) => model.field(name);

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('advanced query rows', () => {
  it('needs a field, a rule and a value in every row (不能查询空条件)', () => {
    expect(rowsToEntries([], fieldOf)).toBeNull();
    expect(rowsToEntries([newRow({ field: 'name', rule: 'like', val: ' ' })], fieldOf)).toBeNull();
    expect(
      rowsToEntries(
        [newRow({ field: 'name', rule: 'like', val: '物流' }), newRow({ field: 'level', rule: 'eq' })],
        fieldOf,
      ),
    ).toBeNull();
  });

  it('builds the contract entries with the field type and dictionary', () => {
    const entries = rowsToEntries(
      [
        newRow({ field: 'name', rule: 'like', val: ' 物流 ' }),
        newRow({ field: 'level', rule: 'in', val: 'H,L' }),
      ],
      fieldOf,
    );
    expect(entries).toEqual([
      { field: 'name', rule: 'like', val: '物流', type: 'string' },
      { field: 'level', rule: 'in', val: 'H,L', type: 'string', dictCode: 'priority' },
    ]);
    expect(entriesToRows(entries ?? []).map(({ field, rule, val }) => ({ field, rule, val }))).toEqual([
      { field: 'name', rule: 'like', val: '物流' },
      { field: 'level', rule: 'in', val: 'H,L' },
    ]);
  });

  it('leaving the in rule keeps only the first value; entering it keeps all', () => {
    const row = newRow({ field: 'level', rule: 'in', val: 'H,L,M' });
    expect(changeRule(row, 'eq').val).toBe('H');
    expect(changeRule(row, 'in').val).toBe('H,L,M');
    expect(changeRule(newRow({ field: 'level', rule: 'in', val: ',L' }), 'ne').val).toBe('L');
  });

  it('starts free text with like and everything else with eq', () => {
    expect(defaultRule(model.field('name'))).toBe('like');
    expect(defaultRule(model.field('level'))).toBe('eq');
    expect(defaultRule(model.field('createTime'))).toBe('eq');
  });

  it('offers the readable fields the user may see, and the create time', () => {
    const scene = buildEntityModel(migrateDeclaration(sceneJson).doc as unknown as Declaration);
    const names = (hidden: (code?: string) => boolean) =>
      superQueryFields(scene, (f) => hidden(f.permission)).map((f) => f.name);
    expect(names(() => false)).toEqual([
      'name',
      'code',
      'status',
      'address',
      'capacity',
      'remark',
      'createTime',
    ]);
    expect(names((code) => code === 'scene:field:capacity')).not.toContain('capacity');
  });
});

describe('superQueryParams', () => {
  it('is empty without a query', () => {
    expect(superQueryParams(null)).toEqual({});
    expect(superQueryParams({ matchType: 'and', entries: [] })).toEqual({});
  });

  it('sends URL-encoded JSON the server reads back as the same conditions', () => {
    const entries = rowsToEntries(
      [
        newRow({ field: 'name', rule: 'like', val: '50%&物流' }),
        newRow({ field: 'level', rule: 'in', val: 'H,L' }),
      ],
      fieldOf,
    );
    const params = superQueryParams({ matchType: 'or', entries: entries ?? [] });
    expect(params.superQueryMatchType).toBe('or');
    // Encoded once here; axios encodes the query string again, the server decodes both.
    expect(params.superQueryParams).not.toMatch(/[{}"&,]/);
    expect(JSON.parse(decodeURIComponent(params.superQueryParams))).toEqual(entries);
    const condition = superQueryCondition(params.superQueryParams, params.superQueryMatchType, (n) =>
      model.field(n),
    );
    expect(condition).toMatchObject({
      kind: 'any',
      items: [
        { kind: 'like', field: 'name', value: '50%&物流' },
        { kind: 'in', field: 'level', values: ['H', 'L'] },
      ],
    });
  });
});

describe('saved queries', () => {
  const query = (title: string, val = 'H') => ({
    title,
    matchType: 'and' as const,
    records: [{ field: 'level', rule: 'eq' as const, val, type: 'string' }],
  });

  it('are kept per route in the shell layout', () => {
    const storage = memoryStorage();
    saveQuery(storage, '/customer/list', query('高等级'));
    expect(readSavedQueries(storage, '/customer/list').map((q) => q.title)).toEqual(['高等级']);
    expect(readSavedQueries(storage, '/scene/list')).toEqual([]);
    expect(JSON.parse(storage.data.get(savedQueryKey('/customer/list')) ?? '')).toEqual({
      value: [query('高等级')],
      expire: null,
    });
  });

  it('overwrite a same-named query in place and delete by name', () => {
    const storage = memoryStorage();
    saveQuery(storage, '/r', query('甲'));
    saveQuery(storage, '/r', query('乙'));
    const list = saveQuery(storage, '/r', query('甲', 'L'));
    expect(list.map((q) => [q.title, q.records[0].val])).toEqual([
      ['甲', 'L'],
      ['乙', 'H'],
    ]);
    expect(hasSavedQuery(list, '乙')).toBe(true);
    expect(removeSavedQuery(storage, '/r', '甲').map((q) => q.title)).toEqual(['乙']);
  });

  it('read a corrupt or foreign value as empty and survive a failing storage', () => {
    const storage = memoryStorage();
    storage.data.set(savedQueryKey('/r'), '{not json');
    expect(readSavedQueries(storage, '/r')).toEqual([]);
    storage.data.set(savedQueryKey('/r'), JSON.stringify({ value: [{ title: 1 }, query('ok')] }));
    expect(readSavedQueries(storage, '/r').map((q) => q.title)).toEqual(['ok']);
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveQuery(full, '/r', query('x')).map((q) => q.title)).toEqual(['x']);
    expect(readSavedQueries(null, '/r')).toEqual([]);
  });
});
