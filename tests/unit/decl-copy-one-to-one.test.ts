/**
 * The language of the remaining one-to-many screens (docs/modules/one-to-many.md): kind `copy` and
 * what a copy starts as, one-to-one children in a `tab` declaration and in its checks.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyRecord, copyValues } from '../../runtime/model/declaration/copy.js';
import { buildEntityModel } from '../../runtime/model/declaration/model.js';
import { formatIssue, type Declaration } from '../../runtime/model/declaration/types.js';
import { loadDeclaration, loadDeclarations } from '../../runtime/model/declaration/validate.js';

const read = (file: string) => ({ file, json: JSON.parse(fs.readFileSync(file, 'utf8')) as Declaration });
const meeting = read('schemas/meeting/meeting.json');
const agenda = read('schemas/meeting/meeting-agenda.json');
const minutes = read('schemas/meeting/meeting-minutes.json');
const followUps = read('schemas/meeting/meeting-follow-up.json');
// 会议室 is the meeting's reference target (its roomId): it must be loaded beside the meeting.
const room = read('schemas/meeting/meeting-room.json');
const template = read('schemas/evaluation/eval-template.json');
const indicator = read('schemas/evaluation/eval-indicator.json');

function issuesOf(json: Declaration, others: { file: string; json: Declaration }[] = []): string[] {
  return loadDeclarations([{ file: 'schemas/x/changed.json', json }, ...others, room]).issues.map(
    formatIssue,
  );
}

describe('kind copy', () => {
  it('is a kind of the meta-schema; a copy list must keep add, through which copies are saved', () => {
    expect(issuesOf(template.json, [indicator])).toEqual([]);
    const noAdd = structuredClone(template.json);
    noAdd.list = { ...noAdd.list, disable: ['add'] };
    expect(issuesOf(noAdd, [indicator])).toContain(
      'schemas/x/changed.json: /kind: kind "copy" saves copies through add; it must not be disabled',
    );
    const unknown = { ...structuredClone(template.json), kind: 'duplicate' } as unknown as Declaration;
    expect(loadDeclaration({ file: 'x.json', json: unknown }).issues.map((i) => i.path)).toContain('/kind');
  });

  it('starts a copy without numbers, with states at their defaults and unique values cleared and named', () => {
    const model = buildEntityModel(meeting.json);
    const copied = copyValues(model, {
      id: 'abc',
      rowVersion: 3,
      meetingNo: 'HY20261126-001',
      title: '周例会',
      status: '2',
      roomId: 'r1',
      createBy: 'admin',
    });
    expect(copied).toEqual({ values: { title: '周例会', roomId: 'r1', status: '0' }, cleared: [] });
    const templates = buildEntityModel(template.json);
    const record = {
      id: 't1',
      name: '月度模板',
      appliesTo: '1',
      totalScore: 100,
      status: '0',
      evalIndicator: [
        { id: 'i1', templateId: 't1', indicator: '业绩', weight: 100, maxScore: 100, rowVersion: 0 },
      ],
    };
    const children = [
      {
        entity: 'evalIndicator',
        relation: 'oneToMany' as const,
        foreignKey: 'templateId',
        model: buildEntityModel(indicator.json),
      },
    ];
    expect(copyRecord(templates, record, children)).toEqual({
      values: { appliesTo: '1', totalScore: 100, status: '0' },
      cleared: ['模板名称'],
      children: { evalIndicator: [{ indicator: '业绩', weight: 100, maxScore: 100 }] },
    });
  });

  it('copies a one-to-one child as one object, or nothing when the record has none', () => {
    const children = [
      {
        entity: 'meetingMinutes',
        relation: 'oneToOne' as const,
        foreignKey: 'meetingId',
        model: buildEntityModel(minutes.json),
      },
    ];
    const model = buildEntityModel(meeting.json);
    const withMinutes = copyRecord(
      model,
      { title: 'a', meetingMinutes: { id: 'm', meetingId: 'x', summary: '摘要' } },
      children,
    );
    expect(withMinutes.children).toEqual({ meetingMinutes: { summary: '摘要' } });
    expect(copyRecord(model, { title: 'a', meetingMinutes: null }, children).children).toEqual({
      meetingMinutes: undefined,
    });
  });
});

describe('one-to-one children in a tab declaration', () => {
  it('loads the meeting with its agenda grid and its minutes section', () => {
    expect(issuesOf(meeting.json, [agenda, minutes, followUps])).toEqual([]);
    expect(meeting.json.kind).toBe('tab');
    expect(meeting.json.children?.map((c) => [c.entity, c.relation])).toEqual([
      ['meetingAgenda', 'oneToMany'],
      ['meetingMinutes', 'oneToOne'],
      ['meetingFollowUp', 'oneToMany'],
    ]);
  });

  it('lets checks name a one-to-one child (its row as an object) but not an undeclared one', () => {
    const named = structuredClone(meeting.json);
    named.checks = [{ rule: { '!!': [{ var: 'meetingMinutes.summary' }] }, message: '请填写纪要' }];
    expect(issuesOf(named, [agenda, minutes, followUps])).toEqual([]);
    const unknown = structuredClone(meeting.json);
    unknown.checks = [{ rule: { '!!': [{ var: 'meetingNotes.summary' }] }, message: '请填写纪要' }];
    expect(issuesOf(unknown, [agenda, minutes, followUps]).join('\n')).toMatch(/\/checks\/0\/rule/);
  });

  it('needs children for kind tab', () => {
    const bare = { ...structuredClone(meeting.json), children: undefined, checks: undefined };
    expect(issuesOf(bare as Declaration)).toContain(
      'schemas/x/changed.json: /kind: kind "tab" needs children',
    );
  });
});
