/**
 * The documents module's pure parts: the language's `list.rowRules` (checked at load with the file
 * and path; 编辑 / 删除 hidden where the rule does not hold) and the file panel's helpers (the spec's
 * 5-character file names, what a browser previews, sizes).
 */
import { describe, expect, it } from 'vitest';
import { evaluateLogic } from '../../runtime/model/declaration/logic.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { previewKind, shortName, sizeText } from '../../screens/document/file-names.js';

const EDIT = { in: ['edit', { var: 'power' }] };

function declaration(rowRules: object, disable: string[] = []): Declaration {
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
      { name: 'power', title: '权限', type: 'string', readOnly: true, form: false },
    ],
    list: { rowRules, disable } as Declaration['list'],
  };
}

const issues = (d: unknown) =>
  loadDeclaration({ file: 'schemas/document/demo.json', json: d }).issues.map(formatIssue);

describe('list.rowRules', () => {
  it('accepts rules over the row and refuses unknown fields, unknown links and disabled ones', () => {
    expect(issues(declaration({ edit: EDIT, delete: EDIT }))).toEqual([]);
    expect(issues(declaration({ edit: { in: ['edit', { var: 'nope' }] } })).join()).toContain(
      'schemas/document/demo.json: /list/rowRules/edit',
    );
    expect(issues(declaration({ detail: EDIT })).join()).toContain('/list/rowRules');
    expect(issues(declaration({ delete: EDIT }, ['delete'])).join()).toContain('"delete" is disabled');
  });

  it('holds only where the row carries the right', () => {
    expect(evaluateLogic(EDIT, { power: 'view,download,edit' }, [])).toBe(true);
    expect(evaluateLogic(EDIT, { power: 'view' }, [])).toBe(false);
  });
});

describe('file panel helpers', () => {
  it('shortens names to 5 characters, knows what a browser previews, and sizes', () => {
    expect(shortName('接待管理制度.pdf')).toBe('接待管理制...');
    expect(shortName('a.txt')).toBe('a.txt');
    expect(
      ['x.PNG', 'x.pdf', 'x.txt', 'x.docx', 'x.XLSX', 'x.doc', 'x.pptx'].map((name) => previewKind(name)),
    ).toEqual(['image', 'pdf', 'text', 'office', 'office', null, null]);
    expect([sizeText(12), sizeText(2048), sizeText(3 * 1024 * 1024)]).toEqual(['12 B', '2.0 KB', '3.0 MB']);
  });
});
