/**
 * The flows' demo (server/workflow/demo.ts): at the first start after the seed marked it, leave
 * requests run through the real engine into every status, spread over months, and two more models
 * appear; a second start adds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { LogSmsProvider } from '../../server/auth/sms.js';
import { WORKFLOW_DEMO_MARK } from '../../server/workflow/demo-mark.js';
import { createWorkflowTest, type WorkflowTest } from './workflow-helpers.js';

let t: WorkflowTest;
beforeAll(async () => {
  t = await createWorkflowTest();
});
afterAll(() => t.close());

const start = async () => {
  const app = await buildApp({
    config: t.config,
    database: t.database,
    sms: new LogSmsProvider(() => {}),
    logger: false,
  });
  await app.ready();
  await app.close();
};

describe('workflow demo', () => {
  it('runs leave requests into every status over months, once', async () => {
    const db = t.database.db;
    await t.app.close();
    await sql`insert into sys_seed_pending (name) values (${WORKFLOW_DEMO_MARK})`.execute(db);
    await start();
    const statuses = await sql<{
      status: string;
      n: number;
    }>`select status, count(*)::int as n from wf_instance
      where process_key = 'leave' group by status order by status`.execute(db);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.status, r.n]))).toEqual({
      approved: 9,
      rejected: 1,
      running: 4,
      terminated: 1,
      withdrawn: 1,
    });
    const span = await sql<{
      days: number;
    }>`select extract(day from max(create_time) - min(create_time))::int as days
      from wf_instance`.execute(db);
    expect(span.rows[0]!.days).toBeGreaterThan(100);
    const leaves = await sql<{
      status: string;
    }>`select status from biz_leave where reason = '婚假，婚礼在老家举办'`.execute(db);
    expect(leaves.rows).toEqual([{ status: '2' }]);
    const models = await sql<{
      key: string;
    }>`select model_key as key from wf_model order by model_key`.execute(db);
    // projectStage: the project stages' shipped process (server/project/stage-model.ts).
    expect(models.rows.map((r) => r.key)).toEqual(['leave', 'projectStage', 'seal', 'trip']);
    const open = await sql<{
      n: number;
    }>`select count(*)::int as n from wf_task t join wf_instance i on i.id = t.instance_id
      where t.status = 'todo' and i.process_key <> 'projectStage'`.execute(db);
    expect(open.rows[0]!.n).toBe(4);
    // The assignees' own moves (slice 3) are in the history, and one request waits for its starter.
    const moves = await sql<{ action: string }>`select distinct action from wf_history
      where action in ('transfer', 'addsign', 'return', 'resubmit') order by action`.execute(db);
    expect(moves.rows.map((r) => r.action)).toEqual(['addsign', 'resubmit', 'return', 'transfer']);
    const returned = await sql<{ status: string; currentNode: string }>`select status,
        current_node as "currentNode" from biz_leave where reason = '办理签证'`.execute(db);
    expect(returned.rows).toEqual([{ status: '3', currentNode: '已退回发起人' }]);
    await start();
    const again = await sql<{ n: number }>`select count(*)::int as n from wf_instance`.execute(db);
    expect(again.rows[0]!.n).toBe(16);
  });
});
