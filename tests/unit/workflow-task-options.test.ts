/**
 * The modeler's 多人审批 and 字段权限 spellings (docs/modules/workflow.md, "Slice 3"), and slice 5's
 * 指定岗位 / 表单字段中的人员 rules and 审批意见必填, are the ones the server validates: a model
 * drawn with them deploys.
 */
import { describe, expect, it } from 'vitest';
import { readProcess, SIGNERS_EXPRESSION } from '../../server/workflow/bpmn-model';
import { formatRule, parseRule } from '../../screens/workflow/assignee-rule';
import { formatCc, parseCc } from '../../screens/workflow/cc-options';
import { formatRights, parseRights, SIGNERS_EXPRESSION as DRAWN } from '../../screens/workflow/task-options';

const xml = (task: string) => `<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="t">
  <bpmn:process id="p" name="会签测试" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t" />
    ${task}
    <bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e" /><bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;

describe('multi-person nodes and field rights', () => {
  it('writes the loop the server accepts, and refuses other loops per element', () => {
    expect(DRAWN).toBe(SIGNERS_EXPRESSION);
    const rule = formatRule({ kind: 'users', code: 'zhangwei,zhaolei' });
    expect(parseRule(rule)).toEqual({ kind: 'users', code: 'zhangwei,zhaolei' });
    const loop = (body: string, sequential = false) =>
      `<bpmn:multiInstanceLoopCharacteristics isSequential="${sequential}"><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">${body}</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>`;
    const task = (attrs: string, body: string) =>
      `<bpmn:userTask id="t" name="会签" zh:assignee="${rule}" ${attrs}>${body}</bpmn:userTask>`;
    const good = readProcess(xml(task('zh:multi="all" zh:fields="reason:edit,days:read"', loop(DRAWN))));
    expect(good.problems).toEqual([]);
    expect(good.model.elements.t).toMatchObject({ multi: 'all', fields: { reason: 'edit', days: 'read' } });
    expect(readProcess(xml(task('zh:multi="all"', loop('3')))).problems[0]).toContain(
      '多实例人数须由审批人规则决定',
    );
    expect(readProcess(xml(task('zh:multi="any"', loop(DRAWN, true)))).problems).toEqual([
      '节点「会签」(t)：会签/或签须为并行多实例',
    ]);
    expect(readProcess(xml(task('', loop(DRAWN)))).problems).toEqual([
      '节点「会签」(t)：多实例任务须选择会签或或签',
    ]);
    expect(readProcess(xml(task('zh:fields="days:write"', ''))).problems).toEqual([
      '节点「会签」(t)：字段权限无效（days:write）',
    ]);
  });

  it('reads and writes the field rights, dropping incomplete rows', () => {
    expect(parseRights('reason:edit,attachment:hidden')).toEqual([
      { field: 'reason', right: 'edit' },
      { field: 'attachment', right: 'hidden' },
    ]);
    expect(
      formatRights([
        { field: 'reason', right: 'edit' },
        { field: '', right: 'read' },
        { field: '天数', right: 'read' },
      ]),
    ).toBe('reason:edit');
  });

  it('writes the position and form-field rules and 审批意见必填 as the server reads them', () => {
    const position = formatRule({ kind: 'position', code: 'engineer' });
    const field = formatRule({ kind: 'field', code: 'approver' });
    expect([position, field]).toEqual(['position:engineer', 'field:approver']);
    expect(parseRule(field)).toEqual({ kind: 'field', code: 'approver' });
    expect(formatRule({ kind: 'field', code: '指定审批人' })).toBe('');
    for (const rule of [position, field]) {
      const read = readProcess(
        xml(`<bpmn:userTask id="t" name="审批" zh:assignee="${rule}" zh:commentRequired="true" />`),
      );
      expect(read.problems).toEqual([]);
      expect(read.model.elements.t).toMatchObject({ assignee: rule, commentRequired: true });
    }
  });

  it('writes 抄送人 (zh:ccUsers) as the server reads it, and refuses a bad entry', () => {
    const cc = formatCc({
      users: ['zhaolei', 'huangmin'],
      roles: ['admin'],
      positions: ['engineer'],
      others: ['starter', 'deptManager'],
    });
    expect(cc).toBe('user:zhaolei,user:huangmin,role:admin,position:engineer,starter,deptManager');
    expect(parseCc(cc)).toEqual({
      users: ['zhaolei', 'huangmin'],
      roles: ['admin'],
      positions: ['engineer'],
      others: ['starter', 'deptManager'],
    });
    expect(formatCc(parseCc('field:approver,user:a'))).toBe('user:a,field:approver');
    expect(formatCc({ users: [], roles: [], positions: [], others: [] })).toBe('');
    const task = (value: string) =>
      xml(`<bpmn:userTask id="t" name="审批" zh:assignee="starter" zh:ccUsers="${value}" />`);
    const read = readProcess(task(cc));
    expect(read.problems).toEqual([]);
    expect(read.model.elements.t?.cc).toEqual(cc.split(','));
    expect(readProcess(task('user:a,who')).problems).toEqual(['节点「审批」(t)：抄送规则无效（who）']);
  });
});
