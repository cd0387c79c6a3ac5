/**
 * 催办 calls (docs/modules/workflow.md, "Slice 5b"): the starter's (我发起的), the admin's (流程实例)
 * and the 催办记录 list (type 1: urges I made, received or on my instances; 2: every urge of the
 * tenant, `flowUrge:all`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasPermission } from '../auth/permission-codes.js';
import { access, guarded } from '../entity/route-kit.js';
import { ApiError, ok, okMessage } from '../result.js';
import type { WorkflowDeps } from './module.js';
import { dictText, like, page, paging, realname, type PageQuery } from './queries.js';
import { actorOf, bodyOf, idOf } from './routes.js';
import { readUrgeContent, urgeInstance } from './urge.js';

export const URGE_ALL = 'flowUrge:all';

export function registerUrgeRoutes(app: FastifyInstance, deps: WorkflowDeps): void {
  const { db, bus } = deps;
  const urge = async (request: FastifyRequest, asAdmin: boolean) => {
    const actor = { ...actorOf(request), userId: request.auth!.userId };
    const content = readUrgeContent(bodyOf(request).content);
    const result = await urgeInstance(db, { instanceId: idOf(request), content, asAdmin }, actor);
    for (const [userId, msgId] of result.created) {
      try {
        await bus.publish({
          to: 'users',
          userIds: [userId],
          message: { cmd: 'user', msgId, msgTxt: result.title },
        });
      } catch (error) {
        request.log.error({ err: error }, 'flow urge publish failed');
      }
    }
    return okMessage(`已催办${result.names.join('、')}`);
  };

  app.put('/workflow/instance/urge', access('flowInstance:urge'), (request) =>
    guarded(() => urge(request, false)),
  );
  app.put('/workflow/monitor/urge', access('flowMonitor:urge'), (request) =>
    guarded(() => urge(request, true)),
  );

  app.get('/workflow/urge/list', access(null), (request) =>
    guarded(async () => {
      const query = request.query as PageQuery;
      const actor = actorOf(request);
      const all = query.type === '2';
      if (all && !(await hasPermission(db, request.auth!.userId, URGE_ALL)))
        throw new ApiError('没有权限，请联系管理员授权');
      const mine = all
        ? sql`true`
        : sql`(u.urger = ${actor.username} or u.targets like ${`%,${actor.username},%`}
            or i.starter = ${actor.username})`;
      const p = paging(query);
      return ok(
        await page(
          sql<{ total: number }>`select u.id, u.instance_id as "instanceId", i.title, u.urger,
              ${realname(sql`u.urger`)} as "urger_dictText", u.target_names as "targetNames", u.content,
              u.create_time as "urgeTime", i.status as "instanceStatus",
              ${dictText('wf_instance_status', sql`i.status`)} as "instanceStatus_dictText",
              count(*) over () as total
            from wf_urge u join wf_instance i on i.id = u.instance_id
            where u.tenant_id = ${actor.tenantId} and ${mine} ${like(query.title, sql`i.title`)}
            order by u.create_time desc, u.id limit ${p.pageSize} offset ${p.offset}`,
          db,
          p,
        ),
      );
    }),
  );
}
