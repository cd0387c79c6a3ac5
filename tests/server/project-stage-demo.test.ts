/**
 * A new demo database's first start runs the demo projects through their stages (server/project/
 * stage-demo.ts): every started project has its flow, the running ones stand in different stages,
 * the closed ones finished 结项, the six node templates exist, and a second start adds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { TEST_ADMIN_PASSWORD } from './template-db.js';

let database: DatabaseHandle;
const config = {
  ...loadConfig({}),
  apiBase: '/api',
  captcha: { kind: 'off' as const },
  webDir: '/nonexistent',
};

async function start() {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  await app.close();
}

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(database.db);
  await seedIfEmpty(database.db, TEST_ADMIN_PASSWORD);
  await start();
}, 240_000);
afterAll(() => database.close());

describe('demo project stages', () => {
  it('give every started demo project its flow, spread over the stages', async () => {
    const { rows } = await sql<{
      status: string;
      stage: string | null;
      key: string | null;
      flow: boolean;
    }>`select
        status, stage, task_def_key as key, proc_ins_id is not null as flow from biz_project`.execute(
      database.db,
    );
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const r of rows) expect(r.flow).toBe(r.status !== '0');
    const closed = rows.filter((r) => r.status === '3');
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((r) => r.stage === '已结项' && r.key === null)).toBe(true);
    const running = new Set(rows.filter((r) => r.status === '1').map((r) => r.key));
    expect(running.size).toBeGreaterThanOrEqual(4);
    const templates = await sql<{ n: number }>`select count(*)::int as n from biz_node_template`.execute(
      database.db,
    );
    expect(templates.rows[0]!.n).toBe(6);
    // The demo's finished flows leave no 审批已通过 messages in the managers' bells.
    const notices = await sql<{ n: number }>`select count(*)::int as n from sys_announcement a
      join wf_instance i on i.id = a.bus_id where i.process_key = 'projectStage'`.execute(database.db);
    expect(notices.rows[0]!.n).toBe(0);
  });

  it('adds nothing at a later start', async () => {
    const count = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from wf_instance
            where process_key = 'projectStage'`.execute(database.db)
        ).rows[0]!.n,
      );
    const before = await count();
    await start();
    expect(await count()).toBe(before);
  }, 120_000);
});
