import type { Db } from '../database.js';
import { hashPassword } from '../../auth/password.js';
import { DEMO_PASSWORD, seedOrganisation } from './organisation.js';
import { seedMenus } from './menus.js';
import { seedDicts } from './dicts.js';
import { seedCheckRules } from './entity-check-rules.js';
import { seedEntityButtons } from './entity-buttons.js';
import { seedEntityDicts } from './entity-dicts.js';
import { seedVersions } from './versions.js';
import { seedAdminConfig } from './admin-config.js';
import { seedNotices } from './notices.js';
import { markDeclaredDemoPending } from './declared/index.js';
import { seedReports } from './reports.js';
import { seedLogs } from './logs.js';
import { seedDemoDataRules } from '../../sys/menu/seed-demo.js';
import { seedDemoDepartRoles } from '../../sys/depart/seed-demo.js';

/** Seeds the demo data on a database that has no users yet; returns whether it did. */
export async function seedIfEmpty(db: Db, adminPassword: string): Promise<boolean> {
  const existing = await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const [admin, demo] = await Promise.all([hashPassword(adminPassword), hashPassword(DEMO_PASSWORD)]);
  await db.transaction().execute(async (trx) => {
    await seedOrganisation(trx, { admin, demo });
    await seedMenus(trx);
    await seedDicts(trx);
    await seedCheckRules(trx);
    await seedEntityButtons(trx);
    await seedDemoDataRules(trx);
    await seedDemoDepartRoles(trx);
    await seedEntityDicts(trx);
    await seedVersions(trx);
    await seedAdminConfig(trx);
    await seedNotices(trx);
    await seedReports(trx);
    await seedLogs(trx);
    // The declared screens' rows follow once the server has made their tables.
    await markDeclaredDemoPending(trx);
  });
  return true;
}
