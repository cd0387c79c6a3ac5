/**
 * Computed fields shown live in forms (`fields[].compute`, schemas/README.md): the form runs the
 * server's code over its values and the grids' current rows, so the weekly report's total hours and
 * an evaluation's weighted totals and grade change as the user types; empty cells count as no value;
 * a rule outside the json-logic allow-list is refused when the declaration is loaded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { computedValues } from '../../runtime/model/declaration/record-checks.js';
import type { Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration } from '../../runtime/model/declaration/validate.js';
import { liveComputed, startRows } from '../../runtime/render/form/form-compute.js';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Declaration;
const report = buildEntityModel(read('schemas/work/weekly-report.json'));
const evaluation = buildEntityModel(read('schemas/evaluation/evaluation.json'));

describe('live computed fields', () => {
  it('totals a weekly report from the grid as it is now, the saved rows before the grid opened', () => {
    const record = { id: 'r1', weeklyReportItem: [{ hours: 8 }, { hours: 12.5 }] };
    const start = startRows(report, record);
    expect(liveComputed(report, record, start, {})).toEqual({ totalHours: 20.5 });
    // The user edits a cell (text, as a grid holds it) and adds a row not filled in yet.
    const live = { weeklyReportItem: [{ hours: '6' }, { hours: 12.5 }, { hours: '' }] };
    expect(liveComputed(report, record, start, live)).toEqual({ totalHours: 18.5 });
    expect(liveComputed(report, {}, startRows(report, null), {})).toEqual({ totalHours: 0 });
    expect(computedValues(report, { weeklyReportItem: [{ hours: 0.1 }, { hours: 0.2 }] })).toEqual({
      totalHours: 0.3,
    });
  });

  it('weighs an evaluation’s scores and grades it only once every indicator is scored', () => {
    const rows = [
      { weight: 60, maxScore: 100, selfScore: 90, managerScore: 80 },
      { weight: 40, maxScore: 50, selfScore: 45, managerScore: '' },
    ];
    const partly = liveComputed(evaluation, { status: '2' }, {}, { evalScore: rows });
    expect(partly).toEqual({ selfTotal: 90, total: null, grade: '' });
    rows[1]!.managerScore = '40';
    const scored = liveComputed(evaluation, { status: '2' }, {}, { evalScore: rows });
    expect(scored).toEqual({ selfTotal: 90, total: 80, grade: 'B' });
    rows[0]!.managerScore = 100;
    expect(liveComputed(evaluation, {}, {}, { evalScore: rows }).grade).toBe('A');
  });

  it('computes nothing for a declaration without computed fields', () => {
    const room = buildEntityModel(read('schemas/meeting/meeting-room.json'));
    expect(liveComputed(room, { name: 'x' }, {}, {})).toEqual({});
  });

  it('refuses a compute rule outside the allow-list or on a writable field', () => {
    const base = read('schemas/work/weekly-report.json');
    const withRule = (compute: unknown, readOnly = true) => ({
      ...base,
      fields: base.fields.map((f) => (f.name === 'totalHours' ? { ...f, compute, readOnly } : f)),
    });
    const problems = (json: unknown) =>
      loadDeclaration({ file: 'x.json', json }).issues.map((i) => `${i.path}: ${i.message}`);
    expect(problems(withRule({ method: [{ var: 'summary' }, 'toUpperCase'] }))).toContainEqual(
      expect.stringMatching(/^\/fields\/\d+\/compute.*"method" is not allowed/),
    );
    expect(problems(withRule({ '+': [1, 2] }, false))).toContainEqual(
      expect.stringMatching(/compute: a computed field must be "readOnly": true/),
    );
    expect(problems(withRule({ '+': [{ var: 'nope' }, 1] }))).toContainEqual(
      expect.stringMatching(/"nope" is not a declared field/),
    );
  });
});
