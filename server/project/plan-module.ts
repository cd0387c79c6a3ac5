/**
 * Plans of projects (docs/modules/projects.md, 计划与任务): the rights and task rules on the plans'
 * generated routes (before they are registered), then the task import, the recycle bin, 项目工单
 * and the demo plans.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { LoadedDeclaration } from '../../runtime/model/declaration/validate.js';
import type { ProjectContext } from './context.js';
import { completePlanDemo } from './plan-demo.js';
import { installPlanGuards } from './plan-guard.js';
import { planImportDeps, registerPlanImport, type PlanImporter } from './plan-import.js';
import { registerPlanRecycle } from './plan-recycle.js';
import { registerProjectWorkOrders } from './plan-work-orders.js';

/** Per server: the task import, made by registerPlans once the declarations are loaded. */
const importers = new WeakMap<FastifyInstance, PlanImporter>();

export function installPlanRules(app: FastifyInstance, db: Db, apiBase: string): void {
  installPlanGuards(app, db, apiBase, () => {
    const importer = importers.get(app);
    if (!importer) throw new Error('the plan import is not registered yet');
    return importer;
  });
}

export async function registerPlans(
  app: FastifyInstance,
  ctx: ProjectContext,
  declarations: readonly LoadedDeclaration[],
  dataDir = '',
): Promise<void> {
  const models = new Map(declarations.map((d) => [d.model.name, d.model] as const));
  const model = (name: string) => {
    const found = models.get(name);
    if (!found) throw new Error(`the ${name} declaration is missing`);
    return found;
  };
  const importer = planImportDeps(ctx.db, ctx.timeZone, ctx.now, model('planTask'), dataDir);
  importers.set(app, importer);
  registerPlanImport(app, importer);
  registerPlanRecycle(app, ctx, model('planRecycle'));
  registerProjectWorkOrders(app, ctx, model('projectWorkOrder'));
  await completePlanDemo(ctx.db, models);
}
