/**
 * Vehicles (docs/modules/vehicles.md): the screens are declarations (schemas/vehicle); here is what
 * they cannot say: the booking's approval hooks (no double booking), the shipped vehicleUse model,
 * 出车 / 还车, the fuel summary, the role grants and the demo at the first start of a new database.
 * The expiry reminder is a job handler (reminders.ts), registered with the scheduler's handlers.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { Approvals } from '../workflow/approval.js';
import { deploy } from '../workflow/service.js';
import { bookingHooks } from './bookings.js';
import { seedVehicleDemo } from './demo.js';
import { registerFuelStatRoutes } from './fuel-stat.js';
import { grantVehicleScreens } from './grants.js';
import { VEHICLE_USE_BPMN } from './model.js';
import { registerTripRoutes } from './trips.js';

/** Call after registerEntityRoutes (menu rows exist) and registerOffice (the office role exists). */
export async function registerVehicles(
  app: FastifyInstance,
  deps: AppDeps,
  approvals: Approvals,
): Promise<void> {
  const db = deps.database.db;
  approvals.on('vehicleBooking', bookingHooks(deps.config.timeZone));
  const admin = { username: 'admin', realname: '管理员', orgCode: null, tenantId: 0 };
  await deploy(db, VEHICLE_USE_BPMN, admin, true);
  await grantVehicleScreens(db);
  registerTripRoutes(app, db);
  registerFuelStatRoutes(app, db);
  app.addHook('onReady', async () => {
    await seedVehicleDemo(db, approvals, deps.config.timeZone).catch((error: unknown) =>
      app.log.warn({ err: error }, 'vehicle demo skipped'),
    );
  });
}
