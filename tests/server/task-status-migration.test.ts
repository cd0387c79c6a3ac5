/** Migration 0042: the task status dictionary says 已暂停 for a deleted project's stage task, once. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database.js';
import { taskStatusSuspended } from '../../server/db/migrations/0042_task_status_suspended.js';
import { openTestDatabase } from './template-db.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const suspendedTexts = async (database: DatabaseHandle) =>
  (
    await sql<{ t: string }>`select i.item_text as t from sys_dict_item i join sys_dict d on d.id = i.dict_id
      where d.dict_code = 'wf_task_status' and i.item_value = 'suspended'`.execute(database.db)
  ).rows.map((r) => r.t);

describe('0042_task_status_suspended', () => {
  it('adds 已暂停 to the task statuses of an older database, once', async () => {
    expect(await suspendedTexts(database)).toEqual(['已暂停']);
    await sql`delete from sys_dict_item where item_value = 'suspended'
      and dict_id in (select id from sys_dict where dict_code = 'wf_task_status')`.execute(database.db);
    await taskStatusSuspended.up(database.db);
    await taskStatusSuspended.up(database.db);
    expect(await suspendedTexts(database)).toEqual(['已暂停']);
  });
});
