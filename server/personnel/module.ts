/**
 * Personnel files and position duties (docs/modules/personnel.md). Before the entity routes:
 * whoever lacks 查看全部档案 (personnel:all) reaches only their own file on every generated route of
 * 人员档案 (a staff member reads it; editing needs personnel:edit, which HR holds), and the
 * 合同到期提醒 tab limits the list to contracts ending within 60 days or already ended. After: the
 * duty history trigger (the duty table exists then) and the demo rows.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { AppDeps } from '../deps.js';
import { hasPermission } from '../auth/permission-codes.js';
import { addRequestScope } from '../entity/route-kit.js';
import { installDutyHistory } from './duty-history.js';
import { seedPersonnelDemo } from './demo.js';

const BASE = '/hr/personnel';
export const PERSONNEL_ALL = 'personnel:all';
/** Days ahead a contract counts as ending soon (合同到期提醒). */
export const EXPIRY_DAYS = 60;

export function installPersonnelRules(app: FastifyInstance, deps: AppDeps): void {
  const db = deps.database.db;
  const apiBase = deps.config.apiBase;
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) : route.url;
    if (url.slice(0, url.lastIndexOf('/')) !== BASE) return;
    const hook = async (request: FastifyRequest) => {
      const auth = request.auth;
      if (!auth) return; // the access hook already answered
      if (!(await hasPermission(db, auth.userId, PERSONNEL_ALL)))
        addRequestScope(request, sql<SqlBool>`main.username = ${auth.username}`, 'personnelFile');
      const type = (request.query as Record<string, unknown> | undefined)?.type;
      if (type === 'expiring')
        addRequestScope(
          request,
          sql<SqlBool>`(main.contract_end is not null
            and main.contract_end <= (now() at time zone ${deps.config.timeZone})::date + ${EXPIRY_DAYS}::int)`,
          'personnelFile',
        );
    };
    const pre = route.preHandler;
    route.preHandler = pre === undefined ? [hook] : [...(Array.isArray(pre) ? pre : [pre]), hook];
  });
}

export async function registerPersonnel(deps: AppDeps): Promise<void> {
  await installDutyHistory(deps.database.db);
  await seedPersonnelDemo(deps.database.db);
}
