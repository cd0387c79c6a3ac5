/** The rules a plan's tasks obey together (server/project/plan-rules.ts). */
import { describe, expect, it } from 'vitest';
import { dateProblem, planTaskProblem, referenceProblem, tasksByName } from '../../server/project/plan-rules';

const plan = { startDate: '2026-12-01', endDate: '2026-12-31' };

describe('planTaskProblem', () => {
  it('accepts a tree with predecessors inside the dates', () => {
    const tasks = [
      { taskName: 'A', startDate: '2026-12-01', endDate: '2026-12-10' },
      { taskName: 'A1', parentTask: 'A', startDate: '2026-12-02', endDate: '2026-12-05' },
      { taskName: 'B', predecessor: 'A', startDate: '2026-12-11', endDate: '2026-12-31' },
    ];
    expect(planTaskProblem(tasks, plan)).toBeNull();
  });

  it('names a parent cycle, a predecessor cycle, a missing task and dates outside', () => {
    expect(
      planTaskProblem([
        { taskName: 'A', parentTask: 'B' },
        { taskName: 'B', parentTask: 'A' },
      ]),
    ).toBe('上级任务不能循环：A → B → A');
    expect(
      planTaskProblem([
        { taskName: 'A', predecessor: 'C' },
        { taskName: 'B', predecessor: 'A' },
        { taskName: 'C', predecessor: 'B' },
      ]),
    ).toBe('前置任务不能循环：A → C → B → A');
    expect(planTaskProblem([{ taskName: 'A', predecessor: 'A' }])).toBe('任务“A”不能是自己的前置任务');
    expect(planTaskProblem([{ taskName: 'A', parentTask: 'X' }])).toBe('任务“A”的上级任务“X”不在本计划中');
    expect(planTaskProblem([{ taskName: 'A', startDate: '2026-11-30', endDate: '2026-12-02' }], plan)).toBe(
      '任务“A”的日期须在计划的日期内（2026-12-01 ~ 2026-12-31）',
    );
  });
});

describe('one task against the others (the import names each failing row)', () => {
  it('keeps the first of a repeated name, so a stored task is not replaced by an imported twin', () => {
    const stored = { taskName: '调研', startDate: '2026-12-01', endDate: '2026-12-31' };
    const twin = { taskName: '调研', startDate: '2026-12-01', endDate: '2026-12-02' };
    const child = { taskName: '访谈', parentTask: '调研', startDate: '2026-12-20', endDate: '2026-12-21' };
    const byName = tasksByName([stored, twin, child]);
    expect(byName.get('调研')).toBe(stored);
    expect(dateProblem(child, byName, plan)).toBeNull();
  });

  it('answers the reference and date rules of a single task', () => {
    const byName = tasksByName([{ taskName: 'A', startDate: '2026-12-01', endDate: '2026-12-10' }]);
    expect(referenceProblem({ taskName: 'B', predecessor: 'C' }, byName)).toBe(
      '任务“B”的前置任务“C”不在本计划中',
    );
    expect(referenceProblem({ taskName: 'B', parentTask: 'B' }, byName)).toBe('任务“B”不能是自己的上级任务');
    expect(dateProblem({ taskName: 'B', startDate: '2026-11-30' }, byName, plan)).toBe(
      '任务“B”的日期须在计划的日期内（2026-12-01 ~ 2026-12-31）',
    );
    expect(
      dateProblem(
        { taskName: 'B', parentTask: 'A', startDate: '2026-12-05', endDate: '2026-12-11' },
        byName,
        plan,
      ),
    ).toBe('子任务“B”的日期须在上级任务“A”的日期内（2026-12-01 ~ 2026-12-10）');
  });
});
