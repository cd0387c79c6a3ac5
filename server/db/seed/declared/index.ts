/**
 * Demo data of the declared screens. The seed of a new database marks it pending
 * (sys_seed_pending); the first server start, once the declared tables exist, inserts it in one
 * transaction and clears the mark, so it is added exactly once even with several servers starting.
 */
import { sql } from 'kysely';
import type { Db } from '../../database.js';
import type { EntityModel } from '../../../../runtime/model/declaration/model.js';
import { insertDemoRows, type DeclaredSeed } from './insert.js';
import { withComputed } from './computed.js';
import { PROJECT_DEMO } from './project-demo.js';
import { workOrderDemo } from '../../../workorder/demo.js';
import { meetingDemo } from '../../../meeting/demo.js';
import { evaluationDemo } from '../../../evaluation/demo.js';
import { workDemo } from '../work-demo.js';
import { SYSTEM_DEMO } from './system-demo.js';
import { documentsDemo } from '../documents-demo.js';
import { projectDemo } from '../../../project/demo.js';
import { ONLINE_DEMO_MARK } from '../../../online/demo-mark.js';
import { WORKFLOW_DEMO_MARK } from '../../../workflow/demo-mark.js';

export const DECLARED_DEMO_MARK = 'declared-demo';

/** Every area's demo rows, in insertion order. */
export const DECLARED_DEMO: readonly DeclaredSeed[] = [
  ...SYSTEM_DEMO,
  ...PROJECT_DEMO,
  ...workOrderDemo(),
  ...meetingDemo(),
  ...evaluationDemo(),
  ...workDemo(),
  ...documentsDemo(),
  // After SYSTEM_DEMO: demo projects name its customers (server/project/demo.ts).
  ...projectDemo(),
];

/** Called by the seed of a new database. */
export async function markDeclaredDemoPending(db: Db): Promise<void> {
  await sql`insert into sys_seed_pending (name) values (${DECLARED_DEMO_MARK}) on conflict do nothing`.execute(
    db,
  );
  // The online form designer's demo (server/online/demo.ts), seeded once its registry is up.
  await sql`insert into sys_seed_pending (name) values (${ONLINE_DEMO_MARK}) on conflict do nothing`.execute(
    db,
  );
  // The flows' demo (server/workflow/demo.ts): leave requests run through the engine at the first start.
  await sql`insert into sys_seed_pending (name) values (${WORKFLOW_DEMO_MARK}) on conflict do nothing`.execute(
    db,
  );
  // Mail, personnel files and position duties (server/mail/demo.ts), once their tables exist.
  // Office supplies (server/office/demo.ts): requests run through the engine at the first start.
  await sql`insert into sys_seed_pending (name) values ('office-supplies-demo') on conflict do nothing`.execute(
    db,
  );
  await sql`insert into sys_seed_pending (name) values ('mail-demo'), ('personnel-demo')
    on conflict do nothing`.execute(db);
}

/** Inserts the pending demo rows into the declared tables; answers whether it did. */
export async function seedDeclaredDemo(db: Db, models: ReadonlyMap<string, EntityModel>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const taken =
      await sql`delete from sys_seed_pending where name = ${DECLARED_DEMO_MARK} returning name`.execute(trx);
    if (taken.rows.length === 0) return false;
    for (const seed of withComputed(DECLARED_DEMO, models)) {
      const model = models.get(seed.entity);
      // A declaration taken out since the seed was written has nothing to receive its rows.
      if (model && !model.external) await insertDemoRows(trx, model, seed.rows);
    }
    return true;
  });
}
