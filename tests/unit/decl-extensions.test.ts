/**
 * Language additions of schemaVersion 2 that older files never used, so no migration is needed:
 * `adoptTable` (take over an existing, unowned table) and DELETE transitions (the contract's
 * startUseById / stopUseById). Also the pure helpers the import and export use.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { attachmentHeader, escapeCell } from '../../server/entity/sheet-columns.js';
import { checkZip, isOle2, isZip, ZipRejected } from '../../server/entity/zip-guard.js';
import { cellText } from '../../server/entity/import-read.js';

const FILE = 'schemas/system/demo.json';

function decl(extra: Record<string, unknown>): Declaration {
  return {
    schemaVersion: 2,
    name: 'demo',
    title: '示例',
    table: 'biz_demo',
    basePath: '/sys/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [{ name: 'status', title: '状态', type: 'string' }],
    ...extra,
  } as Declaration;
}
const issues = (extra: Record<string, unknown>) =>
  loadDeclaration({ file: FILE, json: decl(extra) }).issues.map(formatIssue);

const transition = (method: string) => ({
  transitions: [
    { name: 'stopUse', title: '停用', field: 'status', from: ['1'], to: '0', method, path: 'stopUseById' },
  ],
});

describe('adoptTable', () => {
  it('is a boolean', () => {
    expect(issues({ adoptTable: true })).toEqual([]);
    expect(issues({ adoptTable: 'yes' })).toEqual([`${FILE}: /adoptTable: must be boolean`]);
  });
});

describe('transition methods', () => {
  it('accepts PUT, POST and DELETE; the model keeps the method and path', () => {
    expect(issues(transition('DELETE'))).toEqual([]);
    const model = loadDeclaration({ file: FILE, json: decl(transition('DELETE')) }).value!.model;
    expect(model.transitions[0]).toMatchObject({
      method: 'DELETE',
      path: 'stopUseById',
      permission: 'demo:stopUse',
    });
  });

  it('refuses any other method', () => {
    expect(issues(transition('PATCH'))[0]).toMatch(/^schemas\/system\/demo.json: \/transitions\/0\/method: /);
  });
});

describe('tree select routes', () => {
  const tree = (codeField: string, unique = true) => ({
    kind: 'tree',
    tree: { parentField: 'pid', textField: 'name', codeField, selectRoutes: true },
    fields: [
      { name: 'pid', title: '父级', type: 'string' },
      { name: 'name', title: '名称', type: 'string' },
      { name: 'code', title: '编码', type: 'string', unique },
    ],
  });

  it('takes a unique code field', () => {
    expect(issues(tree('code'))).toEqual([]);
    const model = loadDeclaration({ file: FILE, json: decl(tree('code')) }).value!.model;
    expect(model.tree).toMatchObject({ codeField: 'code', selectRoutes: true, rootValue: '0' });
  });

  it('refuses an undeclared or non-unique code field', () => {
    expect(issues(tree('nope'))).toEqual([`${FILE}: /tree/codeField: "nope" is not a declared field`]);
    expect(issues(tree('code', false))).toEqual([`${FILE}: /tree/codeField: must be a unique field`]);
  });
});

describe('spreadsheet cells', () => {
  it('escapes the starts a spreadsheet would run as a formula', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(escapeCell(bad)).toBe(`'${bad}`);
    for (const good of ['1-1', 'a=b', '中文']) expect(escapeCell(good)).toBe(good);
  });

  it('reads cells back as typed, undoing the escape', () => {
    expect(cellText("'=1+1")).toBe('=1+1');
    expect(cellText(new Date(Date.UTC(2024, 4, 1)))).toBe('2024-05-01');
    expect(cellText(new Date(Date.UTC(2024, 4, 1, 9, 30)))).toBe('2024-05-01 09:30:00');
    expect(cellText(3.5)).toBe('3.5');
    expect(cellText(true)).toBe('true');
    expect(cellText('  a b ')).toBe('a b');
    expect(cellText(null)).toBe('');
  });

  it('names a download with an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(attachmentHeader('列表', 'xlsx')).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''%E5%88%97%E8%A1%A8.xlsx`,
    );
    expect(attachmentHeader('a"b\r\n/..\\c', 'xlsx')).toBe(
      `attachment; filename="ab..c.xlsx"; filename*=UTF-8''ab..c.xlsx`,
    );
    expect(attachmentHeader("it's (1)", 'xlsx')).toContain("filename*=UTF-8''it%27s%20%281%29.xlsx");
    expect(attachmentHeader('', 'xlsx')).toContain(encodeURIComponent('列表'));
  });
});

describe('zip guard', () => {
  it('tells zip, legacy .xls and junk apart, and refuses a malformed archive', () => {
    expect(isZip(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(true);
    expect(isOle2(Buffer.from('d0cf11e0a1b11ae100', 'hex'))).toBe(true);
    expect(isZip(Buffer.from('hello'))).toBe(false);
    expect(() => checkZip(Buffer.from('PK\x03\x04' + ' '.repeat(40), 'latin1'))).toThrow(ZipRejected);
  });
});
