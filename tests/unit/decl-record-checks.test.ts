/**
 * The record rules shared by the form and the server (runtime/model/declaration): cross-field
 * checks as json-logic (also over a parent's child rows), the unique-within-parent rule, their
 * semantic checks, and the CSP-safe property interpreter held to ajv's answers.
 */
import { describe, expect, it } from 'vitest';
import { checkLogic } from '../../runtime/model/declaration/logic';
import { buildEntityModel } from '../../runtime/model/declaration/model';
import { interpretPropertySchema } from '../../runtime/model/declaration/property-interpreter';
import {
  checkFailures,
  childRowMessage,
  uniqueInParentFailures,
} from '../../runtime/model/declaration/record-checks';
import { propertySchema } from '../../runtime/model/declaration/record-schema';
import { createRecordAjv, createRecordValidation } from '../../runtime/model/declaration/record-validator';
import { checkSemantics } from '../../runtime/model/declaration/semantics';
import type { Declaration } from '../../runtime/model/declaration/types';
import { loadDeclarations } from '../../runtime/model/declaration/validate';

const task: Declaration = {
  schemaVersion: 3,
  name: 'demoTask',
  title: '任务',
  table: 'demo_task',
  basePath: '/demo/task',
  kind: 'list',
  permissionPrefix: 'demoTask',
  fields: [
    { name: 'planId', title: '计划', type: 'string' },
    { name: 'taskName', title: '任务名称', type: 'string', required: true, uniqueInParent: true },
    { name: 'startDate', title: '开始日期', type: 'date' },
    { name: 'endDate', title: '结束日期', type: 'date' },
    { name: 'quantity', title: '数量', type: 'int', min: 0, max: 99 },
  ],
  checks: [
    {
      rule: {
        or: [
          { '!': { var: 'startDate' } },
          { '!': { var: 'endDate' } },
          { '>=': [{ var: 'endDate' }, { var: 'startDate' }] },
        ],
      },
      message: '结束日期不能早于开始日期',
      field: 'endDate',
    },
  ],
};
const plan: Declaration = {
  ...task,
  name: 'demoPlan',
  title: '计划',
  table: 'demo_plan',
  basePath: '/demo/plan',
  fields: [{ name: 'planName', title: '计划名称', type: 'string' }],
  children: [{ entity: 'demoTask', relation: 'oneToMany', foreignKey: 'planId' }],
  checks: [
    {
      rule: {
        '<=': [
          {
            reduce: [{ var: 'demoTask' }, { '+': [{ var: 'current.quantity' }, { var: 'accumulator' }] }, 0],
          },
          10,
        ],
      },
      message: '任务数量合计不能超过10',
    },
  ],
};

describe('cross-field checks', () => {
  const model = buildEntityModel(task);
  it('hold or fail with their message and field', () => {
    expect(checkFailures(model, { startDate: '2026-12-01', endDate: '2026-12-02' })).toEqual([]);
    expect(checkFailures(model, { startDate: '2026-12-01' })).toEqual([]);
    expect(checkFailures(model, { startDate: '2026-12-03', endDate: '2026-12-02' })).toEqual([
      { field: 'endDate', message: '结束日期不能早于开始日期' },
    ]);
  });

  it('run in the record validator only once every field is valid', () => {
    const validation = createRecordValidation();
    const bad = { taskName: '', startDate: '2026-12-03', endDate: '2026-12-02' };
    expect(validation.validate(model, 'add', bad).map((f) => f.message)).toEqual(['请输入任务名称!']);
    const reversed = { ...bad, taskName: '勘查' };
    expect(validation.validate(model, 'add', reversed).map((f) => f.message)).toEqual([
      '结束日期不能早于开始日期',
    ]);
    expect(validation.validate(model, 'add', reversed, { checks: false })).toEqual([]);
  });

  it('see a parent with its child rows (reduce over the rows)', () => {
    const parent = buildEntityModel(plan);
    expect(checkFailures(parent, { demoTask: [{ quantity: 4 }, { quantity: 5 }] })).toEqual([]);
    expect(checkFailures(parent, { demoTask: [{ quantity: 4 }, { quantity: 7 }] })[0]?.message).toBe(
      '任务数量合计不能超过10',
    );
  });

  it('are refused at load when they name unknown fields or operations', () => {
    expect(checkSemantics(plan)).toEqual([]);
    const broken: Declaration = {
      ...task,
      checks: [{ rule: { '>=': [{ var: 'finish' }, { method: ['x', 'y'] }] }, message: 'x', field: 'nope' }],
    };
    expect(checkSemantics(broken).map((p) => `${p.path}: ${p.message}`)).toEqual([
      '/checks/0/field: "nope" is not a declared field',
      '/checks/0/rule/>=/0/var: "finish" is not a declared field',
      '/checks/0/rule/>=/1: json-logic operation "method" is not allowed',
    ]);
    // Inside a per-item operation the names are the item's, not the record's.
    expect(
      checkLogic({ all: [{ var: 'demoTask' }, { '>': [{ var: 'quantity' }, 0] }] }, new Set(['demoTask'])),
    ).toEqual([]);
  });
});

