/**
 * 项目工单 (schemas/project/project-work-order.json, "routes": "external"): work orders that name a
 * project the caller sees (manager, member, creator or `project:all`), optionally one project (the
 * project page's 工单 tab), by number, title or status. Read-only: an order is opened in its details page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityModel } from '../../runtime/model/declaration/model.js';
import { addDictText } from '../entity/dict-text.js';
import { guarded, pageOf } from '../entity/route-kit.js';
import { ok } from '../result.js';
import { viewerOf, visibleProjectIds } from './access.js';
import { text, type ProjectContext } from './context.js';

const like = (value: string) => {
  const word = value.replace(/^\*|\*$/g, '');
  return word ? `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
};

async function list(ctx: ProjectContext, model: EntityModel, request: FastifyRequest) {
  const viewer = await viewerOf(ctx.db, request);
  const size = Math.min(Math.max(Number(text(request, 'pageSize')) || 10, 1), 200);
  const current = Math.max(Number(text(request, 'pageNo')) || 1, 1);
  const project = text(request, 'projectId') || null;
  const status = text(request, 'status') || null;
  const [no, title] = [like(text(request, 'orderNo')), like(text(request, 'title'))];
  const where = sql`w.tenant_id = ${viewer.tenantId} and w.project_id in (${visibleProjectIds(viewer)})
    and (${project}::text is null or w.project_id = ${project})
    and (${status}::text is null or w.status = ${status})
    and (${no}::text is null or w.order_no ilike ${no})
    and (${title}::text is null or w.title ilike ${title})`;
  const order = text(request, 'order') === 'asc' ? sql`asc` : sql`desc`;
  // The page and its count side by side (one round trip on PostgreSQL's pool).
  const [{ rows }, count] = await Promise.all([
    sql<Record<string, unknown>>`select w.id, w.order_no as "orderNo", w.title,
        w.project_id as "projectId", w.order_type as "orderType", w.priority, w.status, w.charge, w.launcher,
        to_char(w.deadline, 'YYYY-MM-DD') as deadline
      from biz_work_order w where ${where}
      order by w.deadline ${order} nulls last, w.id
      limit ${size} offset ${(current - 1) * size}`.execute(ctx.db),
    sql<{ n: number }>`select count(*)::int as n from biz_work_order w where ${where}`.execute(ctx.db),
  ]);
  return ok(pageOf(await addDictText(ctx.db, model, rows), Number(count.rows[0]?.n ?? 0), current, size));
}

export function registerProjectWorkOrders(
  app: FastifyInstance,
  ctx: ProjectContext,
  model: EntityModel,
): void {
  // Signed-in: the rows are limited to the caller's projects, as the project page is.
  app.get('/sys/project/workOrder/list', { config: { access: 'authenticated' } }, (request) =>
    guarded(() => list(ctx, model, request)),
  );
}
