import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { withDeclaredTables, withoutDeclaredDemo } from '../server/template-db.js';

const TEMPLATE_ROOT = path.resolve('.tmp/browser-db');

/**
 * A fingerprint of the code that shapes a freshly migrated and seeded database: migrations and seed
 * (server/db) and what the seed imports (password hashing, the version tables), and the declared
 * tables and menus (server/entity, schemas), which the template holds so that starts skip them.
 */
function databaseStamp(adminPassword: string): string {
  const hash = createHash('sha256').update(adminPassword);
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  for (const dir of ['server/db', 'server/auth', 'server/sys', 'server/entity', 'schemas'])
    walk(path.resolve(dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded embedded database, prepared once per source state and copied for each test
 * file: creating one takes seconds (initdb, migrations, password hashes), copying it a few ms.
 */
export async function templateDatabase(adminPassword: string): Promise<string> {
  const stamp = databaseStamp(adminPassword);
  const dir = path.join(TEMPLATE_ROOT, stamp);
  if (fs.existsSync(path.join(dir, 'ready'))) return path.join(dir, 'pgdata');
  // Templates of older source states go; another test run may be reading one, so failures are fine.
  for (const old of fs.existsSync(TEMPLATE_ROOT) ? fs.readdirSync(TEMPLATE_ROOT) : []) {
    if (!old.startsWith(stamp)) fs.rmSync(path.join(TEMPLATE_ROOT, old), { recursive: true, force: true });
  }
  const building = `${dir}.building-${process.pid}-${Date.now()}`;
  fs.mkdirSync(building, { recursive: true });
  const handle = await openDatabase({ pgliteDir: path.join(building, 'pgdata') });
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, adminPassword);
  await withDeclaredTables(handle.db);
  await withoutDeclaredDemo(handle.db);
  await handle.close();
  fs.writeFileSync(path.join(building, 'ready'), new Date().toISOString());
  try {
    fs.renameSync(building, dir);
  } catch {
    // A concurrent run finished the same template first: use theirs.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return path.join(dir, 'pgdata');
}
