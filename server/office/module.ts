/**
 * Office supplies and equipment (docs/modules/office.md): the guard on confirmed stock documents (installed before
 * the entity routes), the stock-in and return transition hooks (OFFICE_HOOKS), and, once the
 * declared tables exist, the shipped approval model, the office role and the request's approval
 * hooks; the demo runs at the first start of a new database.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { newId } from '../db/seed/ids.js';
import type { Approvals } from '../workflow/approval.js';
import { deploy } from '../workflow/service.js';
import { seedOfficeDemo } from './demo.js';
import { BORROW_HOOKS } from './equipment-borrow.js';
import { seedEquipmentDemo } from './equipment-demo.js';
import { EQUIPMENT_BORROW_BPMN } from './equipment-model.js';
import { registerEquipmentRoutes } from './equipment-routes.js';
import { installOfficeGuards } from './hooks.js';
import { OFFICE_ROLE, OFFICE_SUPPLY_BPMN } from './model.js';
import { REQUEST_HOOKS } from './requests.js';

export { OFFICE_HOOKS } from './hooks.js';

/** Call inside the API plugin before registerEntityRoutes. */
export function installOfficeRules(app: FastifyInstance, deps: AppDeps): void {
  installOfficeGuards(app, deps.database.db, deps.config.apiBase);
}

/** The people who approve and issue: the 行政组 (A01A01A01) when the role is first made. */
const OFFICE_MEMBERS = ['xuming', 'luoqian'];

/**
 * The role 行政办公室 with the office screens and buttons, made once (an admin's later changes to
 * its members and grants stay). Two servers starting at once on one database both try: the unique
 * role code lets one insert and the other find nothing to do (`on conflict`).
 */
async function ensureOfficeRole(db: Db): Promise<void> {
  const id = newId();
  const made = await sql`insert into sys_role (id, role_name, role_code, description, tenant_id, create_by)
    select ${id}, '行政办公室', ${OFFICE_ROLE}, '办公用品与设备的台账、出入库、维修报废与申领的行政审批', 0, 'admin'
    where not exists (select 1 from sys_role where role_code = ${OFFICE_ROLE})
    on conflict do nothing`.execute(db);
  if (Number(made.numAffectedRows ?? 0) === 0) return;
  await sql`insert into sys_user_role (user_id, role_id)
    select u.id, ${id} from sys_user u where u.username in (${sql.join(OFFICE_MEMBERS)})
    on conflict do nothing`.execute(db);
  await sql`insert into sys_role_permission (role_id, permission_id)
    select ${id}, p.id from sys_permission p
    where p.del_flag = 0 and (p.url in ('/office', '/office/supplies') or p.url like '/office/supply%'
      or p.perms like 'officeItem:%' or p.perms like 'officeStockIn:%' or p.perms like 'officeReturn:%'
      or p.perms like 'officeLedger:%' or p.perms like 'officeRequest:%'
      or p.url like '/office/equipment%' or p.perms like 'equipment%:%')
    on conflict do nothing`.execute(db);
}

export async function registerOffice(
  app: FastifyInstance,
  deps: AppDeps,
  approvals: Approvals,
): Promise<void> {
  const db = deps.database.db;
  approvals.on('officeRequest', REQUEST_HOOKS);
  approvals.on('equipmentBorrow', BORROW_HOOKS);
  registerEquipmentRoutes(app, db);
  const admin = { username: 'admin', realname: '管理员', orgCode: null, tenantId: 0 };
  // Deployed as a version (流程部署 lists it); not added to 流程模型's drafts (docs/modules/office.md).
  await deploy(db, OFFICE_SUPPLY_BPMN, admin, true);
  await deploy(db, EQUIPMENT_BORROW_BPMN, admin, true);
  await ensureOfficeRole(db);
  app.addHook('onReady', async () => {
    await seedOfficeDemo(db, approvals).catch((error: unknown) =>
      app.log.warn({ err: error }, 'office supplies demo skipped'),
    );
    await seedEquipmentDemo(db, approvals).catch((error: unknown) =>
      app.log.warn({ err: error }, 'equipment demo skipped'),
    );
  });
}
