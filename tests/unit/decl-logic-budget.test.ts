/**
 * The rule budget (issue 31): json-logic rules are refused at load when their shape multiplies
 * (per-item operations more than two deep, more than 1,000 values), with the rule's JSON path, and
 * stop at run time after LOGIC_STEPS steps with 规则计算超出限制. Work is measured by counting
 * what the rule read, never by a clock. The evaluator is our own (json-logic-js has no hook to
 * count): it must answer exactly what json-logic-js answers, on every rule of schemas/ and on the
 * edge cases of each operation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import {
  checkLogic,
  computeLogic,
  evaluateLogic,
  LOGIC_STEPS,
  LogicError,
  LogicLimitError,
} from '../../runtime/model/declaration/logic.js';
import { logicBoundProblems } from '../../runtime/model/declaration/logic-bounds.js';
import { runLogic } from '../../runtime/model/declaration/logic-run.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { checkFailures, computedValues } from '../../runtime/model/declaration/record-checks.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Declaration;
const problems = (json: unknown) =>
  loadDeclaration({ file: 'x.json', json }).issues.map((i) => `${i.path}: ${i.message}`);

/** Three maps inside each other over 150 items: 3.4 million evaluations (11-15 s per add before). */
const nestedMaps = (depth: number, outer = 'items'): object => {
  let rule: object = { '+': [{ var: 'n' }, 1] };
  for (let i = 0; i < depth; i++) rule = { map: [{ var: i === depth - 1 ? outer : 'inner' }, rule] };
  return { reduce: [rule, { '+': [{ var: 'accumulator' }, 1] }, 0] };
};

/**
 * Items whose field `n` counts its reads (how much work a rule did, whatever the machine); each
 * item's `inner` is the whole list, so a per-item rule inside another walks n x n items.
 */
function countingItems(n: number) {
  const counter = { reads: 0 };
  const items: { n: number; inner: unknown[] }[] = [];
  for (let i = 0; i < n; i++)
    items.push({
      get n() {
        counter.reads += 1;
        return 1;
      },
      inner: items,
    });
  return { counter, items };
}

describe('the rule budget at load', () => {
  const base = read('schemas/work/weekly-report.json');
  const index = base.fields.findIndex((f) => f.name === 'totalHours');
  const withCompute = (compute: unknown) => ({
    ...base,
    fields: base.fields.map((f, i) => (i === index ? { ...f, compute } : f)),
  });

  it('refuses per-item operations nested three deep, naming the innermost one', () => {
    expect(problems(withCompute(nestedMaps(3, 'weeklyReportItem')))).toContainEqual(
      `/fields/${index}/compute/reduce/0/map/1/map/1: json-logic rule exceeds 2 levels of per-item operations ("map" is level 3)`,
    );
    // Two levels are allowed (a row's list inside the child rows), and a map over a map's result
    // (in its array position, not its per-item rule) adds no level.
    expect(problems(withCompute(nestedMaps(2, 'weeklyReportItem')))).toEqual([]);
    const sequential = { map: [{ map: [{ map: [{ var: 'a' }, 1] }, 2] }, 3] };
    expect(checkLogic(sequential, null)).toEqual([]);
  });

  it('refuses a rule of more than 1,000 values, and says so where every rule is declared', () => {
    const huge = { in: [{ var: 'summary' }, Array.from({ length: 1000 }, (_, i) => `v${i}`)] };
    expect(problems(withCompute(huge))).toContainEqual(
      `/fields/${index}/compute: json-logic rule exceeds 1000 JSON values`,
    );
    const deep = nestedMaps(3);
    const checks = { ...base, checks: [{ rule: deep, message: 'x' }] };
    expect(problems(checks)).toContainEqual(
      expect.stringMatching(/^\/checks\/0\/rule\/reduce\/0\/map\/1\/map\/1: /),
    );
    const formRules = { ...base, form: { ...base.form, rules: [{ field: 'summary', visible: deep }] } };
    expect(problems(formRules)).toContainEqual(
      expect.stringMatching(/^\/form\/rules\/0\/visible\/reduce\/0\/map/),
    );
    const rowRules = { ...base, list: { ...base.list, rowRules: { edit: deep } } };
    expect(problems(rowRules)).toContainEqual(
      expect.stringMatching(/^\/list\/rowRules\/edit\/reduce\/0\/map/),
    );
  });

  it('refuses such a rule before it runs, at once', () => {
    const { counter, items } = countingItems(150);
    expect(() => computeLogic(nestedMaps(3) as never, { items })).toThrow(LogicError);
    expect(counter.reads).toBe(0);
  });
});