describe('unique within the parent', () => {
  const model = buildEntityModel(task);
  it('blames each repeat once, and only rows that may be blamed', () => {
    const rows = [
      { taskName: '勘查' },
      { taskName: '设计' },
      { taskName: ' 勘查' },
      { taskName: '' },
      { taskName: '' },
    ];
    expect(uniqueInParentFailures(model, rows)).toEqual([
      { index: 2, field: 'taskName', message: '任务名称不能重复' },
    ]);
    expect(uniqueInParentFailures(model, rows, (i) => i === 0)).toEqual([
      { index: 0, field: 'taskName', message: '任务名称不能重复' },
    ]);
    expect(childRowMessage('计划任务', 3, '任务名称不能重复')).toBe('计划任务第3行：任务名称不能重复');
  });

  it('needs a declaration that lists the entity as its child', () => {
    const alone = loadDeclarations([{ file: 'task.json', json: task }]);
    expect(alone.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      '/fields/1/uniqueInParent: no declaration lists "demoTask" as a child',
    ]);
    expect(
      loadDeclarations([
        { file: 'task.json', json: task },
        { file: 'plan.json', json: plan },
      ]).issues,
    ).toEqual([]);
    const both: Declaration = { ...task, fields: [{ ...task.fields[1], unique: true }] };
    expect(checkSemantics({ ...both, checks: [] }).map((p) => p.path)).toEqual(['/fields/0/uniqueInParent']);
  });
});

const RANK: Record<string, number> = {
  zjRequired: 0,
  type: 1,
  enum: 1,
  minLength: 2,
  maxLength: 2,
  minimum: 2,
  maximum: 2,
  zjMinSelect: 2,
  zjMaxSelect: 2,
};
/** The keywords of the best-ranked failures. */
function first(errors: { keyword: string }[] | null | undefined): string[] {
  const ranked = (errors ?? []).map((e) => [RANK[e.keyword] ?? 3, e.keyword] as const);
  const best = Math.min(...ranked.map(([r]) => r));
  return [...new Set(ranked.filter(([r]) => r === best).map(([, k]) => k))].sort();
}

describe('property interpreter (the browser, where the CSP forbids ajv code)', () => {
  const ajv = createRecordAjv(); // node: real ajv code
  const fields = [
    { name: 'a', title: '名称', type: 'string', required: true, minLength: 2, maxLength: 4 },
    { name: 'b', title: '数量', type: 'int', min: 1, max: 9 },
    { name: 'c', title: '金额', type: 'money' },
    { name: 'd', title: '日期', type: 'date' },
    { name: 'e', title: '手机', type: 'string', pattern: 'm' },
    { name: 'f', title: '开关', type: 'boolean' },
    { name: 'g', title: '多选', type: 'string', widget: 'multiSelect', dict: 'x', minItems: 2, maxItems: 3 },
  ] as const;
  const values: unknown[] = [
    null,
    '',
    'x',
    'abc',
    'abcdef',
    0,
    5,
    12,
    '7',
    '3.5',
    3.5,
    '2026-02-30',
    '2026-12-01',
    '13800138000',
    'Y',
    'a,b',
    'a,b,c,d',
    true,
  ];
  it('answers what ajv answers for every rule', () => {
    for (const decl of fields) {
      const field = buildEntityModel({ ...task, fields: [decl] }).field(decl.name)!;
      const schema = propertySchema(field);
      const viaAjv = ajv.compile({ ...schema });
      const viaInterpreter = interpretPropertySchema(schema);
      for (const value of values) {
        const expected = viaAjv(value);
        expect([decl.name, value, viaInterpreter(value)]).toEqual([decl.name, value, expected]);
        // The grid shows the first failure in the validator's order (presence, type, size, format):
        // both must agree on that one; later ones may differ (ajv stops a type failure's format check).
        if (!expected) expect(first(viaInterpreter.errors)).toEqual(first(viaAjv.errors));
      }
    }
  });
});
