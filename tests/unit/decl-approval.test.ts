/**
 * The `approval` block (docs/modules/workflow.md, "Approvals for any declared form"): the row
 * actions a declaration gets without declaring them, and the checks of the fields it names.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';

const FILE = 'schemas/office/demo.json';

function declaration(): Declaration {
  return {
    schemaVersion: 3,
    name: 'demo',
    title: '示例申请',
    table: 'biz_demo',
    basePath: '/office/demo',
    kind: 'list',
    permissionPrefix: 'demo',
    fields: [
      { name: 'applicant', title: '申请人', type: 'string', default: '#{sysUserCode}', readOnly: true },
      { name: 'amount', title: '金额', type: 'money' },
      { name: 'status', title: '状态', type: 'string', dict: 'approval_status', readOnly: true },
      { name: 'procInsId', title: '流程实例', type: 'string', readOnly: true },
    ],
    list: { rowActions: ['startProcess', 'withdraw', 'diagram'] },
    approval: {
      processKey: 'demo',
      statusField: 'status',
      instanceField: 'procInsId',
      ownerField: 'applicant',
      title: '{@starter}的申请（{amount}元）',
    },
  };
}

const issues = (d: Declaration) => loadDeclaration({ file: FILE, json: d }).issues.map(formatIssue);

describe('approval', () => {
  it('gives 提交审批, 撤回 and 流程图 under the add code, visible by status', () => {
    const loaded = loadDeclaration({ file: FILE, json: declaration() });
    expect(loaded.issues).toEqual([]);
    const model = loaded.value!.model;
    expect(model.actions.map((a) => [a.name, a.title, a.permission])).toEqual([
      ['startProcess', '提交审批', 'demo:add'],
      ['withdraw', '撤回', 'demo:add'],
      ['diagram', '流程图', 'demo:add'],
    ]);
    expect(model.action('withdraw')!.visible).toEqual({ '==': [{ var: 'status' }, '1'] });
    expect(model.action('withdraw')!.confirm).toBe('确定撤回该示例申请吗？');
  });

  it('keeps a declared action of the same name', () => {
    const d = declaration();
    d.actions = [{ name: 'withdraw', title: '收回', request: { path: 'withdraw' } }];
    const model = loadDeclaration({ file: FILE, json: d }).value!.model;
    expect(model.actions.filter((a) => a.name === 'withdraw').map((a) => a.title)).toEqual(['收回']);
  });

  it('refuses fields that do not exist or do not fit', () => {
    const d = declaration();
    d.fields[2] = { name: 'status', title: '状态', type: 'string', dict: 'leave_status' };
    d.approval = { ...d.approval!, currentNodeField: 'node', title: '{nope}' };
    expect(issues(d)).toEqual([
      `${FILE}: /approval/statusField: "status" is written by the server: make it readOnly`,
      `${FILE}: /approval/currentNodeField: "node" is not a declared field`,
      `${FILE}: /approval/statusField: the status field needs "dict": "approval_status"`,
      `${FILE}: /approval/title: "nope" is not a field of the row`,
    ]);
  });
});
