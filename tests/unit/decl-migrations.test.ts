import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  migrateDeclaration,
  MIGRATIONS,
  type DeclarationMigration,
} from '../../runtime/model/declaration/migrations.js';

describe('migration runner', () => {
  it('has a migration for every version below the current one', () => {
    for (let v = 1; v < CURRENT_SCHEMA_VERSION; v += 1) expect(MIGRATIONS[v], `from ${v}`).toBeDefined();
  });

  it('leaves a current file as it is', () => {
    const doc = { schemaVersion: CURRENT_SCHEMA_VERSION, name: 'x' };
    expect(migrateDeclaration(doc)).toEqual({ doc, from: CURRENT_SCHEMA_VERSION, problems: [] });
  });

  it('runs the steps in order and sets the version after each', () => {
    const seen: number[] = [];
    const step = (n: number): DeclarationMigration => ({
      description: `step ${n}`,
      migrate: (doc) => {
        seen.push(doc.schemaVersion as number);
        return { ...doc, trail: `${String(doc.trail ?? '')}${n}` };
      },
    });
    const out = migrateDeclaration({ schemaVersion: 1 }, { 1: step(1), 2: step(2), 3: step(3) }, 4);
    expect(seen).toEqual([1, 2, 3]);
    expect(out.doc).toEqual({ schemaVersion: 4, trail: '123' });
    expect(out.from).toBe(1);
  });

  it('refuses a newer version, a missing step and a missing version', () => {
    expect(migrateDeclaration({ schemaVersion: 99 }).problems).toEqual([
      { path: '/schemaVersion', message: `version 99 is newer than this engine (${CURRENT_SCHEMA_VERSION})` },
    ]);
    expect(migrateDeclaration({ schemaVersion: 1 }, {}, 2).problems[0].message).toBe(
      'no migration from version 1',
    );
    expect(migrateDeclaration({ name: 'x' }).problems[0].path).toBe('/schemaVersion');
    expect(migrateDeclaration([]).problems[0]).toEqual({ path: '/', message: 'must be an object' });
  });
});

describe('migration 1 -> 2 (JeecgBoot field spellings)', () => {
  const v1 = {
    schemaVersion: 1,
    name: 'demo',
    fields: [
      { name: 'a', query: true, validType: 'only' },
      { name: 'b', query: 'group', validType: '*' },
      { name: 'c', query: false, validType: 'm', dictCode: 'sex' },
      {
        name: 'd',
        query: 'single',
        validType: '',
        dictTable: 'sys_user',
        dictText: 'realname',
        dictCode: 'username',
      },
    ],
  };

  it('rewrites query, validType and the dictionary keys', () => {
    const out = MIGRATIONS[1].migrate(v1);
    expect(out.schemaVersion).toBe(2);
    expect(out.fields).toEqual([
      { name: 'a', query: { mode: 'single' }, unique: true },
      { name: 'b', query: { mode: 'range' }, required: true },
      { name: 'c', pattern: 'm', dict: 'sex' },
      { name: 'd', query: { mode: 'single' }, dict: 'sys_user,realname,username' },
    ]);
  });

  it('is pure: the input is not changed', () => {
    const before = JSON.stringify(v1);
    MIGRATIONS[1].migrate(v1);
    expect(JSON.stringify(v1)).toBe(before);
  });

  it('keeps v2 spellings that are already there', () => {
    const out = MIGRATIONS[1].migrate({
      schemaVersion: 1,
      fields: [{ name: 'x', query: { mode: 'range' }, dict: 'sex' }],
    });
    expect(out.fields).toEqual([{ name: 'x', query: { mode: 'range' }, dict: 'sex' }]);
  });
});