describe('the rule budget at run time', () => {
  it('stops a rule that passes the static bounds once it has taken LOGIC_STEPS steps', () => {
    const { counter, items } = countingItems(1000);
    let error: unknown;
    try {
      computeLogic(nestedMaps(2) as never, { items });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LogicLimitError);
    expect((error as Error).message).toBe('规则计算超出限制');
    // A million item evaluations without the budget; each read costs at least two steps.
    expect(counter.reads).toBeGreaterThan(0);
    expect(counter.reads).toBeLessThan(LOGIC_STEPS / 2);
  });

  it('charges the texts a rule builds, so doubling a text cannot outgrow the budget', () => {
    const doubling = {
      reduce: [{ var: 'xs' }, { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'],
    };
    expect(() => runLogic(doubling, { xs: Array.from({ length: 40 }, () => 0) })).toThrow(LogicLimitError);
    expect(String(runLogic(doubling, { xs: [0, 0, 0] }))).toBe('ab'.repeat(8));
  });

  it('charges the texts inside an array an operation coerces, not only its items', () => {
    // `==` against a text joins the array: 900 reads of two 64 KB texts are 115 MB of joining.
    const texts = ['x'.repeat(65_536), 'x'.repeat(65_536)];
    const reads = {
      reduce: [
        Array.from({ length: 900 }, () => 0),
        { if: [{ '==': [{ var: 'accumulator' }, 'y'] }, { var: 'accumulator' }, { var: 'accumulator' }] },
        { var: 'texts' },
      ],
    };
    expect(() => runLogic(reads, { texts })).toThrow(LogicLimitError);
    expect(runLogic(reads, { texts: ['x', 'y'] })).toEqual(['x', 'y']);
  });

  it('charges a text search by the length sought too (V8 searches some texts in n x m)', () => {
    const needle = `${'a'.repeat(1000)}b${'a'.repeat(1000)}`;
    expect(() => runLogic({ in: [needle, { var: 'text' }] }, { text: 'a'.repeat(65_536) })).toThrow(
      LogicLimitError,
    );
    // A word sought in a long text is cheap, as before.
    const text = `${'来访登记'.repeat(5000)}紧急`;
    expect(runLogic({ in: ['紧急', { var: 'text' }] }, { text })).toBe(true);
  });

  it('lets what the product declares run: a weekly report of 5,000 items', () => {
    const report = buildEntityModel(read('schemas/work/weekly-report.json'));
    const weeklyReportItem = Array.from({ length: 5000 }, () => ({ hours: 2 }));
    expect(computedValues(report, { weeklyReportItem })).toEqual({ totalHours: 10000 });
  });

  it('fails a cross-field check past the budget with the budget’s words, not the check’s', () => {
    const base = read('schemas/work/weekly-report.json');
    // No row holds an inner value over 5: every row's every inner value is looked at.
    const rule = {
      none: [{ var: 'weeklyReportItem' }, { some: [{ var: 'inner' }, { '>': [{ var: 'n' }, 5] }] }],
    };
    const model = buildEntityModel({ ...base, checks: [{ rule, message: '工时不足' }] } as Declaration);
    const { items } = countingItems(1000);
    expect(checkFailures(model, { weeklyReportItem: items })).toEqual([
      { field: '', message: '规则计算超出限制' },
    ]);
    expect(checkFailures(model, { weeklyReportItem: [{ inner: [{ n: 1 }] }] })).toEqual([]);
    expect(checkFailures(model, { weeklyReportItem: [{ inner: [{ n: 6 }] }] })).toEqual([
      { field: '', message: '工时不足' },
    ]);
  });

  it('answers has from the permissions given, also for rules it evaluates node by node', () => {
    expect(evaluateLogic({ and: [{ has: 'a:b' }, { '!': { has: 'c:d' } }] }, {}, ['a:b'])).toBe(true);
  });
});

/** The old way has was answered: a plain `in` over the permission list in the data. */
function rewriteHas(rule: unknown): unknown {
  if (Array.isArray(rule)) return rule.map(rewriteHas);
  if (typeof rule !== 'object' || rule === null) return rule;
  const [op] = Object.keys(rule);
  const args = (rule as Record<string, unknown>)[op];
  return op === 'has' ? { in: [args, { var: '$perms' }] } : { [op]: rewriteHas(args) };
}

const VALUES: unknown[] = [null, 0, 1, 2.5, '3', 'abc', '', true, false, [], ['a', 'b'], 'H', '1', 7];

/** Data for a rule: every name it reads gets a value; an array a per-item operation walks gets items. */
function dataFor(rule: unknown, seed: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let n = seed;
  const next = () => VALUES[n++ % VALUES.length];
  const set = (target: Record<string, unknown>, name: string, value: unknown) => {
    const keys = name.split('.');
    let at = target;
    for (const key of keys.slice(0, -1)) {
      if (typeof at[key] !== 'object' || at[key] === null || Array.isArray(at[key])) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
    at[keys.at(-1)!] = value;
  };
  const walk = (node: unknown, target: Record<string, unknown>): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, target));
    if (typeof node !== 'object' || node === null) return;
    for (const [op, args] of Object.entries(node)) {
      const list = Array.isArray(args) ? args : [args];
      if (op === 'var' && typeof list[0] === 'string' && list[0] !== '') set(target, list[0], next());
      else if (['map', 'filter', 'reduce', 'all', 'some', 'none'].includes(op)) {
        const source = list[0] as { var?: unknown } | undefined;
        const item: Record<string, unknown> = {};
        for (const inner of list.slice(1)) walk(inner, item);
        const shaped = op === 'reduce' ? ((item.current ?? next()) as unknown) : item;
        if (typeof source?.var === 'string')
          set(target, source.var, [shaped, structuredClone(shaped), next()].slice(0, 1 + (n % 3)));
        else walk(list[0], target);
      } else walk(args, target);
    }
  };
  walk(rule, data);
  return data;
}

