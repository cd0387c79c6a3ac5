import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { identifierBytes } from '../../runtime/model/declaration/semantics-checks.js';

const FILE = 'schemas/system/demo.json';

function decl(...names: string[]): Declaration {
  return {
    schemaVersion: 3,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [
      { name: 'name', title: '名称', type: 'string' },
      ...names.map((name, i) => ({ name, title: `字段${i}`, type: 'string' as const })),
    ],
  };
}

const issues = (d: Declaration) => loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);

// camelCase → snake_case adds one byte per capital: 43 characters become 63 or 64 bytes.
const AT_LIMIT = `ab${'Cd'.repeat(19)}Cde`; // ab_cd…_cde: 63 bytes
const OVER = `a${'Bc'.repeat(21)}`; // a_bc…_bc: 64 bytes
const OVER_TOO = `a${'Bc'.repeat(20)}Bd`; // a_bc…_bd: 64 bytes, the same first 63

describe('SQL identifiers fit PostgreSQL 63 bytes', () => {
  it('counts UTF-8 bytes', () => {
    expect(identifierBytes('abc')).toBe(3);
    expect(identifierBytes('名称')).toBe(6);
  });

  it('takes a column of exactly 63 bytes', () => {
    expect(AT_LIMIT.length).toBe(43);
    expect(issues(decl(AT_LIMIT))).toEqual([]);
  });

  it('refuses a field whose column is 64 bytes, with its path', () => {
    expect(OVER.length).toBeLessThanOrEqual(50); // the meta-schema's camelName takes it
    expect(issues(decl(OVER))).toEqual([
      `${FILE}: /fields/1/name: column "a${'_bc'.repeat(21)}" is 64 bytes; PostgreSQL keeps only the first 63 (shorten the name)`,
    ]);
  });

  it('names the other field when two columns share their first 63 bytes', () => {
    const found = issues(decl(OVER, OVER_TOO));
    expect(found).toEqual([
      expect.stringMatching(
        /^schemas\/system\/demo\.json: \/fields\/1\/name: column ".*" is 64 bytes; .*the same as the column of \/fields\/2\/name/,
      ),
      expect.stringMatching(
        /^schemas\/system\/demo\.json: \/fields\/2\/name: column ".*" is 64 bytes; .*the same as the column of \/fields\/1\/name/,
      ),
    ]);
  });
});
