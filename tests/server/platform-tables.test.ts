/**
 * Issue 31: the platform's own tables are known from a list in code (server/db/platform-tables.ts).
 * This holds the list to the migrations themselves: run on an empty database, they make exactly
 * these tables. And the shipped file declarations that own such a table are exactly the ones the
 * rule lets adopt it (SHIPPED_ADOPTIONS).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { parseAdoptableTables, PLATFORM_TABLES } from '../../server/db/platform-tables.js';
import { loadDeclarationFiles } from '../../server/entity/load.js';
import { SHIPPED_ADOPTIONS } from '../../server/entity/table-rule.js';
import { withAdminClient, withDatabase } from './template-db.js';

/** An empty database of its own: a PGlite in memory, or a scratch PostgreSQL database. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ pgliteDir: 'memory://' });
  const name = `zj_platform_${process.pid}`;
  await withAdminClient(url, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

describe('the platform tables', () => {
  it('are exactly the tables the migrations make', async () => {
    const database = await emptyDatabase();
    try {
      await migrateToLatest(database.db);
      const rows = await sql<{ tableName: string }>`select table_name from information_schema.tables
        where table_schema = current_schema() order by table_name`.execute(database.db);
      expect(rows.rows.map((r) => r.tableName)).toEqual([...PLATFORM_TABLES].sort());
    } finally {
      await database.close();
    }
  }, 120_000);

  it('are adopted by the shipped file declarations of SHIPPED_ADOPTIONS and no others', () => {
    const files = loadDeclarationFiles().filter((item) => !item.model.external);
    const onPlatform = files
      .filter((item) => PLATFORM_TABLES.has(item.model.table))
      .map((item) => [item.model.name, item.model.table, item.declaration.adoptTable === true]);
    expect(onPlatform.sort()).toEqual(
      [...SHIPPED_ADOPTIONS].map(([name, table]) => [name, table, true]).sort(),
    );
  });

  it('can never be listed in ADOPTABLE_TABLES', () => {
    expect(parseAdoptableTables(' legacy_visitors, old_assets ,,legacy_visitors')).toEqual([
      'legacy_visitors',
      'old_assets',
    ]);
    expect(parseAdoptableTables(undefined)).toEqual([]);
    expect(() => parseAdoptableTables('legacy_visitors,wf_task')).toThrow(
      'ADOPTABLE_TABLES: "wf_task" is one of the platform\'s own tables',
    );
    expect(() => parseAdoptableTables('Legacy Visitors')).toThrow('is not a table name');
  });
});
