/**
 * The language extensions of the evaluations (docs/modules/evaluations.md): a one-to-many child
 * with `fixedRows` (rows the server made: its read-only fields shown as columns that are never
 * edited, no 新增 / 删除), a toolbar action with `"ids": "none"` (needs no selection, sends no id)
 * and `list.chart.reverse` (a newest-first list's chart drawn oldest first).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gridColumns, readOnlyColumns } from '../../runtime/model/grid/columns.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { actionCall } from '../../runtime/render/actions/action-call.js';
import { listChartOption } from '../../runtime/model/declaration/list-chart.js';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Declaration;
const score = buildEntityModel(read('schemas/evaluation/eval-score.json'));
const evaluation = read('schemas/evaluation/evaluation.json');

describe('fixedRows', () => {
  it("shows a fixed child's read-only fields as columns that are never edited", () => {
    const plain = gridColumns(score, ['evaluationId']).map((c) => c.key);
    expect(plain).toEqual(['selfScore', 'selfComment', 'managerScore', 'managerComment']);
    const fixed = gridColumns(score, ['evaluationId'], true);
    expect(fixed.map((c) => c.key)).toEqual([
      'indicator',
      'weight',
      'maxScore',
      'description',
      'selfScore',
      'selfComment',
      'managerScore',
      'managerComment',
    ]);
    // orderNum is read-only and not listed: not a column either.
    expect(readOnlyColumns(fixed)).toEqual(['indicator', 'weight', 'maxScore', 'description']);
  });

  it('is valid on a one-to-many child only', () => {
    const d = structuredClone(evaluation);
    d.children![0]!.relation = 'oneToOne';
    const issues = loadDeclaration({ file: 'schemas/evaluation/evaluation.json', json: d }).issues.map(
      formatIssue,
    );
    expect(issues.some((i) => i.includes('/children/0/fixedRows'))).toBe(true);
  });
});

describe('"ids": "none"', () => {
  it('sends neither an id nor the selection', () => {
    const model = buildEntityModel(evaluation);
    const action = model.actions.find((a) => a.name === 'temporary')!;
    const call = actionCall(model, action, { kind: 'selection', ids: [] }, { username: 'majun' });
    expect(call).toEqual({
      method: 'POST',
      url: '/evaluation/evaluation/temporary',
      payload: { username: 'majun' },
    });
  });

  it('is a toolbar button only', () => {
    const d = structuredClone(evaluation);
    d.list!.rowActions = [...(d.list!.rowActions ?? []), 'temporary'];
    const issues = loadDeclaration({ file: 'schemas/evaluation/evaluation.json', json: d }).issues.map(
      formatIssue,
    );
    expect(issues).toContain(
      'schemas/evaluation/evaluation.json: /list/rowActions/2: action "temporary" sends no id ("ids": "none"): toolbar only',
    );
  });
});

describe('list.chart.reverse', () => {
  it('draws a newest-first page oldest first, leaving out rows without a total', () => {
    const model = buildEntityModel(evaluation);
    const rows = [
      { periodKey: '2026-11', total: null, selfTotal: 88 },
      { periodKey: '2026-10', total: 86.5, selfTotal: 90.5 },
      { periodKey: '2026-09', total: 90.3, selfTotal: 92.9 },
    ];
    const option = listChartOption(model, evaluation.list!.chart!, rows) as {
      xAxis: { data: string[] };
      series: { data: unknown[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-09', '2026-10']);
    expect(option.series[0]!.data).toEqual([90.3, 86.5]);
  });
});
