/**
 * 我的流程统计 (docs/modules/workflow.md, "Slice 5b"): per process, what I started by status and
 * what I handled with the average handling time, a 合计 row first; the last 30 days per day; only
 * my own rows; a bad grouping refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflowTest, taskOf, type WorkflowTest } from './workflow-helpers.js';
import type { Page } from './entity-helpers.js';
import { DEMO_PASSWORD } from './helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

interface StatsRow {
  groupName: string;
  started: number;
  running: number;
  approved: number;
  rejected: number;
  closed: number;
  handled: number;
  avgHours: number | null;
}

const stats = async (by: string, token: string) =>
  (await t.get<Page<StatsRow>>(`/workflow/stats/list?by=${by}`, token)).result!.records;

describe('我的流程统计', () => {
  it('counts my started requests by status and my handled tasks with their average time', async () => {
    // 陈静 files four leaves: one approved, one rejected, one withdrawn, one still running.
    const rows = [];
    for (let i = 0; i < 4; i += 1) {
      const row = await t.file();
      expect((await t.start(row.id)).success).toBe(true);
      rows.push(row);
    }
    const approved = (await taskOf(t, rows[0]!.id, t.tokens.zhangwei))!;
    // Two hours of waiting before the approval.
    await sql`update wf_task set create_time = now() - interval '2 hours' where id = ${approved.id}`.execute(
      t.database.db,
    );
    expect((await t.act('approve', approved.id, t.tokens.zhangwei, '同意')).success).toBe(true);
    const rejected = (await taskOf(t, rows[1]!.id, t.tokens.zhangwei))!;
    expect((await t.act('reject', rejected.id, t.tokens.zhangwei, '人手紧张')).success).toBe(true);
    expect(
      (await t.send('PUT', '/process/leave/withdraw', { id: rows[2]!.id }, t.tokens.chenjing)).success,
    ).toBe(true);

    const mine = await stats('process', t.tokens.chenjing);
    expect(mine[0]).toEqual({
      id: 'total',
      groupName: '（合计）',
      started: 4,
      running: 1,
      approved: 1,
      rejected: 1,
      closed: 1,
      handled: 0,
      avgHours: null,
    });
    expect(mine.find((r) => r.groupName === '请假审批')).toMatchObject({
      started: 4,
      running: 1,
      approved: 1,
    });

    const manager = await stats('process', t.tokens.zhangwei);
    expect(manager[0]).toMatchObject({ groupName: '（合计）', started: 0, handled: 2 });
    // (2 hours + a moment) / 2 tasks: about one hour each.
    expect(manager.find((r) => r.groupName === '请假审批')).toMatchObject({ handled: 2, avgHours: 1 });
  });

  it('the last 30 days: one row per day, oldest first, today counting what I did today', async () => {
    const days = await stats('day', t.tokens.chenjing);
    expect(days).toHaveLength(30);
    expect(days[0]!.groupName < days[29]!.groupName).toBe(true);
    expect(days[29]).toMatchObject({ started: 4, handled: 0 });
    expect((await stats('day', t.tokens.zhangwei))[29]).toMatchObject({ started: 0, handled: 2 });
    expect(days.slice(0, 29).every((d) => d.started === 0)).toBe(true);
    // Someone who did nothing has zeros only; nobody sees another's figures.
    const other = await t.login('zhoujie', DEMO_PASSWORD);
    const quiet = await stats('process', other);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toMatchObject({ groupName: '（合计）', started: 0, handled: 0 });
    expect((await t.get('/workflow/stats/list?by=dept', t.tokens.chenjing)).message).toBe('统计方式不正确');
  });
});
