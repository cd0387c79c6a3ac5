/**
 * 油耗统计 (docs/modules/vehicles.md, "Fuel"): GET /office/vehicleFuelStat/list, one row per vehicle
 * with fuel records in the dates asked. Consumption is the full-to-full method: the litres of every
 * fill after the first, over the distance between the first and the last fill, × 100.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { access, checkId, guarded, pageOf } from '../entity/route-kit.js';
import { ApiError, ok } from '../result.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !DATE.test(value)) throw new ApiError('日期格式不正确');
  return value;
}

export interface FuelSummaryRow {
  vehicleId: string;
  plateNo: string;
  brand: string;
  fuelCount: number;
  totalLitres: number;
  totalAmount: number;
  firstMileage: number;
  lastMileage: number;
  distance: number;
  consumption: number | null;
  costPerKm: number | null;
}

export function registerFuelStatRoutes(app: FastifyInstance, db: Db): void {
  app.get('/office/vehicleFuelStat/list', access('vehicleFuel:stat'), (request) =>
    guarded(async () => {
      const q = request.query as Record<string, unknown>;
      const vehicleId = q.vehicleId === undefined || q.vehicleId === '' ? null : checkId(q.vehicleId);
      const from = dateParam(q.fuelDate_begin);
      const to = dateParam(q.fuelDate_end);
      const { rows } = await sql<FuelSummaryRow>`with f as (
          select f.*, row_number() over (partition by f.vehicle_id order by f.mileage, f.fuel_date) as n
          from oa_vehicle_fuel f
          where f.tenant_id = ${request.auth!.tenantId}
            and (${vehicleId}::text is null or f.vehicle_id = ${vehicleId})
            and (${from}::date is null or f.fuel_date >= ${from}::date)
            and (${to}::date is null or f.fuel_date <= ${to}::date))
        select f.vehicle_id as "vehicleId", v.plate_no as "plateNo",
          concat_ws(' ', v.brand, v.model) as brand, count(*)::int as "fuelCount",
          round(sum(f.litres)::numeric, 2)::float8 as "totalLitres",
          round(sum(f.amount)::numeric, 2)::float8 as "totalAmount",
          min(f.mileage)::int as "firstMileage", max(f.mileage)::int as "lastMileage",
          (max(f.mileage) - min(f.mileage))::int as distance,
          case when max(f.mileage) > min(f.mileage) then round((sum(f.litres) filter (where f.n > 1)
            * 100 / (max(f.mileage) - min(f.mileage)))::numeric, 2)::float8 end as consumption,
          case when max(f.mileage) > min(f.mileage) then round((sum(f.amount) filter (where f.n > 1)
            / (max(f.mileage) - min(f.mileage)))::numeric, 2)::float8 end as "costPerKm"
        from f join oa_vehicle v on v.id = f.vehicle_id
        group by f.vehicle_id, v.plate_no, v.brand, v.model
        order by v.plate_no`.execute(db);
      const size = Math.min(Math.max(Number(q.pageSize) || 10, 1), 200);
      const page = Math.max(Number(q.pageNo) || 1, 1);
      // A few dozen vehicles at most: paged after the one grouped statement.
      // The dictionary text under the contract's name (the camelCase plugin would rename the alias).
      const records = rows
        .slice((page - 1) * size, page * size)
        .map(({ plateNo, ...row }) => ({ ...row, vehicleId_dictText: plateNo }));
      return ok(pageOf(records, rows.length, page, size));
    }),
  );
}