function rulesIn(dir: string): unknown[] {
  const out: unknown[] = [];
  const keys = new Set([
    'compute',
    'rule',
    'visible',
    'disabled',
    'required',
    'allow',
    'edit',
    'delete',
    'rows',
  ]);
  const find = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(find);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      // Row access rules are a subset with their own evaluator (row-rule.ts), not json-logic-js's.
      if (key === 'rowAccess') continue;
      if (keys.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value))
        out.push(value);
      else find(value);
    }
  };
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const p = join(d, name);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.json') && !p.includes('meta') ? [p] : [];
    });
  for (const file of files(dir)) find(JSON.parse(readFileSync(file, 'utf8')));
  return out;
}

const EDGES: unknown[] = [
  { '+': [] },
  { '+': ['1', 2, 'x'] },
  { '*': [2, '3'] },
  { '*': ['4'] },
  { '-': [5] },
  { '-': ['7', 2] },
  { '/': [1, 0] },
  { '%': [7, 3] },
  { '<': [1, 2, 3] },
  { '<=': [3, 2, 3] },
  { '>': ['10', 9] },
  { '==': [1, '1'] },
  { '===': [1, '1'] },
  { '!=': [null, 0] },
  { '!==': [[], []] },
  { in: ['a', 'abc'] },
  { in: ['a', null] },
  { in: [2, [1, 2]] },
  { cat: ['a', null, 1, [2, 3]] },
  { missing: ['a', 'b.c', 'z'] },
  { missing: [['a', 'q']] },
  { if: [] },
  { if: [true] },
  { if: [false, 1, [], 2, 3] },
  { and: [] },
  { and: [1, 'x', 0, 2] },
  { or: [0, '', 'x'] },
  { or: [0, []] },
  { '!': [[]] },
  { '!!': [[0]] },
  { var: ['b.c', 5] },
  { var: ['b.q', 5] },
  { var: '' },
  { var: 'xs.1' },
  { max: [] },
  { min: [3, '1', 2] },
  { map: [{ var: 'xs' }, { '*': [{ var: '' }, 2] }] },
  { map: ['text', 1] },
  { filter: [{ var: 'xs' }, { '>': [{ var: '' }, 1] }] },
  { reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 0] },
  { reduce: ['no', 1, { var: 'a' }] },
  { reduce: [{ var: 'xs' }, { var: 'current' }] },
  { all: [[], true] },
  { all: [{ var: 'xs' }, { '>': [{ var: '' }, 0] }] },
  { none: [[], true] },
  { none: [{ var: 'xs' }, { '>': [{ var: '' }, 2] }] },
  { some: [[1], { var: '' }] },
  { some: [{ var: 'xs' }, { '==': [{ var: '' }, 9] }] },
  { has: 'a:b' },
  { has: 'c:d' },
];

describe('the evaluator answers as json-logic-js does', () => {
  const perms = ['a:b'];
  const compare = (rule: unknown, data: Record<string, unknown>) => {
    let theirs: unknown = jsonLogic.apply(rewriteHas(rule) as jsonLogic.RulesLogic, {
      ...data,
      $perms: perms,
    });
    // json-logic-js reads the permissions from the data, so `{var: ''}` hands them back with it; ours
    // keeps them apart from the record.
    if (theirs && typeof theirs === 'object' && '$perms' in theirs) {
      const { $perms: _given, ...record } = theirs as Record<string, unknown>;
      theirs = record;
    }
    expect([rule, runLogic(rule, data, perms)]).toEqual([rule, theirs]);
  };

  it('on the edge cases of every operation', () => {
    const data = { a: 'A', b: { c: 0 }, xs: [1, 2, 3], q: '' };
    for (const rule of EDGES) compare(rule, data);
  });

  it('on every rule of schemas/, over varied data (every one within the bounds)', () => {
    const rules = rulesIn('schemas');
    expect(rules.length).toBeGreaterThan(100);
    expect(rules.flatMap((rule) => logicBoundProblems(rule))).toEqual([]);
    for (const rule of rules) for (let seed = 0; seed < 14; seed++) compare(rule, dataFor(rule, seed));
  });
});
