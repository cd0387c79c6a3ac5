/**
 * 删除 / 批量删除 of projects (docs/modules/projects.md): the project moves to 已删除项目 and its
 * running stage flow is suspended (stage-suspend.ts) in the same transaction. The engine's generic
 * delete writes outside a transaction and has no hook, so guard.ts serves the two generated routes
 * with this handler instead (the route, its permission and guard.ts's rights check stay as declared;
 * project.json has no children, tree or restrictDelete for the engine's handler to honour).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { single } from '../../runtime/model/query/compile.js';
import type { Db } from '../db/database.js';
import { EntityMessages, guarded, idList, idParam, queryOf } from '../entity/route-kit.js';
import { ApiError, okMessage } from '../result.js';
import { seesProject, viewerOf } from './access.js';
import { suspendStages } from './stage-suspend.js';

async function removeProjects(db: Db, request: FastifyRequest, ids: readonly string[]): Promise<void> {
  const viewer = await viewerOf(db, request);
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`update biz_project p set del_flag = 1,
        update_by = ${viewer.username}, update_time = now()
      where p.id in (${sql.join(ids)}) and p.del_flag = 0 and p.tenant_id = ${viewer.tenantId}
        and ${seesProject('p', viewer)}
      returning p.id`.execute(trx);
    if (rows.length === 0) throw new ApiError(EntityMessages.notFound);
    await suspendStages(
      trx,
      rows.map((r) => r.id),
    );
  });
}

/** The handlers of `DELETE /sys/project/delete?id` and `deleteBatch?ids`. */
export function projectDeleteHandler(db: Db, action: 'delete' | 'deleteBatch') {
  return (request: FastifyRequest) =>
    guarded(async () => {
      if (action === 'delete') {
        await removeProjects(db, request, [idParam(request)]);
        return okMessage(EntityMessages.deleted);
      }
      await removeProjects(db, request, idList(single(queryOf(request), 'ids')));
      return okMessage(EntityMessages.batchDeleted);
    });
}
